import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { notificationSettingsMessages as messages } from "#domain/notification-settings-rules.ts";
import {
  baseURL,
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  screenshot,
  useBrowser,
  withPage,
  withPages,
} from "./support/browser.ts";
import { seedPost, signUpViaApi } from "./support/content.ts";
import { waitForEmailLink } from "./support/server-log.ts";

/**
 * The settings drawer's notification switches in a real browser: Email Notifications, Comments &
 * Likes and Deals at places you follow switched by keyboard, saved and shown again after a reload
 * (as is a change made elsewhere, though this browser keeps its own copy for offline use); with
 * comments & likes off, another person's like writes no notification (the badge stays empty);
 * the push switch in headless Chromium shows why it is off (no push support, or notifications
 * denied) without a console error; axe and screenshots of the section at 375 and 1280 px, light
 * and dark.
 */

const browser = useBrowser();

/** Opens /profile and its settings panel by keyboard; resolves with the panel. */
async function openSettings(page: Page): Promise<Locator> {
  await page.goto("/profile");
  const button = page.getByRole("button", { name: "Settings", exact: true });
  await button.focus();
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Settings" });
  await drawer.getByRole("switch", { name: messages.commentsAndLikes }).waitFor();
  return drawer;
}

function setting(drawer: Locator, name: string): Locator {
  return drawer.getByRole("switch", { name });
}

/** The text a control's aria-describedby points at (a switch's description). */
function describedBy(control: Locator): Promise<string> {
  return control.evaluate((input) => {
    const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
    return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
  });
}

/** Turns a switch over with the space bar and waits for the server to have saved it. */
async function toggleByKeyboard(page: Page, toggle: Locator): Promise<void> {
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/notification-settings") &&
      response.request().method() === "PUT",
  );
  await toggle.focus();
  await page.keyboard.press("Space");
  expect((await saved).status()).toBe(200);
}

describe("notification settings", () => {
  test("switches save by keyboard and stay after a reload; comments & likes off means no notification", async () => {
    await withPages(browser, [{ viewport: MOBILE }, { viewport: DESKTOP }], async (page, fan) => {
      const me = await signUpViaApi(page, "quiet");
      const post = await seedPost(page, { title: `Night Market ${Date.now().toString(36)}` });
      await signUpViaApi(fan, "fan");

      // Without a confirmed address the weekly email cannot be switched on, and says why.
      let drawer = await openSettings(page);
      const email = setting(drawer, messages.email);
      expect(await email.isDisabled()).toBe(true);
      await drawer.getByText(messages.emailUnavailable, { exact: true }).waitFor();
      await page.keyboard.press("Escape");
      await page.goto(await waitForEmailLink(me.email));

      drawer = await openSettings(page);
      expect(await setting(drawer, messages.commentsAndLikes).isChecked()).toBe(true);
      expect(await setting(drawer, messages.newFollowers).isChecked()).toBe(true);
      expect(await setting(drawer, messages.dealsAtFollowed).isChecked()).toBe(true);
      expect(await setting(drawer, messages.email).isChecked()).toBe(false);
      await toggleByKeyboard(page, setting(drawer, messages.commentsAndLikes));
      await toggleByKeyboard(page, setting(drawer, messages.dealsAtFollowed));
      await toggleByKeyboard(page, setting(drawer, messages.email));

      // Push asks for the permission only when switched on, never on load: until then it is off
      // and can be switched (or, in a browser without push, says so).
      const push = setting(drawer, messages.push);
      await expect
        .poll(() => describedBy(push))
        .toSatisfy((text: string) =>
          [messages.pushHint, messages.pushUnsupported].includes(text as never),
        );
      expect(await push.isChecked()).toBe(false);
      expect(await page.evaluate(() => Notification.permission)).toBe("default");

      // Notifications blocked for the site (as in the browser's site settings): the switch says
      // how to allow them.
      const cdp = await page.context().newCDPSession(page);
      const { targetInfo } = await cdp.send("Target.getTargetInfo");
      await cdp.send("Browser.setPermission", {
        permission: { name: "notifications" },
        setting: "denied",
        origin: new URL(page.url()).origin,
        browserContextId: targetInfo.browserContextId,
      });
      // New Followers switched off elsewhere (another device): the app's copy saved on this
      // one is shown at once after the reload but read again, never taken for the answer.
      const elsewhere = await page.request.put("/api/notification-settings", {
        headers: { origin: baseURL() },
        data: { newFollowers: false },
      });
      expect(elsewhere.status()).toBe(200);
      await page.reload();
      drawer = await openSettings(page);
      await expect
        .poll(async () => ({
          commentsAndLikes: await setting(drawer, messages.commentsAndLikes).isChecked(),
          email: await setting(drawer, messages.email).isChecked(),
          newFollowers: await setting(drawer, messages.newFollowers).isChecked(),
          dealsAtFollowed: await setting(drawer, messages.dealsAtFollowed).isChecked(),
        }))
        .toEqual({
          commentsAndLikes: false,
          email: true,
          newFollowers: false,
          dealsAtFollowed: false,
        });
      const blocked = setting(drawer, messages.push);
      await expect
        .poll(() => describedBy(blocked))
        .toSatisfy((text: string) =>
          [messages.pushDenied, messages.pushUnsupported].includes(text as never),
        );
      expect(await blocked.isDisabled()).toBe(true);
      await page.keyboard.press("Escape");

      const like = await fan.request.put(`/api/posts/${post.id}/like`, {
        headers: { origin: baseURL() },
      });
      expect(like.status()).toBe(200);
      const unread = await page.request.get("/api/notifications/unread-count");
      expect(await unread.json()).toEqual({ count: 0 });
      const badge = page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: /^Notifications/ })
        .first();
      expect((await badge.textContent())?.trim()).toBe("Notifications");
    });
  });
});

describe("accessibility and screenshots", () => {
  describe.each(LOOKS)("at $label", ({ viewport, colorScheme }) => {
    test("the notification settings in the settings panel", async () => {
      await withPage(browser, { viewport, colorScheme }, async (page) => {
        await signUpViaApi(page, "looker");
        const drawer = await openSettings(page);
        await setting(drawer, messages.push).scrollIntoViewIfNeeded();
        await drawer.getByText(messages.emailUnavailable, { exact: true }).waitFor();
        await screenshot(page, "notification-settings", { fullPage: false });
        await expectNoAxeViolations(page);
      });
    });
  });
});
