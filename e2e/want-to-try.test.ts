import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  screenshot,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import {
  closeToasts,
  followViaApi,
  makePhoto,
  postDishReviewViaUi,
  type SeededItem,
  type SeededUser,
  saveToWantToTryViaApi,
  seedDishReview,
  seedRestaurantReview,
  signUpViaApi,
  toastWith,
  useFixtureDir,
} from "./support/content.ts";
import { tabTo } from "./support/keyboard.ts";

/**
 * Want to try in a real browser against the real server: saving a dish from its card and a
 * restaurant from its page by keyboard alone, letting followers count one's saves by keyboard, the own profile's "Want to try (n)" tab, a review
 * of the saved dish moving it to Tried with its toast, a visitor's Save asking them to sign in,
 * "Saved by 1 person you follow" on the restaurant page and explore's card of a place someone
 * they follow saved, and axe plus screenshots of the tab, the toggles and that line at 375 and
 * 1280 px in light and dark.
 * Every test also fails on any console error.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("want-to-try");

/** Unique to this run, so a search for it finds this file's content and nothing else. */
const token = `w${Date.now().toString(36)}`;
const names = {
  dish: `Khao Soi Gai ${token}`,
  dishPlace: `Lanna Kitchen ${token}`,
  place: `Corner Bakery ${token}`,
};
let photo: string;
/** Someone else's dish review (with a photo) and restaurant review, the things saved here. */
let dishReview: SeededItem;
let placeReview: SeededItem;
/** Someone who saved the dish (and so wants to try its restaurant), for people to follow. */
let friend: SeededUser;

beforeAll(async () => {
  photo = await makePhoto(fixtures.path(), {
    width: 800,
    height: 600,
    color: { r: 200, g: 120, b: 40 },
  });
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    await signUpViaApi(page, "reviewer");
    // Restaurants typed without an address: a review typing the same name lands on the same one.
    dishReview = await seedDishReview(page, {
      title: names.dish,
      restaurant: { name: names.dishPlace },
      rating: 5,
      description: "Curry noodle soup, crispy noodles on top.",
      photos: [photo],
    });
    placeReview = await seedRestaurantReview(page, {
      restaurant: { name: names.place },
      rating: 4,
      priceRange: 2,
      description: "Croissants worth the queue.",
    });
    // Signing up again changes whose session the page's cookie jar holds.
    friend = await signUpViaApi(page, "friend");
    await saveToWantToTryViaApi(page, { reviewId: dishReview.id });
    // Want to try is "Only me" until its owner lets followers count it: by keyboard here.
    await page.goto("/profile?tab=want-to-try");
    await page.getByRole("list", { name: "Want to try" }).waitFor();
    const who = page.getByRole("combobox", { name: "Who counts your saves" });
    await who.waitFor();
    expect(await who.inputValue()).toBe("Only me");
    await who.focus();
    await page.keyboard.press("ArrowDown");
    await page.getByRole("option", { name: "Followers" }).waitFor();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith("/api/want-to-try/visibility") && response.ok(),
    );
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await saved;
    expect(await who.inputValue()).toBe("Followers");
  });
});

const SAVE = "Save to Want to try";
const REMOVE = "Remove from Want to try";
const SAVED_BY_FRIEND = "Saved by 1 person you follow";

function restaurantPath(item: SeededItem): string {
  if (!item.restaurant) throw new Error("the seeded review names a restaurant");
  return `/restaurant/${item.restaurant.id}`;
}

/** The own profile's tab, whatever count it shows. */
function wantTab(page: Page, count?: number): Locator {
  return page.getByRole("tab", {
    name: count === undefined ? /^Want to try/ : `Want to try (${count})`,
    exact: count !== undefined,
  });
}

/** A half of the list (a segmented control: the label takes the click). */
function half(page: Page, name: "Want to try" | "Tried"): Locator {
  return page
    .getByRole("tabpanel")
    .locator("label")
    .filter({ hasText: new RegExp(`^${name}$`) });
}

