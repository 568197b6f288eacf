import { beforeAll, describe, expect, test } from "vitest";
import { DEAL_CARD_TEXT } from "#domain/deal-when.ts";
import { nearbyMessages } from "#domain/nearby-rules.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  screenshot,
  useBrowser,
  withPage,
  withPageInEachLook,
} from "./support/browser.ts";
import { positionAt, seedDeal, signUpViaApi } from "./support/content.ts";

/**
 * Nearby's Deals switch in a real browser (issue 30): switched on by keyboard, it lists the
 * active deals around the position as deal cards (badge, when it runs, the restaurant and its
 * distance), nearest first, a deal 300 km away never; the switch lives in the address, so a
 * reload keeps it; the map pins each place with its deals; where there are none, a sentence says
 * so. Axe and screenshots in every look.
 */

const browser = useBrowser();
const token = `d${Date.now().toString(36)}`;
/** Where the browser says it is; places are due north of it. */
const { here, north } = positionAt(55.9533, -3.1883);
const places = {
  near: { name: `Harbour Oysters ${token}`, ...north(0.6) },
  further: { name: `Hill Tacos ${token}`, ...north(2.1) },
  far: { name: `Far Pub ${token}`, ...north(300) },
};
const deals = {
  near: `Half-price oysters ${token}`,
  further: `Taco Tuesday all week ${token}`,
  far: `Far pints ${token}`,
};
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

beforeAll(async () => {
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    await signUpViaApi(page, "local");
    await seedDeal(page, { title: deals.further, restaurant: places.further, endsAt: inHours(5) });
    await seedDeal(page, { title: deals.near, restaurant: places.near, endsAt: inHours(3) });
    await seedDeal(page, { title: deals.far, restaurant: places.far, endsAt: inHours(3) });
  });
});

describe("Nearby's Deals switch", () => {
  test("on by keyboard: the deals around, nearest first, kept in the address, on the map", async () => {
    await withPageInEachLook(browser, { geolocation: here }, async (page) => {
      await page.goto("/explore?tab=nearby");
      await page.getByRole("list", { name: nearbyMessages.tab }).waitFor();
      const toggle = page.getByRole("switch", { name: nearbyMessages.dealsSwitch });
      await toggle.focus();
      await page.keyboard.press("Space");
      await page.waitForURL(/[?&]deals=1\b/);

      const list = page.getByRole("list", { name: nearbyMessages.dealsTitle });
      const near = list.getByRole("article", { name: deals.near });
      await near.waitFor();
      const cards = await list.getByRole("article").allTextContents();
      const mine = cards.filter((card) => card.includes(token));
      expect(mine).toHaveLength(2);
      expect(mine[0]).toContain(deals.near);
      expect(mine[0]).toContain(DEAL_CARD_TEXT.badge);
      expect(mine[0]).toContain(places.near.name);
      expect(mine[0]).toContain("0.6 km");
      expect(mine[0]).toMatch(/Ends in/);
      expect(mine[1]).toContain(places.further.name);
      expect(mine[1]).toContain("2.1 km");
      expect(await page.getByText(deals.far).count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, "nearby-deals");

      // The address keeps the switch: a reload opens on the deals.
      await page.reload();
      await list.getByRole("article", { name: deals.near }).waitFor();
      expect(await toggle.isChecked()).toBe(true);

      // The map: a pin a place, saying its deals.
      await page.getByRole("radio", { name: nearbyMessages.listView }).focus();
      await page.keyboard.press("ArrowRight");
      await page
        .getByRole("button", {
          name: `${places.near.name}, ${nearbyMessages.dealCount(1)}`,
        })
        .first()
        .waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "nearby-deals-map", { fullPage: false });
    });
  }, 180_000);

  test("no deals around: a sentence says so", async () => {
    // Mid-Atlantic: no place within 25 km.
    const ocean = { latitude: 40, longitude: -35 };
    await withPageInEachLook(
      browser,
      { geolocation: ocean },
      async (page) => {
        await page.goto("/explore?tab=nearby&deals=1");
        await page.getByText(nearbyMessages.dealsEmpty).waitFor();
        expect(
          await page.getByRole("switch", { name: nearbyMessages.dealsSwitch }).isChecked(),
        ).toBe(true);
        await expectNoAxeViolations(page);
        await screenshot(page, "nearby-deals-empty");
      },
      LOOKS.filter((look) => look.viewport.width === DESKTOP.width),
    );
  });
});
