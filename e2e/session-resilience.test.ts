import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { ADMIN_EMAILS } from "./support/admins.ts";
import {
  baseURL,
  DESKTOP,
  newPage,
  useBrowser,
  waitForPath,
  withoutFirstReads,
  withPage,
} from "./support/browser.ts";
import { PASSWORD, type SeededUser, signUpViaApi } from "./support/content.ts";
import { waitForEmailLink } from "./support/server-log.ts";

/**
 * A session read that fails (throttled, a proxy's 503) says nothing about the session: the
 * signed-in screens stay, and the app tries again later. Only the server's answer "no session"
 * signs anyone out.
 */

const browser = useBrowser();

const SESSION_READ = "**/api/auth/get-session**";

/**
 * The screens these tests load, served without the session their HTML usually carries (as the
 * app shell a service worker keeps comes), so the app reads the session itself.
 */
async function readSessionsThemselves(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) await withoutFirstReads(page, path);
}

/** Answers every session read with `status` until the returned function is called. */
async function failSessionReads(page: Page, status: number): Promise<() => Promise<void>> {
  await page.route(SESSION_READ, (route) =>
    route.fulfill({ status, json: { message: "Too many requests. Please try again later." } }),
  );
  return () => page.unroute(SESSION_READ);
}

/**
 * A page whose only errors may be the browser's own reports of the session reads we failed on
 * purpose ("Failed to load resource: … status of 429").
 */
async function withFailingSessionReads(status: number, body: (page: Page) => Promise<void>) {
  const { page, errors, close } = await newPage(browser, { viewport: DESKTOP });
  try {
    await body(page);
    const unexpected = errors.filter(
      (error) =>
        !(
          error.includes(`status of ${status}`) &&
          error.includes(`${baseURL()}/api/auth/get-session`)
        ),
    );
    expect(unexpected, "errors other than the failed session reads").toEqual([]);
  } finally {
    await close();
  }
}

async function expectOwnProfile(page: Page, user: SeededUser) {
  await page.getByText(`@${user.username}`).first().waitFor();
  expect(new URL(page.url()).pathname).toBe("/profile");
}

describe("a session read that fails keeps the signed-in screens", () => {
  for (const status of [429, 503]) {
    test(`${status}: the profile, the landing header and the feed stay signed in`, async () => {
      await withFailingSessionReads(status, async (page) => {
        const user = await signUpViaApi(page, "steady");
        await readSessionsThemselves(page, ["/profile", "/feed"]);
        await page.goto("/profile");
        await expectOwnProfile(page, user);

        const restore = await failSessionReads(page, status);
        // Fresh loads: nothing in memory, every session read fails.
        await page.reload();
        await expectOwnProfile(page, user);
        await page.goto("/");
        await page.getByRole("link", { name: user.username }).waitFor();
        expect(await page.getByRole("link", { name: "Sign In" }).count()).toBe(0);
        await page.goto("/feed");
        await page.getByRole("button", { name: "Add", exact: true }).first().click();
        await page.getByRole("dialog", { name: "What would you like to review?" }).waitFor();

        // Once the server answers again, everything carries on normally.
        await restore();
        await page.goto("/profile");
        await expectOwnProfile(page, user);
      });
    });
  }

  test("an admin keeps the dashboard while session reads are throttled", async () => {
    await withFailingSessionReads(429, async (page) => {
      const email = ADMIN_EMAILS.sessionResilience;
      const signUp = await page.request.post("/api/auth/sign-up/email", {
        data: { email, password: PASSWORD, name: "", callbackURL: "/" },
        headers: { origin: baseURL() },
      });
      expect(signUp.status()).toBe(200);
      // Confirming the address makes an ADMIN_EMAILS account admin.
      await page.goto(await waitForEmailLink(email));
      await readSessionsThemselves(page, ["/admin"]);
      await page.goto("/admin");
      await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();

      const restore = await failSessionReads(page, 429);
      await page.reload();
      await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/admin");
      await restore();
    });
  });

  test("when the server says there is no session, the app shows signed out", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      const user = await signUpViaApi(page, "gone");
      await page.goto("/profile");
      await expectOwnProfile(page, user);
      // Signed out elsewhere: the session read answers, with nobody.
      await readSessionsThemselves(page, ["/profile"]);
      await page.route(SESSION_READ, (route) => route.fulfill({ status: 200, json: null }));
      await page.reload();
      await waitForPath(page, "/auth");
      await page.goto("/");
      await page.getByRole("link", { name: "Sign In" }).waitFor();
    });
  });
});
