import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { totp } from "../server/test/totp.ts";
import { authForm, chooseMode, openAuth } from "./support/auth.ts";
import {
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  screenshot,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import { PASSWORD, type SeededUser, signUpViaApi } from "./support/content.ts";

/**
 * /settings/security: turning two-factor authentication on (password, QR code and key, backup
 * codes, the first code) by keyboard alone, the sign-in that then asks for a code, and the list
 * of active sessions.
 */

const browser = useBrowser();

const section = (page: Page, name: string) => page.getByRole("region", { name });

/** The base32 secret the page shows under "Can't scan it?", without its grouping spaces. */
async function shownSecret(page: Page): Promise<string> {
  const text = await page.locator("pre").first().textContent();
  return (text ?? "").replace(/\s/g, "");
}

async function enableTwoFactorByKeyboard(page: Page): Promise<string> {
  const twoFactor = section(page, "Two-factor authentication");
  const enable = twoFactor.getByRole("button", { name: "Enable two-factor" });
  // It waits (loading) until the page knows whether the account has a password.
  await expect.poll(() => enable.isEnabled()).toBe(true);
  await enable.focus();
  await page.keyboard.press("Enter");
  const password = twoFactor.getByLabel("Confirm your password");
  await password.waitFor();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await twoFactor.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
  const secret = await shownSecret(page);
  await twoFactor.getByLabel("Authentication code, digit 1 of 6").focus();
  await page.keyboard.type(totp(secret));
  // From the last box: Cancel, then "Verify and turn on".
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Verify and turn on");
  await page.keyboard.press("Enter");
  await page.getByText("Two-factor authentication is on").first().waitFor();
  return secret;
}

describe("security settings", () => {
  for (const look of LOOKS) {
    test(`the page and the enrolment step read well (${look.label})`, async () => {
      await withPage(browser, look, async (page) => {
        await signUpViaApi(page, "secure");
        await page.goto("/settings/security");
        await section(page, "Active sessions").getByText("This device").waitFor();
        await expectNoAxeViolations(page);
        await screenshot(page, "security");
        const twoFactor = section(page, "Two-factor authentication");
        await twoFactor.getByRole("button", { name: "Enable two-factor" }).click();
        await twoFactor.getByLabel("Confirm your password").fill(PASSWORD);
        await twoFactor.getByRole("button", { name: "Continue" }).click();
        await twoFactor.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
        await expectNoAxeViolations(page);
        await screenshot(page, "security-enrolment");
      });
    });
  }

  test("two-factor turns on by keyboard alone; the next sign-in asks for a code", async () => {
    let user: SeededUser | undefined;
    let secret = "";
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      user = await signUpViaApi(page, "twofactor");
      await page.goto("/settings/security");
      secret = await enableTwoFactorByKeyboard(page);
      const twoFactor = section(page, "Two-factor authentication");
      await twoFactor.getByText("On", { exact: true }).waitFor();
      // Focus returns to the section's button, so keyboard users keep their place.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe("Turn off");
    });

    await withPage(browser, { viewport: MOBILE }, async (page) => {
      const form = authForm(page);
      await openAuth(page);
      await chooseMode(page, "Sign In");
      await form.email.fill(user?.email ?? "");
      await form.password.fill(PASSWORD);
      await form.signIn.click();
      await page.getByLabel("Authentication code, digit 1 of 6").click();
      // A code of the next time step is still accepted; this one cannot have been used yet.
      await page.keyboard.type(totp(secret, Date.now(), 1));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.waitForURL((url) => url.pathname !== "/auth");
      await page.goto("/settings/security");
      await section(page, "Two-factor authentication").getByText("On", { exact: true }).waitFor();
      await waitForPath(page, "/settings/security");
    });
  });
});
