import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { screenPaths } from "#domain/screen-paths.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  newPage,
  type PageOptions,
  screenshot,
  type TestPage,
  useBrowser,
  waitForPath,
  withPage,
  withPages,
} from "./support/browser.ts";
import { seedDeal, signUpViaApi } from "./support/content.ts";
import { tabTo } from "./support/keyboard.ts";

/**
 * Following a restaurant in a real browser: the Follow button by keyboard, saved across a reload
 * with the page's follower count; a visitor asked to sign in; another person's deal there
 * reaching the follower as "{restaurant} has a new deal", which opens the deal; the restaurant
 * header and the notification checked with axe (and photographed locally) in every look.
 */

const browser = useBrowser();

let sequence = 0;
function unique(label: string): string {
  sequence += 1;
  return `${label} ${Date.now().toString(36)}${sequence}`;
}

function followButton(page: Page) {
  return page.getByRole("button", { name: /^Follow(ing)?$/ });
}

/** The dealer's first deal makes the place; the page of it as the follower opens it. */
async function seedPlace(dealer: Page, name: string) {
  const first = await seedDeal(dealer, { title: unique("Opening week"), restaurant: name });
  return first.restaurant.id;
}

/** The notifications list's row about the place's new deal. */
function dealRow(page: Page, place: string) {
  return page
    .getByRole("list", { name: "Notifications" })
    .getByRole("listitem")
    .filter({ hasText: `${place} has a new deal` });
}

describe("following a restaurant", () => {
  test("is saved by keyboard, and another person's deal there reaches the follower", async () => {
    await withPages(
      browser,
      [{ viewport: DESKTOP }, { viewport: DESKTOP }],
      async (dealer, fan) => {
        await signUpViaApi(dealer, "placeDealer");
        const place = unique("Corner Tap");
        const restaurantId = await seedPlace(dealer, place);
        await signUpViaApi(fan, "placeFan");

        await fan.goto(`/restaurant/${restaurantId}`);
        await fan.getByText("0 followers", { exact: true }).waitFor();
        await tabTo(fan, followButton(fan));
        expect(await followButton(fan).textContent()).toBe("Follow");
        await fan.keyboard.press("Enter");
        await fan.getByRole("button", { name: "Following", pressed: true }).waitFor();
        await fan.getByText("1 follower", { exact: true }).waitFor();

        await fan.reload();
        await fan.getByRole("button", { name: "Following", pressed: true }).waitFor();
        await fan.getByText("1 follower", { exact: true }).waitFor();

        const title = unique("Half-price oysters");
        const deal = await seedDeal(dealer, { title, restaurant: place });
        expect(deal.restaurant.id).toBe(restaurantId);

        await fan.goto(screenPaths.notifications);
        const row = dealRow(fan, place);
        await row.waitFor();
        await tabTo(fan, row.getByRole("link"));
        await fan.keyboard.press("Enter");
        await waitForPath(fan, screenPaths.view("deal", deal.id));
        await fan.getByRole("heading", { name: title }).waitFor();
      },
    );
  });

  test("asks a visitor to sign in", async () => {
    let dealer: TestPage | undefined;
    try {
      dealer = await newPage(browser, { viewport: DESKTOP });
      await signUpViaApi(dealer.page, "visitedDealer");
      const restaurantId = await seedPlace(dealer.page, unique("Visited Tap"));
      await withPage(browser, {}, async (page) => {
        await page.goto(`/restaurant/${restaurantId}`);
        await tabTo(page, followButton(page));
        await page.keyboard.press("Enter");
        await page.getByText("Please sign in to follow restaurants", { exact: true }).waitFor();
        expect(await followButton(page).getAttribute("aria-pressed")).toBe("false");
      });
      expect(dealer.errors).toEqual([]);
    } finally {
      await dealer?.close();
    }
  });

  describe.each(LOOKS)("at $label", ({ viewport, colorScheme }) => {
    const options: PageOptions = { viewport, colorScheme };

    test("the followed restaurant's header and its new deal's notification", async () => {
      let dealer: TestPage | undefined;
      try {
        dealer = await newPage(browser, options);
        await signUpViaApi(dealer.page, "looksDealer");
        const place = unique("Cantina");
        const restaurantId = await seedPlace(dealer.page, place);
        await withPage(browser, options, async (page) => {
          await signUpViaApi(page, "looksFan");
          await page.goto(`/restaurant/${restaurantId}`);
          await followButton(page).click();
          await page.getByText("1 follower", { exact: true }).waitFor();
          await screenshot(page, "restaurant-followed", { fullPage: false });
          await expectNoAxeViolations(page);

          await seedDeal(dealer?.page ?? page, {
            title: "Two-for-one margaritas",
            restaurant: place,
          });
          await page.goto(screenPaths.notifications);
          await dealRow(page, place).waitFor();
          await screenshot(page, "deal-notification", { fullPage: false });
          await expectNoAxeViolations(page);
        });
        expect(dealer.errors).toEqual([]);
      } finally {
        await dealer?.close();
      }
    });
  });
});
