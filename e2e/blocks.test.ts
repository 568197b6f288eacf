import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { blockMessages } from "#domain/blocks-rules.ts";
import { profileNotFoundMessages } from "#domain/profile-rules.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  screenshot,
  useBrowser,
  withPage,
  withPageInEachLook,
} from "./support/browser.ts";
import {
  closeToasts,
  feedCard,
  followViaApi,
  openDetail,
  type SeededItem,
  type SeededUser,
  seedPost,
  seedRestaurantReview,
  signInViaApi,
  signUpViaApi,
  toastWith,
  withPageExpectingErrors,
} from "./support/content.ts";

/**
 * Blocking and muting in a real browser against the real server. A and B follow each other and
 * B has a review: A blocks B from that review's card menu by keyboard alone, and the review
 * leaves A's feed at once; A opens B's profile and sees only the name and Unblock; B finds A's
 * profile "User Not Found" and A's post gone from their feed, and both lost the follows between
 * them. A block from inside an item's detail dialog closes it. A mutes C from C's profile menu: C's post leaves A's feed while C's profile stays whole.
 * Both are undone from Privacy & data (the unblock by keyboard), each row leaving its list. axe
 * and screenshots of Privacy & data, the blocked profile and the confirmation at 375 and 1280 px,
 * light and dark. Every test also fails on any console error it did not provoke.
 */

const browser = useBrowser();

/** Unique to this run, so this file's content is told apart from any other. */
const token = `b${Date.now().toString(36)}`;

let a: SeededUser;
let b: SeededUser;
let c: SeededUser;
/** Blocked from inside their post's detail dialog. */
let d: SeededUser;
let bReview: SeededItem;
let aPost: SeededItem;
let cPost: SeededItem;
let dPost: SeededItem;

beforeAll(async () => {
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    a = await signUpViaApi(page, "blocker");
    aPost = await seedPost(page, { title: `Market morning ${token}`, content: "Peaches!" });
  });
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    b = await signUpViaApi(page, "blocked");
    bReview = await seedRestaurantReview(page, {
      restaurant: { name: `Noodle Bar ${token}` },
      rating: 3,
      description: "Fine broth.",
    });
    await followViaApi(page, a);
  });
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    c = await signUpViaApi(page, "muted");
    cPost = await seedPost(page, { title: `Loud opinions ${token}`, content: "Too salty." });
  });
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    d = await signUpViaApi(page, "stranger");
    dPost = await seedPost(page, { title: `Hot takes ${token}`, content: "Ketchup on pasta." });
  });
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    await signInViaApi(page, a);
    await followViaApi(page, b);
    await followViaApi(page, c);
  });
});

/** A signed-in page for `user` at `path`. */
async function openAs(page: Page, user: SeededUser, path: string): Promise<void> {
  await signInViaApi(page, user);
  await page.goto(path);
}

/** The focused element's accessible name (aria-label, else its text). */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "";
  });
}

/** Presses `key` until the focused element is named `name`. */
async function pressUntil(page: Page, key: string, name: string, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press(key);
  }
  throw new Error(`"${name}" was not reached with ${key}`);
}

/** A profile header's "…" menu, opened by pointer. */
async function openProfileMenu(page: Page, user: SeededUser): Promise<Locator> {
  await page.getByRole("button", { name: `Options for @${user.username}` }).click();
  const menu = page.getByRole("menu");
  await menu.waitFor();
  // Shown once its opening transition has ended (what a screenshot of it needs).
  await expect.poll(() => menu.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
  return menu;
}

function counts(page: Page) {
  const list = page.getByRole("list", { name: "Profile counts" });
  return {
    followers: list.getByRole("button", { name: /Followers$/ }),
    following: list.getByRole("button", { name: /Following$/ }),
  };
}

async function expectText(locator: Locator, text: string): Promise<void> {
  await expect.poll(async () => (await locator.textContent())?.trim()).toBe(text);
}

/** One of Privacy & data's two lists, by its title. */
function accountList(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title });
}

