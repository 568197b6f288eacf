import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { importMessages as messages } from "#domain/imports.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { wantToTryMessages } from "#domain/want-to-try-rules.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  screenshot,
  useBrowser,
  withPage,
} from "./support/browser.ts";
import {
  seedRestaurantReview,
  signUpViaApi,
  toastWith,
  useFixtureDir,
  withPageExpectingErrors,
} from "./support/content.ts";
import { tabTo } from "./support/keyboard.ts";

/**
 * Import in a real browser against the real server: a person chooses a Google Takeout "Saved
 * places" file by keyboard on Privacy & data, sees the preview (how many places, what each
 * becomes, the one Tasted already knows), imports it, finds the places in Want to try, and
 * undoes it; a malformed CSV is refused naming its line. Axe and screenshots of the preview at
 * 375 and 1280 px, light and dark. Every test also fails on any console error.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("import");

const section = (page: Page) => page.getByRole("region", { name: messages.title });

/** A Takeout Saved places file of the named places (unique names per test), at Lisbon pins. */
async function takeoutFile(names: string[]): Promise<string> {
  const features = names.map((name, index) => ({
    type: "Feature",
    geometry: { type: "Point", coordinates: [-9.14 - index * 0.01, 38.71] },
    properties: {
      date: "2024-05-01T10:00:00Z",
      google_maps_url: "http://maps.google.com/?cid=1",
      location: { address: `${index + 1} Rua Augusta, Lisbon`, country_code: "PT", name },
    },
  }));
  const file = path.join(fixtures.path(), `Saved Places ${randomBytes(3).toString("hex")}.json`);
  await writeFile(file, JSON.stringify({ type: "FeatureCollection", features }, null, 2));
  return file;
}

/** Chooses `file` through "Choose a file", reached and pressed by keyboard. */
async function chooseByKeyboard(page: Page, file: string): Promise<void> {
  await section(page).getByRole("button", { name: messages.chooseFile }).waitFor();
  // Asked for before the key is pressed: Playwright intercepts file choosers only once it has
  // told the browser to, which must not race the key.
  const chooser = page.waitForEvent("filechooser");
  await tabTo(page, messages.chooseFile);
  await page.keyboard.press("Enter");
  await (await chooser).setFiles(file);
}

describe("Import", () => {
  test("a Takeout file by keyboard: preview, import, the entries, undo", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "importer");
      const token = randomBytes(3).toString("hex");
      // A place Tasted knows already, pinned where the file's first place is.
      const known = `Manteigaria ${token}`;
      await seedRestaurantReview(page, {
        restaurant: { name: known, address: "1 Rua Augusta, Lisbon", lat: 38.71, lng: -9.14 },
        rating: 5,
      });
      const file = await takeoutFile([known, `Time Out ${token}`, `Pastéis ${token}`]);

      await page.goto(screenPaths.privacy);
      await section(page).getByText(messages.intro).waitFor();
      await chooseByKeyboard(page, file);
      const preview = section(page).getByRole("list", { name: messages.placesToImport(3) });
      await preview.waitFor();
      expect(await preview.getByRole("listitem").count()).toBe(3);
      await section(page).getByText(messages.summary(0, 3), { exact: false }).waitFor();
      await section(page).getByText(messages.existing(1)).waitFor();
      const first = preview.getByRole("listitem").filter({ hasText: known });
      await first.getByText(messages.inTasted).waitFor();
      await first.getByText(messages.kindWant).waitFor();

      await tabTo(page, messages.importButton);
      await page.keyboard.press("Enter");
      await toastWith(page, messages.imported(3)).waitFor();
      const undo = section(page).getByRole("button", { name: messages.undo });
      await undo.waitFor();

      await page.goto("/profile?tab=want-to-try");
      const list = page.getByRole("list", { name: "Want to try" });
      await list.waitFor();
      for (const name of [known, `Time Out ${token}`, `Pastéis ${token}`]) {
        await list.getByText(name).first().waitFor();
      }

      await page.goto(screenPaths.privacy);
      await tabTo(page, messages.undo);
      await page.keyboard.press("Enter");
      await toastWith(page, messages.undone).waitFor();
      await section(page).getByRole("button", { name: messages.chooseFile }).waitFor();
      expect(await section(page).getByRole("button", { name: messages.undo }).count()).toBe(0);

      await page.goto("/profile?tab=want-to-try");
      await page.getByText(wantToTryMessages.emptyWant).waitFor();
      expect(await page.getByText(`Time Out ${token}`).count()).toBe(0);
    });
  });

  test("a malformed CSV is refused, naming its line", async () => {
    const refused = { status: 400, path: "/api/imports" };
    await withPageExpectingErrors(browser, { viewport: DESKTOP }, [refused], async (page) => {
      await signUpViaApi(page, "badfile");
      const file = path.join(fixtures.path(), "bad.csv");
      await writeFile(file, "name,rating,date\nGood Place,4,2024-01-02\nBad Place,7,\n");
      await page.goto(screenPaths.privacy);
      await section(page).getByText(messages.intro).waitFor();
      await chooseByKeyboard(page, file);
      await section(page)
        .getByRole("alert")
        .getByText(messages.atLine(3, messages.ratingInvalid))
        .waitFor();
    });
  });

  describe.each(LOOKS)("at $label", ({ viewport, colorScheme }) => {
    test("the preview and the imported section", async () => {
      await withPage(browser, { viewport, colorScheme }, async (page) => {
        await signUpViaApi(page, "importlook");
        const token = randomBytes(3).toString("hex");
        const file = path.join(fixtures.path(), `places-${token}.csv`);
        await writeFile(
          file,
          "name,address,rating,date,notes\n" +
            `Luigi's ${token},"1 Via Roma, Milan",5,2025-03-14,Crisp and smoky\n` +
            `Tartine ${token},600 Guerrero St,,,\n` +
            `Corner Café ${token},,3,2024-12-01,\n`,
        );
        await page.goto(screenPaths.privacy);
        const choose = section(page).getByRole("button", { name: messages.chooseFile });
        await choose.waitFor();
        const [chooser] = await Promise.all([page.waitForEvent("filechooser"), choose.click()]);
        await chooser.setFiles(file);
        await section(page)
          .getByRole("list", { name: messages.placesToImport(3) })
          .waitFor();
        await section(page).scrollIntoViewIfNeeded();
        await screenshot(page, "import-preview");
        await expectNoAxeViolations(page);
        await section(page).getByRole("button", { name: messages.importButton }).click();
        await section(page).getByRole("button", { name: messages.undo }).waitFor();
        await screenshot(page, "import-done");
        await expectNoAxeViolations(page);
      });
    });
  });
});
