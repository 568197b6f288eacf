import { beforeAll, describe, expect, test } from "vitest";
import { nearbyMessages } from "#domain/nearby-rules.ts";
import { restaurantPageMessages } from "#domain/restaurant-rules.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  screenshot,
  useBrowser,
  waitForPath,
  withPage,
  withPageInEachLook,
} from "./support/browser.ts";
import { positionAt, seedPost, seedRestaurantReview, signUpViaApi } from "./support/content.ts";
import { MAP_STYLE_ATTRIBUTION } from "./support/map-style-server.ts";

/**
 * Explore's Nearby tab in a real browser: with the position granted, the places around it
 * (distance, rating, reviews) as a list and on the map, a place 300 km away never listed; with
 * it refused, the prompt and "Use my location" by keyboard, reached from the landing page's
 * "discover what others love nearby". A place nobody rated says so (not "Tried"); the
 * map keeps its data's credit in view. Axe and screenshots in every look.
 */

const browser = useBrowser();
const token = `n${Date.now().toString(36)}`;
/** Where the browser says it is; places are due north of it. */
const { here, north } = positionAt(53.7958, -1.5479);
const places = {
  loved: { name: `Canal Ramen ${token}`, ...north(0.8) },
  plain: { name: `Corner Cafe ${token}`, ...north(2.4) },
  unrated: { name: `New Bakery ${token}`, ...north(1.5) },
  far: { name: `Far Diner ${token}`, ...north(300) },
};

beforeAll(async () => {
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    await signUpViaApi(page, "local");
    await seedRestaurantReview(page, { restaurant: places.loved, rating: 5 });
    await seedRestaurantReview(page, { restaurant: places.plain, rating: 3 });
    await seedRestaurantReview(page, { restaurant: places.far, rating: 5 });
    // Only a post names it: a place with a pin and no rating.
    await seedPost(page, { title: `Opening soon ${token}`, restaurant: places.unrated });
  });
});

describe("Nearby", () => {
  test("location allowed: places around, nearest best-loved first, as a list and a map", async () => {
    await withPageInEachLook(browser, { geolocation: here }, async (page) => {
      await page.goto("/explore?tab=nearby");
      const list = page.getByRole("list", { name: nearbyMessages.tab });
      await list.getByRole("link", { name: places.loved.name }).waitFor();
      const rows = await list.getByRole("listitem").allTextContents();
      const mine = rows.filter((row) => row.includes(token));
      expect(mine).toHaveLength(3);
      expect(mine[0]).toContain(places.loved.name);
      expect(mine[0]).toContain("0.8 km");
      expect(mine[0]).toContain("5.0");
      expect(mine[0]).toContain("1 review");
      const unrated = mine.find((row) => row.includes(places.unrated.name));
      expect(unrated).toContain(restaurantPageMessages.noRestaurantReviews);
      expect(unrated).toContain("1.5 km");
      expect(await page.getByText(places.far.name).count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, "nearby-list");

      // The Map | List switch, by keyboard.
      await page.getByRole("radio", { name: nearbyMessages.listView }).focus();
      await page.keyboard.press("ArrowRight");
      await page.locator(".maplibregl-marker").first().waitFor();
      await page
        .getByRole("button", {
          name: `${places.unrated.name}, ${restaurantPageMessages.noRestaurantReviews}`,
        })
        .waitFor();
      expect(await page.getByText(/\bTried\b/).count()).toBe(0);
      // The map's credit stays in view after the map is dragged, at every width.
      const canvas = page.locator(".maplibregl-canvas");
      const box = await canvas.boundingBox();
      if (!box) throw new Error("the map has no box");
      await page.mouse.move(box.x + box.width / 2, box.y + 40);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 60, box.y + 80, { steps: 5 });
      await page.mouse.up();
      // Shown and on top: neither folded away nor under the list's sheet.
      const credit = page.getByRole("link", { name: MAP_STYLE_ATTRIBUTION });
      await expect
        .poll(() =>
          credit.evaluate((link) => {
            const box = link.getBoundingClientRect();
            const middle = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return box.width > 0 && link.contains(middle);
          }),
        )
        .toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, "nearby-map", { fullPage: false });
    });
  }, 180_000);

  test("location refused: the prompt, from the landing page's promise", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await page.goto("/");
      await page.getByRole("link", { name: "discover what others love nearby" }).click();
      await waitForPath(page, "/explore");
      await page.getByText(nearbyMessages.allowLocation).waitFor();
      const locate = page.getByRole("button", { name: nearbyMessages.useMyLocation });
      await locate.focus();
      await page.keyboard.press("Enter");
      await page.getByText(nearbyMessages.locationRefused).waitFor();
      expect(await page.getByText(places.loved.name).count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, "nearby-refused");
    });
  });
});