describe("block and mute", () => {
  test("A blocks B from B's review card by keyboard; the review leaves A's feed", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openAs(page, a, "/feed");
      const card = feedCard(page, bReview.title);
      await card.waitFor();

      await card.getByRole("button", { name: "Review options" }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("menu").waitFor();
      await pressUntil(page, "ArrowDown", `Block @${b.username}`);
      await page.keyboard.press("Enter");

      const dialog = page.getByRole("dialog", { name: blockMessages.blockTitle(b.displayName) });
      await dialog.getByText(blockMessages.blockConfirm).waitFor();
      // Cancel has the focus: Enter alone never blocks anyone.
      expect(await focusedName(page)).toBe("Cancel");
      await pressUntil(page, "Tab", blockMessages.block);
      await page.keyboard.press("Enter");

      await toastWith(page, blockMessages.blocked(b.displayName)).waitFor();
      await dialog.waitFor({ state: "detached" });
      await card.waitFor({ state: "detached" });
      // The rest of the feed is still there.
      await feedCard(page, aPost.title).waitFor();
    });
  });

  test("a block from an item's detail dialog closes the dialog and drops the item", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openAs(page, a, "/feed");
      const detail = await openDetail(page, dPost.title, "Post");
      await detail.getByRole("button", { name: "Post options" }).click();
      await page.getByRole("menuitem", { name: `Block @${d.username}` }).click();
      const confirm = page.getByRole("dialog", { name: blockMessages.blockTitle(d.displayName) });
      await confirm.getByRole("button", { name: blockMessages.block, exact: true }).click();
      await toastWith(page, blockMessages.blocked(d.displayName)).waitFor();
      await confirm.waitFor({ state: "detached" });
      await detail.waitFor({ state: "detached" });
      await feedCard(page, dPost.title).waitFor({ state: "detached" });
    });
  });

  test("A sees B's profile as blocked: the name and Unblock, no tabs or Follow", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openAs(page, a, `/user/${b.username}`);
      await page.getByText(blockMessages.blockedProfileTitle).waitFor();
      await page.getByText(blockMessages.blockedProfileText).waitFor();
      await page.getByRole("heading", { level: 2, name: b.displayName, exact: true }).waitFor();
      await page.getByRole("button", { name: `Unblock @${b.username}` }).waitFor();
      expect(await page.getByRole("tab").count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Follow|^Unfollow/ }).count()).toBe(0);
      expect(await page.getByRole("list", { name: "Profile counts" }).count()).toBe(0);

      // A followed B and C and was followed by B: the follows with B are gone both ways.
      await page.goto("/profile");
      await expectText(counts(page).followers, "0 Followers");
      await expectText(counts(page).following, "1 Following");
    });
  });

  test("B finds A's profile missing and A's post gone from their feed", async () => {
    await withPageExpectingErrors(
      browser,
      { viewport: DESKTOP },
      [{ status: 404, path: `/api/profiles/${a.username}` }],
      async (page) => {
        await openAs(page, b, "/feed");
        // B's own review shows, so the feed has loaded without A's post.
        await feedCard(page, bReview.title).waitFor();
        expect(await feedCard(page, aPost.title).count()).toBe(0);

        await page.goto(`/user/${a.username}`);
        await page.getByText(profileNotFoundMessages.title).waitFor();

        await page.goto("/profile");
        await expectText(counts(page).followers, "0 Followers");
        await expectText(counts(page).following, "0 Following");
      },
    );
  });

  test("A mutes C from C's profile menu: C's post leaves A's feed, C's profile stays", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openAs(page, a, "/feed");
      await feedCard(page, cPost.title).waitFor();

      await page.goto(`/user/${c.username}`);
      const menu = await openProfileMenu(page, c);
      await menu.getByRole("menuitem", { name: `Mute @${c.username}` }).click();
      const dialog = page.getByRole("dialog", { name: blockMessages.muteTitle(c.displayName) });
      await dialog.getByText(blockMessages.muteConfirm).waitFor();
      await dialog.getByRole("button", { name: blockMessages.mute, exact: true }).click();
      await toastWith(page, blockMessages.muted(c.displayName)).waitFor();
      await dialog.waitFor({ state: "detached" });

      // Still the whole profile, and the menu now offers Unmute.
      await page.getByRole("tabpanel").getByRole("article", { name: cPost.title }).waitFor();
      const again = await openProfileMenu(page, c);
      await again.getByRole("menuitem", { name: `Unmute @${c.username}` }).waitFor();
      await page.keyboard.press("Escape");

      await page.goto("/feed");
      await feedCard(page, aPost.title).waitFor();
      // The feed this device saved (before the mute) shows first, then is read again.
      await expect.poll(() => feedCard(page, cPost.title).count()).toBe(0);
    });
  });

  test("Privacy & data, the blocked profile and the confirmation pass axe in every look", async () => {
    await withPageInEachLook(browser, {}, async (page) => {
      await openAs(page, a, "/settings/privacy");
      const blocked = accountList(page, blockMessages.blockedListTitle);
      await blocked.getByRole("link", { name: new RegExp(b.displayName) }).waitFor();
      const muted = accountList(page, blockMessages.mutedListTitle);
      await muted.getByRole("link", { name: new RegExp(c.displayName) }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "blocks-privacy");

      await page.goto(`/user/${b.username}`);
      await page.getByText(blockMessages.blockedProfileTitle).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "blocks-blocked-profile");

      await page.goto(`/user/${c.username}`);
      const menu = await openProfileMenu(page, c);
      await screenshot(page, "blocks-profile-menu", { fullPage: false });
      await menu.getByRole("menuitem", { name: `Block @${c.username}` }).click();
      const dialog = page.getByRole("dialog", {
        name: blockMessages.blockTitle(c.displayName),
      });
      await dialog.getByText(blockMessages.blockConfirm).waitFor();
      await menu.waitFor({ state: "detached" });
      await expectNoAxeViolations(page);
      await screenshot(page, "blocks-confirm", { fullPage: false });
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
    });
  });

  test("A unblocks B and unmutes C from Privacy & data; each row leaves its list", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openAs(page, a, "/settings/privacy");
      const blocked = accountList(page, blockMessages.blockedListTitle);
      const bRow = blocked.getByRole("listitem").filter({ hasText: `@${b.username}` });
      await bRow.waitFor();

      await pressUntil(page, "Tab", `Unblock @${b.username}`, 60);
      await page.keyboard.press("Enter");
      await toastWith(page, blockMessages.unblocked(b.displayName)).waitFor();
      await bRow.waitFor({ state: "detached" });
      // Only that row: D, blocked from the detail dialog, stays until unblocked too.
      const dRow = blocked.getByRole("listitem").filter({ hasText: `@${d.username}` });
      await dRow.waitFor();
      await blocked.getByRole("button", { name: `Unblock @${d.username}` }).click();
      await dRow.waitFor({ state: "detached" });
      await blocked.getByText(blockMessages.blockedListEmpty).waitFor();
      await closeToasts(page);

      const muted = accountList(page, blockMessages.mutedListTitle);
      const cRow = muted.getByRole("listitem").filter({ hasText: `@${c.username}` });
      await muted.getByRole("button", { name: `Unmute @${c.username}` }).click();
      await toastWith(page, blockMessages.unmuted(c.displayName)).waitFor();
      await cRow.waitFor({ state: "detached" });
      await muted.getByText(blockMessages.mutedListEmpty).waitFor();

      // Both are back: B's profile whole with B's review in its tab, and C's post in the feed
      // of people A follows (the whole feed fills with other files' posts as the suite runs).
      await page.goto(`/user/${b.username}?tab=restaurants`);
      await page.getByRole("list", { name: "Profile counts" }).waitFor();
      await page.getByRole("tabpanel").getByRole("article", { name: bReview.title }).waitFor();
      await page.goto("/feed");
      await page
        .locator("label")
        .filter({ hasText: /^Following$/ })
        .click();
      await feedCard(page, cPost.title).waitFor();
    });
  });
});
