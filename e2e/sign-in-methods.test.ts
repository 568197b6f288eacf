import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
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

/**
 * /auth offers Google only where the server has a Google client: GET /api/config says which
 * sign-in methods exist. The browser suite's server plays Google with a local IdP; a server
 * without one is stood in for by answering /api/config the way such a server does.
 */

const browser = useBrowser();

const googleButton = (page: Page) => page.getByRole("button", { name: "Sign in with Google" });

async function withoutGoogle(page: Page) {
  await page.route("**/api/config", (route) =>
    route.fulfill({
      json: { signInMethods: { email: true, phone: true, google: false }, mapStyleUrl: null },
    }),
  );
}

describe("sign-in methods on /auth", () => {
  test("a server with Google shows its button", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await page.goto("/auth");
      await googleButton(page).waitFor();
      await page.getByText("or continue with").waitFor();
    });
  });

  for (const look of LOOKS) {
    test(`a server without Google offers email and phone only (${look.label})`, async () => {
      await withPage(browser, look, async (page) => {
        await withoutGoogle(page);
        await page.goto("/auth");
        await page.getByRole("tab", { name: "Email" }).waitFor();
        await page.getByRole("textbox", { name: /email/i }).first().waitFor();
        expect(await googleButton(page).count()).toBe(0);
        expect(await page.getByText("or continue with").count()).toBe(0);
        await expectNoAxeViolations(page);
        await screenshot(page, "auth-without-google");
      });
    });
  }

  test("the email sign-up still works by keyboard alone without Google", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await withoutGoogle(page);
      await page.goto("/auth");
      const email = page.getByRole("textbox", { name: /email/i }).first();
      await email.focus();
      await page.keyboard.type(`keys-${Date.now().toString(36)}@example.com`);
      await page.keyboard.press("Tab");
      await page.keyboard.type("correct horse 42");
      await page.keyboard.press("Tab");
      await page.keyboard.type("correct horse 42");
      await page.keyboard.press("Enter");
      await waitForPath(page, "/setup");
    });
  });
});