/** The entries of the open half, by their headings. */
function entryNames(page: Page, list: "Want to try" | "Tried"): Promise<string[]> {
  return page.getByRole("list", { name: list }).getByRole("heading").allTextContents();
}

/** A dish review's card among explore's results for this file's token. */
async function openDishCard(page: Page): Promise<Locator> {
  await page.goto(`/explore?tab=dishes&q=${token}`);
  const card = page.getByRole("article", { name: names.dish, exact: true });
  await card.waitFor();
  return card;
}

/** A restaurant's card among explore's restaurants for this file's token. */
function restaurantCard(page: Page, name: string): Locator {
  return page
    .getByRole("tabpanel")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
}

describe("saving", () => {
  test("a dish from its card and a restaurant from its page by keyboard; the tab counts them; a review of the dish moves it to Tried", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "saver");

      // A dish from its card.
      const card = await openDishCard(page);
      const cardToggle = card.getByRole("button", { name: SAVE, exact: true });
      await expect.poll(() => cardToggle.isEnabled()).toBe(true);
      expect(await cardToggle.getAttribute("aria-pressed")).toBe("false");
      await cardToggle.click();
      await toastWith(page, "Saved to Want to try").waitFor();
      const savedCardToggle = card.getByRole("button", { name: REMOVE, exact: true });
      expect(await savedCardToggle.getAttribute("aria-pressed")).toBe("true");
      await closeToasts(page);

      // A restaurant from its page, by keyboard alone.
      await page.goto(restaurantPath(placeReview));
      await page.getByRole("heading", { level: 2, name: names.place }).waitFor();
      const heroToggle = page.getByRole("button", { name: SAVE, exact: true }).first();
      await expect.poll(() => heroToggle.isEnabled()).toBe(true);
      await tabTo(page, SAVE);
      await page.keyboard.press("Enter");
      await toastWith(page, "Saved to Want to try").waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-pressed")))
        .toBe("true");
      await closeToasts(page);

      // Both on the own profile, the tab counting what is still to try.
      await page.goto("/profile");
      await wantTab(page, 2).click();
      await page.getByRole("list", { name: "Want to try" }).waitFor();
      expect((await entryNames(page, "Want to try")).sort()).toEqual(
        [names.dish, names.place].sort(),
      );
      const dishEntry = page.getByRole("listitem").filter({ hasText: names.dish });
      expect(
        await dishEntry.getByRole("link", { name: names.dishPlace }).getAttribute("href"),
      ).toMatch(/^\/(b\/r|restaurant)\//);
      await half(page, "Tried").click();
      await page.getByText("Nothing tried yet.", { exact: false }).waitFor();
      await half(page, "Want to try").click();

      // Reviewing the saved dish (spelled in lower case) moves it to Tried, with a toast.
      const typed = names.dish.toLowerCase();
      await postDishReviewViaUi(page, {
        restaurant: names.dishPlace,
        dish: typed,
        rating: 5,
        photos: [photo],
      });
      await toastWith(page, `${typed} moved to Tried`).waitFor();
      await closeToasts(page);

      await page.goto("/profile?tab=want-to-try");
      await wantTab(page, 1).waitFor();
      await page.getByRole("list", { name: "Want to try" }).waitFor();
      expect(await entryNames(page, "Want to try")).toEqual([names.place]);
      await half(page, "Tried").click();
      await page.getByRole("list", { name: "Tried" }).waitFor();
      expect(await entryNames(page, "Tried")).toEqual([names.dish]);
      await page
        .getByRole("list", { name: "Tried" })
        .getByRole("link", { name: "Your review" })
        .click();
      await page.waitForURL((url) => url.pathname.startsWith("/view/dish/"));
      await page.getByRole("heading", { name: typed, exact: true }).waitFor();
    });
  });

  test("Remove takes an entry off the list and unsaves it everywhere", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await signUpViaApi(page, "remover");
      await saveToWantToTryViaApi(page, { reviewId: dishReview.id });
      await page.goto("/profile?tab=want-to-try");
      await wantTab(page, 1).waitFor();
      await page
        .getByRole("button", { name: `Remove ${names.dish} from Want to try`, exact: true })
        .click();
      await toastWith(page, "Removed from Want to try").waitFor();
      await page.getByText("Nothing saved yet.", { exact: false }).waitFor();
      await wantTab(page, 0).waitFor();

      const card = await openDishCard(page);
      const toggle = card.getByRole("button", { name: SAVE, exact: true });
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    });
  });

  test("a visitor's Save asks them to sign in and goes to /auth", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await page.goto(restaurantPath(placeReview));
      await page.getByRole("heading", { level: 2, name: names.place }).waitFor();
      await page.getByRole("button", { name: SAVE, exact: true }).first().click();
      const prompt = toastWith(page, "Please sign in to save places and dishes");
      await prompt.waitFor();
      await prompt.getByRole("button", { name: "Sign in" }).click();
      await waitForPath(page, "/auth");
    });
  });
});

