import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  screenshot,
  useBrowser,
  waitForText,
  withPage,
} from "./support/browser.ts";
import {
  addPhotos,
  chooserChoice,
  makePhoto,
  openAddChooser,
  reviewForm,
  type SeededUser,
  seedDishReview,
  signInViaApi,
  signUpViaApi,
  useFixtureDir,
} from "./support/content.ts";

/**
 * Dish rankings in a real browser: a ramen posted into a category holding two others is placed
 * by answering "How does it compare?" by keyboard, then moved on the Rankings tab by keyboard,
 * the scores following; axe and screenshots of the tab and the questions, light and dark.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("rankings");
const token = `r${Date.now().toString(36)}`;
const ramen = {
  tonkotsu: `Tonkotsu ${token}`,
  shoyu: `Shoyu ${token}`,
  miso: `Miso ${token}`,
};
let photo: string;

async function seedRamen(page: Page, title: string) {
  return seedDishReview(page, { title, photos: [photo], rating: 4, category: "Ramen" });
}

beforeAll(async () => {
  photo = await makePhoto(fixtures.path(), { width: 800, height: 600 });
});

/** The Rankings tab's Ramen list as "title score" lines, best first. */
async function ramenBoard(page: Page): Promise<string[]> {
  const list = page.getByRole("list", { name: "Ramen" });
  await list.waitFor();
  const rows = await list.getByRole("listitem").all();
  return Promise.all(
    rows.map(async (row) => {
      const title = (await row.locator("p").nth(1).innerText()).replace(/^\d+\.\s*/, "");
      const score = await row.getByText(/^\d+\.\d$/).innerText();
      return `${title.trim()} ${score}`;
    }),
  );
}

async function pressOn(target: Locator, key: string) {
  await target.focus();
  await target.page().keyboard.press(key);
}

describe("rankings", () => {
  test("rank three ramen dishes by keyboard: the questions after posting, then moves", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      const owner: SeededUser = await signUpViaApi(page, "ranker");
      await seedRamen(page, ramen.tonkotsu);
      await seedRamen(page, ramen.shoyu);

      // Posting a third ramen into the category asks how it compares.
      await page.goto("/feed");
      const chooser = await openAddChooser(page);
      await chooserChoice(chooser, "Dish Review").click();
      const dialog = page.getByRole("dialog", { name: "New Review - Dish" });
      const form = reviewForm(dialog);
      await form.restaurant.fill("Ramen Row");
      await addPhotos(dialog, [photo]);
      await form.dishName.fill(ramen.miso);
      await dialog.getByRole("combobox", { name: "Category" }).fill("ramen");
      await form.rating(4).check();
      await form.submit.click();

      const questions = page.getByRole("dialog", { name: "How does it compare?" });
      // Two dishes: at most two questions. Shoyu (the middle) first: better.
      await questions.getByText(ramen.shoyu, { exact: true }).waitFor();
      await pressOn(questions.getByRole("button", { name: "Better" }), "Enter");
      // Then Tonkotsu: worse. Miso goes between them.
      await questions.getByText(ramen.tonkotsu, { exact: true }).waitFor();
      await pressOn(questions.getByRole("button", { name: "Worse" }), "Enter");
      await waitForText(page, "Ranking saved");
      await questions.waitFor({ state: "detached" });

      await page.goto("/profile?tab=rankings");
      await expect
        .poll(() => ramenBoard(page))
        .toEqual([`${ramen.tonkotsu} 8.0`, `${ramen.miso} 7.0`, `${ramen.shoyu} 6.0`]);

      // Shoyu up twice by keyboard: the focus stays on its button between presses.
      const up = page.getByRole("button", { name: `Move up: ${ramen.shoyu}` });
      await pressOn(up, "Enter");
      await expect
        .poll(() => ramenBoard(page))
        .toEqual([`${ramen.tonkotsu} 8.0`, `${ramen.shoyu} 7.0`, `${ramen.miso} 6.0`]);
      await expect
        .poll(() => up.evaluate((button) => button === document.activeElement))
        .toBe(true);
      await page.keyboard.press("Enter");
      await expect
        .poll(() => ramenBoard(page))
        .toEqual([`${ramen.shoyu} 8.0`, `${ramen.tonkotsu} 7.0`, `${ramen.miso} 6.0`]);
      expect(owner.username).toBeTruthy();
    });
  });
});

describe("looks", () => {
  let owner: SeededUser;
  beforeAll(async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      owner = await signUpViaApi(page, "ranklooks");
      await seedRamen(page, ramen.tonkotsu);
      await seedRamen(page, ramen.shoyu);
      await seedRamen(page, ramen.miso);
    });
  });

  for (const look of LOOKS) {
    test(`the Rankings tab and its questions at ${look.label}: axe and screenshots`, async () => {
      await withPage(
        browser,
        { viewport: look.viewport, colorScheme: look.colorScheme },
        async (page) => {
          await signInViaApi(page, owner);
          await page.goto("/profile?tab=rankings");
          await page.getByRole("list", { name: "Ramen" }).waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "rankings-tab");
          await page.getByRole("button", { name: `Re-rank: ${ramen.miso}` }).click();
          const questions = page.getByRole("dialog", { name: "How does it compare?" });
          await questions.getByRole("button", { name: "Better" }).waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "rank-questions", { fullPage: false });
        },
      );
    });
  }
});
