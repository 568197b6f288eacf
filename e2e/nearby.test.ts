import { beforeAll, describe, expect, test } from "vitest";
import { nearbyMessages } from "#domain/nearby.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  screenshot,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import { seedRestaurantReview, signUpViaApi } from "./support/content.ts";

/**
 * Explore's Nearby tab in a real browser: with the position granted, the places around it
 * (distance, rating, reviews) as a list and on the map, a place 300 km away never listed; with
 * it refused, the prompt and "Use my location" by keyboard, reached from the landing page's
 * "discover what others love nearby". Axe and screenshots in every look.
 */

const browser = useBrowser();
const token = `n${Date.now().toString(36)}`;
/** Where the browser says it is; places are due north of it (1° of latitude ≈ 111.2 km). */
const here = { latitude: 53.7958, longitude: -1.5479 };
const north = (km: number) => ({ lat: here.latitude + km / 111.195, lng: here.longitude });
const places = {
  loved: { name: `Canal Ramen ${token}`, ...north(0.8) },
  plain: { name: `Corner Cafe ${token}`, ...north(2.4) },
  far: { name: `Far Diner ${token}`, ...north(300) },
};

beforeAll(async () => {
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    await signUpViaApi(page, "local");
    await seedRestaurantReview(page, { restaurant: places.loved, rating: 5 });
    await seedRestaurantReview(page, { restaurant: places.plain, rating: 3 });
    await seedRestaurantReview(page, { restaurant: places.far, rating: 5 });
  });
});

describe("Nearby", () => {
  test("location allowed: places around, nearest best-loved first, as a list and a map", async () => {
    for (const look of LOOKS) {
      await withPage(
        browser,
        { viewport: look.viewport, colorScheme: look.colorScheme, geolocation: here },
        async (page) => {
          await page.goto("/explore?tab=nearby");
          const list = page.getByRole("list", { name: nearbyMessages.tab });
          await list.getByRole("link", { name: places.loved.name }).waitFor();
          const rows = await list.getByRole("listitem").allTextContents();
          const mine = rows.filter((row) => row.includes(token));
          expect(mine).toHaveLength(2);
          expect(mine[0]).toContain(places.loved.name);
          expect(mine[0]).toContain("0.8 km");
          expect(mine[0]).toContain("5.0");
          expect(mine[0]).toContain("1 review");
          expect(await page.getByText(places.far.name).count()).toBe(0);
          await expectNoAxeViolations(page);
          await screenshot(page, "nearby-list");

          // The Map | List switch, by keyboard.
          await page.getByRole("radio", { name: nearbyMessages.listView }).focus();
          await page.keyboard.press("ArrowRight");
          await page.locator(".maplibregl-marker").first().waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "nearby-map", { fullPage: false });
        },
      );
    }
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
