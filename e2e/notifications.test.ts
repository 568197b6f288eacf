import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  baseURL,
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  newPage,
  type PageOptions,
  screenshot,
  type TestPage,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import {
  type SeededItem,
  type SeededUser,
  seedPost,
  signUpViaApi,
  withPageExpectingErrors,
} from "./support/content.ts";

/**
 * Notifications in a real browser with two people in two browser contexts: likes, comments and
 * follows reach the other person's badge and open list live (no reload) over the realtime
 * stream; opening one by keyboard lands on the item and marks it read; "Mark all as read"
 * clears the badge; a failed load offers Retry. Axe and screenshots of the empty and the filled
 * screen at 375 and 1280 px in light and dark.
 */

const browser = useBrowser();

const MESSAGES = {
  empty: "No notifications yet",
  emptyHint: "When someone follows you, comments, or likes your reviews, you'll see it here",
  noUnread: "No unread notifications",
  markAll: "Mark all as read",
  loadFailed: "We couldn't load your notifications",
};

/** How long a live update may take to show up on the other person's screen. */
const LIVE_TIMEOUT_MS = 5_000;

let sequence = 0;
function unique(label: string): string {
  sequence += 1;
  return `${label} ${Date.now().toString(36)}${sequence}`;
}

/** State-changing API calls from a page's context (its session cookie), as the app makes them. */
async function apiCall(page: Page, method: "PUT" | "POST", path: string, data?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { origin: baseURL() },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
}

async function profileId(page: Page): Promise<string> {
  const response = await page.request.get("/api/me");
  return ((await response.json()) as { profile: { id: string } }).profile.id;
}

/** Someone else likes and comments on a post (in a throwaway context, or their own page). */
async function likeAndComment(actor: Page, post: SeededItem, comment: string) {
  await apiCall(actor, "PUT", `/api/posts/${post.id}/like`);
  await apiCall(actor, "POST", `/api/posts/${post.id}/comments`, { content: comment });
}

/**
 * Opens /notifications and resolves once the realtime stream has answered, so everything that
 * happens after it arrives live.
 */
async function openNotifications(page: Page): Promise<void> {
  const stream = page.waitForResponse((response) => response.url().endsWith("/api/events"));
  await page.goto("/notifications");
  expect((await stream).status()).toBe(200);
  await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
}

function notificationRows(page: Page): Locator {
  return page.getByRole("list", { name: "Notifications" }).getByRole("link");
}

function row(page: Page, text: RegExp): Locator {
  return notificationRows(page).filter({ hasText: text });
}

/** The bottom navigation's Notifications link (phones), named with its unread count. */
function navLink(page: Page): Locator {
  return page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Notifications/ })
    .first();
}

async function expectBadge(page: Page, unread: number) {
  await expect
    .poll(async () => (await navLink(page).textContent())?.replace(/\s+/g, " ").trim(), {
      timeout: LIVE_TIMEOUT_MS,
    })
    .toBe(unread === 0 ? "Notifications" : `${unread}Notifications, ${unread} unread`);
}

async function expectTabs(page: Page, all: number, unread: number) {
  await page.getByRole("tab", { name: `All (${all})` }).waitFor({ timeout: LIVE_TIMEOUT_MS });
  await page.getByRole("tab", { name: `Unread (${unread})` }).waitFor();
}

