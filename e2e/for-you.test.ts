import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { forYouMessages } from "#domain/for-you-rules.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  screenshot,
  useBrowser,
  withPage,
  withPageInEachLook,
} from "./support/browser.ts";
import {
  followViaApi,
  type SeededUser,
  seedRestaurantReview,
  signInViaApi,
  signUpViaApi,
} from "./support/content.ts";

/**
 * Explore's For you in a real browser: a new account that follows Ana sees the place Ana loved,
 * with "Test Ana rated it 5" and "Rate a few more dishes to sharpen these"; "Not interested" by
 * keyboard takes a pick away for good (a reload does not bring it back). Visitors get no tab,
 * and a link to it asks them to sign in. Axe and screenshots in every look.
 */

const browser = useBrowser();
const token = `f${Date.now().toString(36)}`;
const loved = `Ana's Canteen ${token}`;
const alsoLoved = `Ana's Bakery ${token}`;
let viewer: SeededUser;
let ana: SeededUser;

beforeAll(async () => {
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    ana = await signUpViaApi(page, "ana");
    await seedRestaurantReview(page, { restaurant: { name: loved }, rating: 5 });
    await seedRestaurantReview(page, { restaurant: { name: alsoLoved }, rating: 4 });
  });
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    viewer = await signUpViaApi(page, "viewer");
    await followViaApi(page, ana);
  });
});

/** The picks of this file's people, as their rows read. */
async function myRows(page: Page): Promise<string[]> {
  const list = page.getByRole("list", { name: forYouMessages.tab });
  await list.waitFor();
  const rows = await list.getByRole("listitem").allTextContents();
  return rows.filter((row) => row.includes(token));
}

describe("For you", () => {
  test("the picks of people you follow, with their reason and the cold-start hint", async () => {
    await withPageInEachLook(browser, {}, async (page) => {
      await signInViaApi(page, viewer);
      await page.goto("/explore");
      // The first tab, for signed-in people.
      await page.getByRole("tab", { name: forYouMessages.tab }).waitFor();
      const tabs = await page.getByRole("tab").allTextContents();
      expect(tabs[0]).toBe(forYouMessages.tab);
      await page.getByRole("tab", { name: forYouMessages.tab }).click();
      await page.getByRole("link", { name: loved }).waitFor();
      const rows = await myRows(page);
      expect(rows[0]).toContain(loved);
      expect(rows[0]).toContain(`${ana.displayName} rated it 5`);
      expect(rows[1]).toContain(`${ana.displayName} rated it 4`);
      await page.getByText(forYouMessages.sharpen).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "for-you");
    });
  }, 180_000);

  test("Not interested by keyboard, for good", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signInViaApi(page, viewer);
      await page.goto("/explore?tab=for-you");
      await page.getByRole("link", { name: alsoLoved }).waitFor();
      const dismiss = page.getByRole("button", {
        name: `${forYouMessages.notInterested}: ${alsoLoved}`,
      });
      await dismiss.focus();
      await page.keyboard.press("Enter");
      await page.getByText(forYouMessages.dismissed).first().waitFor();
      expect(await page.getByRole("link", { name: alsoLoved }).count()).toBe(0);
      await page.reload();
      await page.getByRole("link", { name: loved }).waitFor();
      expect(await page.getByRole("link", { name: alsoLoved }).count()).toBe(0);
    });
  }, 60_000);

  test("visitors: no tab, and a link to it asks them to sign in", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await page.goto("/explore");
      await page.getByRole("tab", { name: "Dishes" }).waitFor();
      expect(await page.getByRole("tab", { name: forYouMessages.tab }).count()).toBe(0);
      await page.goto("/explore?tab=for-you");
      await page.getByText(forYouMessages.signInRequired).waitFor();
      await page.getByRole("tabpanel").getByRole("link", { name: forYouMessages.signIn }).waitFor();
      await expectNoAxeViolations(page);
    });
  }, 60_000);
});
