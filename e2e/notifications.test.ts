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
  withoutFirstReads,
  withPage,
} from "./support/browser.ts";
import {
  type SeededItem,
  type SeededUser,
  seedPost,
  seedRestaurantReview,
  signUpViaApi,
  withPageExpectingErrors,
} from "./support/content.ts";

/**
 * Notifications in a real browser with two people in two browser contexts: likes, comments and
 * follows reach the other person's badge and open list live (no reload) over the realtime
 * stream; opening one by keyboard lands on the item and marks it read; "Mark all as read"
 * clears the badge; a failed load offers Retry. Several people liking one review make one row
 * ("X and N others liked your …", one in the badge), a live like joins that row where it stands,
 * and the people of a group are listed (See all, or a followers row) by keyboard, with Follow.
 * Axe and screenshots of the empty and the filled screen and the people list at 375 and
 * 1280 px in light and dark.
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

/** The rows of the list: a link (likes, comments) with See all beside it, or a button (followers). */
function notificationRows(page: Page): Locator {
  return page.getByRole("list", { name: "Notifications" }).getByRole("listitem");
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
      await commented.getByRole("link").focus();
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
      // A followers row opens the list of them, each linking to their profile, to follow back
      // (the row of one person has its own Follow back beside it).
      await followed.getByRole("button", { name: /started following you/ }).focus();
      await bPage.keyboard.press("Enter");
      const followers = bPage.getByRole("dialog", { name: "New followers" });
      const person = followers.getByRole("listitem").filter({ hasText: a.displayName });
      await person.waitFor();
      expect(await person.getByRole("link").getAttribute("href")).toBe(`/user/${a.username}`);
      await expectBadge(bPage, 0);
      await person.getByRole("button", { name: "Follow back" }).focus();
      await bPage.keyboard.press("Enter");
      await person.getByRole("button", { name: "Unfollow" }).waitFor();
      await bPage.keyboard.press("Escape");
      await followers.waitFor({ state: "detached" });

      expect(owner.errors, "errors reported by B's browser").toEqual([]);
      expect(fan.errors, "errors reported by A's browser").toEqual([]);
    } finally {
      await owner?.close();
      await fan?.close();
    }
  });

  test("several likes of one review are one row; a live like joins it in place; its people by keyboard", async () => {
    const title = unique("Khao Soi");
    const owner = await newPage(browser, { viewport: MOBILE });
    const late = await newPage(browser, { viewport: DESKTOP });
    try {
      const page = owner.page;
      await signUpViaApi(page, "cook");
      const review = await seedRestaurantReview(page, {
        restaurant: { name: title, address: "9 Soi Lane, Springfield, IL" },
        rating: 5,
      });
      const me = await profileId(page);
      const likers: SeededUser[] = [];
      for (const label of ["ana", "ben", "cai"]) {
        await withPage(browser, { viewport: DESKTOP }, async (other) => {
          likers.push(await signUpViaApi(other, label));
          await apiCall(other, "PUT", `/api/reviews/${review.id}/like`);
        });
      }
      const dee = await signUpViaApi(late.page, "dee");

      await openNotifications(page);
      await expectTabs(page, 1, 1);
      await expectBadge(page, 1);
      const likes = row(page, new RegExp(`liked your ${review.title}`));
      expect(await notificationRows(page).count()).toBe(1);
      expect(await likes.textContent()).toContain(
        `${likers[2]?.displayName} and 2 others liked your ${review.title}`,
      );

      // Live: dee's follow is a new row on top; dee's like then joins the likes row where it
      // stands (second now), and no third row appears.
      await apiCall(late.page, "PUT", `/api/profiles/${me}/follow`);
      await expectTabs(page, 2, 2);
      expect(await notificationRows(page).first().textContent()).toContain("started following");
      await apiCall(late.page, "PUT", `/api/reviews/${review.id}/like`);
      await likes
        .filter({ hasText: `${dee.displayName} and 3 others liked your ${review.title}` })
        .waitFor({ timeout: LIVE_TIMEOUT_MS });
      expect(await notificationRows(page).count()).toBe(2);
      expect(await notificationRows(page).nth(1).textContent()).toContain("and 3 others liked");
      await expectTabs(page, 2, 2);
      await expectBadge(page, 2);

      // See all by keyboard: everyone who liked it, newest first.
      await likes.getByRole("button", { name: "See all 4 people" }).focus();
      await page.keyboard.press("Enter");
      const likedBy = page.getByRole("dialog", { name: "Liked by" });
      await likedBy.getByRole("link", { name: new RegExp(dee.displayName) }).waitFor();
      expect(
        await likedBy.getByRole("list", { name: "Liked by" }).getByRole("listitem").count(),
      ).toBe(4);
      await page.keyboard.press("Escape");
      await likedBy.waitFor({ state: "detached" });

      // Opening the row marks the whole group read and lands on the review.
      const marked = page.waitForResponse((response) => response.url().endsWith("/read"));
      await likes.getByRole("link").focus();
      await page.keyboard.press("Enter");
      await waitForPath(page, `/view/restaurant/${review.id}`);
      expect((await marked).status()).toBe(204);
      await expectBadge(page, 1);

      expect(owner.errors, "errors reported by the owner's browser").toEqual([]);
      expect(late.errors, "errors reported by the late liker's browser").toEqual([]);
    } finally {
      await owner.close();
      await late.close();
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
        // The list comes with the page's HTML unless the page is served without its reads.
        await withoutFirstReads(page, "/notifications");
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
        for (const label of ["neighbour", "friend"]) {
          await withPage(browser, { viewport: DESKTOP }, async (other) => {
            await signUpViaApi(other, label);
            await likeAndComment(other, post, "Looks great");
            if (label === "neighbour") await apiCall(other, "PUT", `/api/profiles/${me}/follow`);
          });
        }
        await expectTabs(page, 3, 3);
        // One read, so both looks of a row are in the picture.
        await apiCall(page, "POST", `/api/notifications/groups/${await followersKey(page)}/read`);
        await page.reload();
        await expectTabs(page, 3, 2);
        await screenshot(page, "notifications");
        await expectNoAxeViolations(page);

        await row(page, /and Test Neighbour liked your/)
          .getByRole("button", { name: "See all 2 people" })
          .click();
        await page.getByRole("dialog", { name: "Liked by" }).getByRole("link").first().waitFor();
        await screenshot(page, "notifications-people", { fullPage: false });
        await expectNoAxeViolations(page);
      });
    });
  });
});

async function followersKey(page: Page): Promise<string> {
  const response = await page.request.get("/api/notifications");
  const { items } = (await response.json()) as { items: { key: string; type: string }[] };
  const followers = items.find((item) => item.type === "new_follower");
  if (!followers) throw new Error("no followers group");
  return followers.key;
}