describe("notifications", () => {
  test("likes, comments and follows arrive live; opening one marks it read; Mark all as read clears the badge", async () => {
    const title = unique("Sunday Supper Club");
    const comment = "Saving a seat for next week!";
    let owner: TestPage | undefined;
    let fan: TestPage | undefined;
    try {
      owner = await newPage(browser, { viewport: MOBILE });
      fan = await newPage(browser, { viewport: DESKTOP });
      const bPage = owner.page;
      const aPage = fan.page;
      await signUpViaApi(bPage, "host");
      const post = await seedPost(bPage, { title });
      const a: SeededUser = await signUpViaApi(aPage, "fan");

      await openNotifications(bPage);
      await bPage.getByText(MESSAGES.empty, { exact: true }).waitFor();
      await bPage.getByText(MESSAGES.emptyHint, { exact: true }).waitFor();
      expect(await bPage.getByRole("button", { name: MESSAGES.markAll }).count()).toBe(0);

      await likeAndComment(aPage, post, comment);
      // No reload: the stream told B's page to re-read.
      await expectBadge(bPage, 2);
      await expectTabs(bPage, 2, 2);
      const liked = row(bPage, new RegExp(`${a.displayName} liked your ${title}`));
      const commented = row(bPage, new RegExp(`${a.displayName} commented on your ${title}`));
      await liked.waitFor();
      await commented.waitFor();
      expect(await liked.textContent()).toContain("Unread");
      expect(await liked.textContent()).toMatch(/a few seconds ago|a minute ago/);

      // Opened by keyboard: lands on the post, and the notification is read from then on.
      const marked = bPage.waitForResponse((response) => response.url().endsWith("/read"));
      await commented.focus();
      await bPage.keyboard.press("Enter");
      await waitForPath(bPage, `/view/post/${post.id}`);
      expect((await marked).status()).toBe(204);
      await bPage.getByRole("heading", { name: title, exact: true }).waitFor();
      await expectBadge(bPage, 1);
      await bPage.goBack();
      await waitForPath(bPage, "/notifications");
      await expectTabs(bPage, 2, 1);
      expect(await commented.textContent()).not.toContain("Unread");
      // Unread first.
      expect(await notificationRows(bPage).first().textContent()).toContain("liked your");

      await bPage.getByRole("button", { name: MESSAGES.markAll }).click();
      await expectBadge(bPage, 0);
      await expectTabs(bPage, 2, 0);
      await bPage.getByRole("button", { name: MESSAGES.markAll }).waitFor({ state: "detached" });
      await bPage.getByRole("tab", { name: "Unread (0)" }).click();
      await bPage.getByText(MESSAGES.noUnread, { exact: true }).waitFor();
      await bPage.getByRole("tab", { name: "All (2)" }).click();

      // A follows B through the API: a live "started following you", which opens A's profile.
      await apiCall(aPage, "PUT", `/api/profiles/${await profileId(bPage)}/follow`);
      await expectBadge(bPage, 1);
      const followed = row(bPage, new RegExp(`${a.displayName} started following you`));
      await followed.waitFor({ timeout: LIVE_TIMEOUT_MS });
      expect(await notificationRows(bPage).first().textContent()).toContain(
        "started following you",
      );
      expect(await followed.getAttribute("href")).toBe(`/user/${a.username}`);

      expect(owner.errors, "errors reported by B's browser").toEqual([]);
      expect(fan.errors, "errors reported by A's browser").toEqual([]);
    } finally {
      await owner?.close();
      await fan?.close();
    }
  });

  test("a refused stream is opened again after a pause and catches up on what it missed", async () => {
    const title = unique("Patient Pho");
    const fan = await newPage(browser, { viewport: DESKTOP });
    try {
      await signUpViaApi(fan.page, "latecomer");
      await withPageExpectingErrors(
        browser,
        { viewport: MOBILE },
        [{ status: 503, path: "/api/events" }],
        async (page) => {
          await signUpViaApi(page, "patient");
          const post = await seedPost(page, { title });
          let attempts = 0;
          await page.route("**/api/events", async (route) => {
            attempts += 1;
            if (attempts === 1) {
              await route.fulfill({ status: 503, body: "" });
              return;
            }
            // The like happens while no stream is open: only a catch-up can show it.
            await likeAndComment(fan.page, post, "Worth the wait");
            await route.continue();
          });
          await page.goto("/notifications");
          await page.getByText(MESSAGES.empty, { exact: true }).waitFor();
          await expectBadge(page, 2);
          await expectTabs(page, 2, 2);
          expect(attempts).toBe(2);
        },
      );
      expect(fan.errors, "errors reported by the other browser").toEqual([]);
    } finally {
      await fan.close();
    }
  });

  test("a failed load shows Retry, never the empty text", async () => {
    await withPageExpectingErrors(
      browser,
      { viewport: DESKTOP },
      [
        { status: 503, path: "/api/notifications" },
        { status: 503, path: "/api/notifications" },
        { console: "Notifications failed to load" },
      ],
      async (page) => {
        await signUpViaApi(page, "unlucky");
        // Down until Retry is pressed (the app tries once more by itself first).
        let down = true;
        await page.route("**/api/notifications", async (route) => {
          if (!down) return route.continue();
          await route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "UNAVAILABLE", message: "Try later" } }),
          });
        });
        await page.goto("/notifications");
        await page.getByText(MESSAGES.loadFailed, { exact: true }).waitFor();
        expect(await page.getByText(MESSAGES.empty, { exact: true }).count()).toBe(0);
        down = false;
        await page.getByRole("button", { name: "Retry" }).click();
        await page.getByText(MESSAGES.empty, { exact: true }).waitFor();
      },
    );
  });
});

describe("accessibility and screenshots", () => {
  describe.each(LOOKS)("at $label", ({ viewport, colorScheme }) => {
    const options: PageOptions = { viewport, colorScheme };

    test("the empty screen and one with read and unread rows", async () => {
      const title = unique("Charred Leek Toast");
      await withPage(browser, options, async (page) => {
        await signUpViaApi(page, "reader");
        const post = await seedPost(page, { title });
        await openNotifications(page);
        await page.getByText(MESSAGES.empty, { exact: true }).waitFor();
        await screenshot(page, "notifications-empty");
        await expectNoAxeViolations(page);

        const me = await profileId(page);
        await withPage(browser, { viewport: DESKTOP }, async (other) => {
          await signUpViaApi(other, "neighbour");
          await likeAndComment(other, post, "Looks great");
          await apiCall(other, "PUT", `/api/profiles/${me}/follow`);
        });
        await expectTabs(page, 3, 3);
        // One read, so both looks of a row are in the picture.
        await apiCall(page, "POST", `/api/notifications/${await likeNotificationId(page)}/read`);
        await page.reload();
        await expectTabs(page, 3, 2);
        await screenshot(page, "notifications");
        await expectNoAxeViolations(page);
      });
    });
  });
});

async function likeNotificationId(page: Page): Promise<string> {
  const response = await page.request.get("/api/notifications");
  const { items } = (await response.json()) as { items: { id: string; type: string }[] };
  const like = items.find((item) => item.type === "new_like");
  if (!like) throw new Error("no like notification");
  return like.id;
}
