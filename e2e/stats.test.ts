import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { formatStatsMonth } from "#domain/stats-rules.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  screenshot,
  useBrowser,
  withPage,
} from "./support/browser.ts";
import {
  makePhoto,
  type SeededUser,
  seedDishReview,
  seedRestaurantReview,
  signInViaApi,
  signUpViaApi,
  toastWith,
  useFixtureDir,
} from "./support/content.ts";

/**
 * A profile's Stats tab in a real browser: the owner's figures from reviews seeded through the
 * API, a chart's table view and the "Show my stats on my profile" switch by keyboard, someone
 * else then finding the tab on the owner's profile; axe and screenshots at 375 and 1280 px, light
 * and dark. Every test also fails on any console error.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("stats");
const token = `s${Date.now().toString(36)}`;
const names = {
  dish: `Tonkotsu Ramen ${token}`,
  otherDish: `Miso Ramen ${token}`,
  ramenPlace: `Ichiran Corner ${token}`,
  bakery: `Dough Lab ${token}`,
};
let owner: SeededUser;

/** This month as the charts name it (months are UTC). */
const thisMonth = formatStatsMonth(new Date().toISOString().slice(0, 7));

beforeAll(async () => {
  const photos = [await makePhoto(fixtures.path(), { width: 800, height: 600 })];
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    owner = await signUpViaApi(page, "stats");
    const ramenPlace = { name: names.ramenPlace, address: "1 Noodle St" };
    await seedDishReview(page, {
      title: names.dish,
      restaurant: ramenPlace,
      rating: 5,
      cost: 20,
      photos,
    });
    await seedDishReview(page, {
      title: names.otherDish,
      restaurant: ramenPlace,
      rating: 4,
      cost: 10.5,
      photos,
    });
    await seedRestaurantReview(page, {
      restaurant: { name: names.bakery, address: "2 Crust Ave" },
      rating: 3,
      priceRange: 2,
    });
  });
});

/** The figure under a total's label ("Spent"). */
function total(page: Page, label: string) {
  return page.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
}

async function openOwnStats(page: Page) {
  await page.goto("/profile?tab=stats");
  await total(page, "Reviews").getByText("3", { exact: true }).waitFor();
}

describe("stats", () => {
  test("the owner reads their figures and a table by keyboard, then shows the tab to others", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signInViaApi(page, owner);
      await openOwnStats(page);
      // Three reviews at two places; the restaurant review's price tier is no spending.
      await total(page, "Restaurants").getByText("2", { exact: true }).waitFor();
      await total(page, "Spent").getByText("$30.50", { exact: true }).waitFor();
      await total(page, "Average rating").getByText("4/5", { exact: true }).waitFor();
      await page.getByRole("img", { name: /^Spending per month chart/ }).waitFor();

      // Spending's table view, by keyboard: focus its Chart/Table switch, arrow to Table.
      const spending = page.getByRole("region", { name: "Spending per month" });
      await spending.getByRole("radio", { name: "Chart" }).focus();
      await page.keyboard.press("ArrowRight");
      const table = spending.getByRole("table", { name: "Spending per month" });
      await table.waitFor();
      const row = table.getByRole("row", { name: new RegExp(`^${thisMonth}`) });
      await row.getByRole("cell", { name: "$30.50" }).waitFor();
      expect(await table.getByRole("row").count()).toBe(13);

      // The switch, by keyboard.
      const visibility = page.getByRole("switch", { name: "Show my stats on my profile" });
      expect(await visibility.isChecked()).toBe(false);
      await visibility.focus();
      await page.keyboard.press("Space");
      await toastWith(page, "Your stats now show on your profile.").waitFor();
      expect(await visibility.isChecked()).toBe(true);
    });

    // Someone else, in a context of their own, now finds the tab on the owner's profile.
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "visitor");
      await page.goto(`/user/${owner.username}`);
      await page.getByRole("tab", { name: "Stats" }).click();
      await total(page, "Reviews").getByText("3", { exact: true }).waitFor();
      await page.getByRole("link", { name: names.dish }).first().waitFor();
      expect(await page.getByRole("switch").count()).toBe(0);
    });
  });
});

describe("looks", () => {
  for (const look of LOOKS) {
    test(`the Stats tab at ${look.label}: axe and screenshots`, async () => {
      await withPage(
        browser,
        { viewport: look.viewport, colorScheme: look.colorScheme },
        async (page) => {
          await signInViaApi(page, owner);
          await openOwnStats(page);
          await page.getByRole("link", { name: names.otherDish }).first().waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "stats-tab");
        },
      );
    });
  }
});
