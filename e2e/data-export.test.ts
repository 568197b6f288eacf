import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { dataExportMessages as messages } from "#domain/data-export.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { readZip } from "#server/test/zip.ts";
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
  seedDishReview,
  signUpViaApi,
  toastWith,
  useFixtureDir,
} from "./support/content.ts";
import { tabTo } from "./support/keyboard.ts";

/**
 * "Download my data" in a real browser against the real server: a person with a review and its
 * photo opens Privacy & data, starts the export by keyboard, sees its progress and then the
 * download, downloads the zip and finds their profile, their reviews and the photo in it; axe
 * and screenshots of the section before and after, at 375 and 1280 px, light and dark. Every
 * test also fails on any console error.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("data-export");
let photo: string;

beforeAll(async () => {
  photo = await makePhoto(fixtures.path(), {
    width: 1600,
    height: 1200,
    color: { r: 60, g: 140, b: 90 },
  });
});

const section = (page: Page) => page.getByRole("region", { name: messages.title });

describe("Download my data", () => {
  test("started by keyboard, shows its progress, then downloads a zip with the data and the photo", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      const person = await signUpViaApi(page, "exporter");
      const review = await seedDishReview(page, {
        title: "Export Ramen",
        photos: [photo],
      });
      await page.goto(screenPaths.privacy);
      await section(page).getByText(messages.intro).waitFor();

      await tabTo(page, messages.start);
      await page.keyboard.press("Enter");
      await toastWith(page, messages.started).waitFor();
      // At 0 % the bar's filled part has no width, so it is attached rather than visible.
      await section(page)
        .getByRole("progressbar", { name: messages.progressLabel })
        .waitFor({ state: "attached" });
      // Heard through the polite status region as well as shown.
      await expect
        .poll(() => section(page).getByRole("status").textContent())
        .toMatch(/^Preparing your data… \d+%$/);
      const download = section(page).getByRole("link", {
        name: new RegExp(`^${messages.download}`),
      });
      await download.waitFor({ timeout: 20_000 });
      await expect.poll(() => section(page).getByRole("status").textContent()).toBe(messages.ready);
      // The toast that said it was being prepared goes with the progress: it never contradicts
      // the card.
      await expect.poll(() => toastWith(page, messages.started).count(), { timeout: 1000 }).toBe(0);
      await section(page)
        .getByText(/Available until /)
        .waitFor();

      await download.focus();
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        page.keyboard.press("Enter"),
      ]);
      expect(file.suggestedFilename()).toMatch(/^tasted-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const saved = await file.path();
      const zip = await readZip(await readFile(saved));
      const profile = JSON.parse(zip.get("profile.json")?.toString() ?? "null");
      expect(profile).toMatchObject({ email: person.email, username: person.username });
      const reviews = JSON.parse(zip.get("reviews.json")?.toString() ?? "null");
      expect(reviews).toHaveLength(1);
      expect(reviews[0]).toMatchObject({ id: review.id, title: "Export Ramen" });
      const photoFile: string = reviews[0].photos[0].file;
      expect(photoFile).toBe(`photos/reviews/${review.id}/1.jpg`);
      // The photo at its own resolution, not the 1280 px variant the app shows.
      const meta = await sharp(zip.get(photoFile)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1600, 1200]);
      expect(zip.has("README.txt")).toBe(true);
    });
  });

  describe.each(LOOKS)("at $label", ({ viewport, colorScheme }) => {
    test("the section before and after an export", async () => {
      await withPage(browser, { viewport, colorScheme }, async (page) => {
        await signUpViaApi(page, "looker");
        await page.goto(screenPaths.privacy);
        const start = section(page).getByRole("button", { name: messages.start });
        await start.waitFor();
        await start.scrollIntoViewIfNeeded();
        await screenshot(page, "data-export-idle");
        await expectNoAxeViolations(page);
        await start.click();
        // Under way until the next poll (a second): the progress bar and its text.
        await section(page).getByRole("progressbar").waitFor({ state: "attached" });
        await screenshot(page, "data-export-building");
        await expectNoAxeViolations(page);
        await section(page)
          .getByRole("link", { name: new RegExp(`^${messages.download}`) })
          .waitFor({ timeout: 20_000 });
        await screenshot(page, "data-export-ready");
        await expectNoAxeViolations(page);
      });
    });
  });
});