describe("saved by people you follow", () => {
  test("a place someone they follow saved says so on its explore card and its page", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await signUpViaApi(page, "follower");
      await followViaApi(page, friend);

      await page.goto(`/explore?tab=restaurants&q=${token}`);
      const saved = restaurantCard(page, names.dishPlace);
      const other = restaurantCard(page, names.place);
      await saved.getByText(SAVED_BY_FRIEND, { exact: true }).waitFor();
      await other.waitFor();
      expect(await other.getByText(/^Saved by/).count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, "want-to-try-saved-by-card", { fullPage: false });

      await saved.getByRole("link", { name: names.dishPlace, exact: true }).click();
      await page.getByRole("heading", { level: 2, name: names.dishPlace }).waitFor();
      await page.getByText(SAVED_BY_FRIEND, { exact: true }).waitFor();
    });
  });
});

describe("looks", () => {
  for (const look of LOOKS) {
    test(`the tab, a card and the restaurant page at ${look.label}: axe and screenshots`, async () => {
      await withPage(
        browser,
        { viewport: look.viewport, colorScheme: look.colorScheme },
        async (page) => {
          await signUpViaApi(page, "looker");
          await followViaApi(page, friend);
          await saveToWantToTryViaApi(page, { reviewId: dishReview.id });
          if (!dishReview.restaurant || !placeReview.restaurant) throw new Error("no restaurant");
          await saveToWantToTryViaApi(page, { restaurantId: dishReview.restaurant.id });
          await saveToWantToTryViaApi(page, { restaurantId: placeReview.restaurant.id });
          // Reviewing a saved restaurant moves it to Tried.
          await seedRestaurantReview(page, { restaurant: { name: names.place }, rating: 5 });

          await page.goto("/profile?tab=want-to-try");
          await wantTab(page, 2).waitFor();
          await page.getByRole("list", { name: "Want to try" }).waitFor();
          // The tabs wrap on a phone: every one is in sight.
          const tabBox = await wantTab(page, 2).boundingBox();
          expect(tabBox && tabBox.x + tabBox.width).toBeLessThanOrEqual(look.viewport.width);
          await expectNoAxeViolations(page);
          await screenshot(page, "want-to-try-list");

          await half(page, "Tried").click();
          await page.getByRole("list", { name: "Tried" }).waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "want-to-try-tried");

          const card = await openDishCard(page);
          await card.getByRole("button", { name: REMOVE, exact: true }).waitFor();
          await card.scrollIntoViewIfNeeded();
          await expectNoAxeViolations(page);
          await screenshot(page, "want-to-try-card", { fullPage: false });

          await page.goto(restaurantPath(dishReview));
          await page.getByRole("heading", { level: 2, name: names.dishPlace }).waitFor();
          await page.getByRole("button", { name: REMOVE, exact: true }).first().waitFor();
          await page.getByText(SAVED_BY_FRIEND, { exact: true }).waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "want-to-try-restaurant", { fullPage: false });
        },
      );
    });
  }
});
