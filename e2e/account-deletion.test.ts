import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { accountDeletionMessages as messages } from "#domain/account-deletion.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import {
  completeSetup,
  signInByEmail,
  signUpByEmail,
  uniqueEmail,
  uniqueUsername,
} from "./support/auth.ts";
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
  PASSWORD,
  seedPost,
  signUpViaApi,
  toastWith,
  withPageExpectingErrors,
} from "./support/content.ts";

/**
 * "Delete account" in a real browser against the real server: someone who signed up with email
 * and a password and posted something deletes their account from Privacy & data by keyboard
 * (a wrong password first, told inline), is signed out onto the landing page with a toast naming
 * the erasure date, then signs in again and is told the account will not be deleted, with the
 * post back. axe and screenshots of the section and the dialog at 375 and 1280 px, light and
 * dark. Every test also fails on any console error it did not provoke.
 */

const browser = useBrowser();

function section(page: Page): Locator {
  return page.getByRole("region", { name: messages.sectionTitle });
}

/** Opens the dialog from the section's button by keyboard. */
async function openDialog(page: Page): Promise<Locator> {
  const button = section(page).getByRole("button", { name: messages.button, exact: true });
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: messages.dialogTitle });
  await dialog.getByText(messages.restoreHint).waitFor();
  return dialog;
}

describe("delete account", () => {
  test("by keyboard with the password: signed out with the date, restored by signing in", async () => {
    const email = uniqueEmail("leaver");
    const title = `Last supper ${Date.now().toString(36)}`;
    await withPageExpectingErrors(
      browser,
      { viewport: DESKTOP },
      [{ status: 403, path: "/api/account/deletion" }],
      async (page) => {
        await signUpByEmail(page, { email, password: PASSWORD });
        await completeSetup(page, {
          firstName: "Lee",
          lastName: "Ver",
          username: uniqueUsername("leaver"),
        });
        const post = await seedPost(page, { title, content: "One more time." });

        await page.goto(screenPaths.privacy);
        const dialog = await openDialog(page);
        const password = dialog.getByLabel(messages.passwordLabel, { exact: false });
        // The password field has the focus: typing goes there, Enter sends the form.
        await expect
          .poll(() => password.evaluate((input) => input === document.activeElement))
          .toBe(true);
        await page.keyboard.type("not my password");
        await page.keyboard.press("Enter");
        await dialog.getByText(messages.wrongPassword).waitFor();
        await screenshot(page, "account-deletion-wrong-password", { fullPage: false });
        expect(await password.getAttribute("aria-invalid")).toBe("true");

        await password.focus();
        await page.keyboard.press("ControlOrMeta+a");
        await page.keyboard.type(PASSWORD);
        await page.keyboard.press("Enter");
        await waitForPath(page, screenPaths.landing);
        const toast = toastWith(page, messages.scheduled);
        await toast.waitFor();
        expect(await toast.textContent()).toMatch(
          /It will be erased on \d{1,2} [A-Z][a-z]+ \d{4}\. Sign in before then to restore it\./,
        );
        await screenshot(page, "account-deletion-scheduled", { fullPage: false });
        // Signed out for real: the API no longer knows this browser.
        expect((await page.request.get("/api/me")).status()).toBe(401);

        await signInByEmail(page, { email, password: PASSWORD });
        await toastWith(page, messages.restored).waitFor();
        await screenshot(page, "account-deletion-restored", { fullPage: false });
        await page.goto(`/view/post/${post.id}`);
        await page.getByRole("heading", { name: title, exact: true }).waitFor();
        // Told once: a reload does not say it again.
        await page.reload();
        await page.getByRole("heading", { name: title, exact: true }).waitFor();
        expect(await toastWith(page, messages.restored).count()).toBe(0);
      },
    );
  });

  for (const look of LOOKS) {
    test(`the section and its dialog pass axe and are captured at ${look.label}`, async () => {
      await withPage(
        browser,
        { viewport: look.viewport, colorScheme: look.colorScheme },
        async (page) => {
          await signUpViaApi(page, "looker");
          await page.goto(screenPaths.privacy);
          await section(page).waitFor();
          await section(page).scrollIntoViewIfNeeded();
          await expectNoAxeViolations(page);
          await screenshot(page, "account-deletion-section");
          const dialog = await openDialog(page);
          await expectNoAxeViolations(page);
          await screenshot(page, "account-deletion-dialog", { fullPage: false });
          // Escape closes it, and nothing was deleted.
          await page.keyboard.press("Escape");
          await dialog.waitFor({ state: "hidden" });
          expect((await page.request.get("/api/me")).status()).toBe(200);
        },
      );
    });
  }
});
