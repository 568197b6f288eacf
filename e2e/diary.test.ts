import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  screenshot,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import {
  addPhotos,
  makePhoto,
  reviewForm,
  type SeededUser,
  seedDishReview,
  signInViaApi,
  signUpViaApi,
  toastWith,
  useFixtureDir,
} from "./support/content.ts";

/**
 * The own profile's Diary tab in a real browser: reviews posted in one order and eaten in
 * another, listed by date visited under a heading per month; a review opened from it shows
 * "Visited {date}". Axe and screenshots at 375 and 1280 px, light and dark.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("diary");
const token = `d${Date.now().toString(36)}`;
const dishes = {
  march: `Cacio e Pepe ${token}`,
  januaryLate: `Khao Soi ${token}`,
  januaryEarly: `Shakshuka ${token}`,
};
let owner: SeededUser;
let photo: string;

beforeAll(async () => {
  photo = await makePhoto(fixtures.path(), { width: 800, height: 600 });
  const photos = [photo];
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    owner = await signUpViaApi(page, "diary");
    await seedDishReview(page, { title: dishes.januaryEarly, photos, visitedOn: "2026-01-04" });
    await seedDishReview(page, { title: dishes.march, photos, visitedOn: "2026-03-14" });
    await seedDishReview(page, { title: dishes.januaryLate, photos, visitedOn: "2026-01-28" });
  });
});

async function openDiary(page: Page) {
  await page.goto("/profile");
  // The tab by keyboard: focus the selected tab, then arrow along to Diary.
  const tabs = page.getByRole("tablist").first();
  await tabs.getByRole("tab", { selected: true }).focus();
  const diary = tabs.getByRole("tab", { name: "Diary" });
  for (
    let step = 0;
    step < 8 && !(await diary.evaluate((tab) => tab === document.activeElement));
    step++
  ) {
    await page.keyboard.press("ArrowRight");
  }
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "March 2026" }).waitFor();
}

describe("diary", () => {
  test("lists the reviews by date visited under their months; the detail says when", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signInViaApi(page, owner);
      await openDiary(page);
      const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
      expect(headings.filter((text) => /^[A-Z][a-z]+ \d{4}$/.test(text))).toEqual([
        "March 2026",
        "January 2026",
      ]);
      // Within a month, the later visit first, whatever the posting order.
      const january = page.getByRole("region", { name: "January 2026" });
      const titles = await january.getByRole("article").getByRole("heading").allTextContents();
      expect(titles).toEqual([dishes.januaryLate, dishes.januaryEarly]);

      // Opened by keyboard, the review says when it was eaten; it was posted today.
      await page
        .getByRole("region", { name: "March 2026" })
        .getByRole("button", { name: dishes.march })
        .focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog");
      await dialog.getByText("Visited 03/14/2026", { exact: true }).waitFor();
    });
  });
});

describe("a whole visit", () => {
  test('after a dish, "Add another dish from this visit" opens the form at that restaurant and date', async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "visit");
      await page.goto("/post");
      const form = reviewForm(page);
      await form.restaurant.fill(`Noodle Hall ${token}`);
      await addPhotos(page.locator("form"), [photo]);
      await form.dishName.fill(`Wontons ${token}`);
      await form.rating(5).check();
      await page.getByLabel("Date visited").fill("2026-02-14");
      await form.submit.click();
      // The toast's action, by keyboard.
      const another = toastWith(page, "Dish review posted successfully!").getByRole("button", {
        name: "Add another dish from this visit",
      });
      await another.focus();
      await page.keyboard.press("Enter");
      await waitForPath(page, "/post");
      const next = reviewForm(page);
      await expect.poll(() => next.restaurant.inputValue()).toBe(`Noodle Hall ${token}`);
      expect(await page.getByLabel("Date visited").inputValue()).toBe("2026-02-14");
      expect(await next.dishName.inputValue()).toBe("");
    });
  });
});

describe("looks", () => {
  for (const look of LOOKS) {
    test(`the Diary tab at ${look.label}: axe and screenshots`, async () => {
      await withPage(
        browser,
        { viewport: look.viewport, colorScheme: look.colorScheme },
        async (page) => {
          await signInViaApi(page, owner);
          await openDiary(page);
          await page.getByRole("heading", { name: "January 2026" }).waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "diary-tab");
        },
      );
    });
  }
});
