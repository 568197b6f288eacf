import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { followMessages, privateProfileMessages } from "#domain/follows-rules.ts";
import { notificationMessages } from "#domain/notifications-rules.ts";
import { PAGE_LIMITS } from "#domain/paging-rules.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  type PageOptions,
  screenshot,
  useBrowser,
  withPage,
} from "./support/browser.ts";
import {
  followViaApi,
  makePrivateViaApi,
  type SeededUser,
  seedPost,
  signInViaApi,
  signUpViaApi,
} from "./support/content.ts";

/**
 * Private profiles in a real browser against the real server. The owner switches Private
 * Profile on in the Settings drawer by keyboard; a stranger then finds the header and "This
 * account is private" instead of the owner's post, asks to follow ("Requested"), withdraws and
 * asks again; a second person asks too. The owner accepts the first from the notifications
 * screen by keyboard, whose post then opens to them, and declines the second, who still finds the
 * account private. axe and screenshots at 375 and 1280 px, light and dark, of the private
 * profile as a stranger sees it and of the follow requests waiting.
 */

const browser = useBrowser();

/** Unique to this run, so this file's content is told apart from any other. */
const token = `p${Date.now().toString(36)}`;
const postTitle = `Secret supper ${token}`;

let owner: SeededUser;
let asker: SeededUser;
let decliner: SeededUser;

beforeAll(async () => {
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    owner = await signUpViaApi(page, "keeper");
    await seedPost(page, { title: postTitle, content: "Only for friends." });
  });
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    asker = await signUpViaApi(page, "asker");
  });
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    decliner = await signUpViaApi(page, "decliner");
  });
});

const profilePath = (user: SeededUser) => `/user/${user.username}`;

/** The owner's profile as `viewer` (signed in first) finds it, shown once its header is. */
async function openProfileAs(page: Page, viewer: SeededUser | null, user: SeededUser) {
  if (viewer) await signInViaApi(page, viewer);
  await page.goto(profilePath(user));
  await page.getByRole("heading", { name: user.displayName, level: 2 }).waitFor();
}

/** The header's follow button, by what it reads now. */
function followButton(page: Page, label: string) {
  return page.getByRole("main").getByRole("button", { name: label, exact: true });
}

/** Presses Enter on a control as a keyboard user does: focus first. */
async function pressEnter(page: Page, label: string): Promise<void> {
  const button = followButton(page, label);
  await button.focus();
  await page.keyboard.press("Enter");
}

/** The notifications screen's follow requests, once shown. */
async function openRequests(page: Page) {
  await page.goto("/notifications");
  const section = page.getByRole("region", { name: notificationMessages.followRequests });
  await section.waitFor();
  return section;
}

describe("private profiles", () => {
  test("switch on by keyboard; a stranger asks; the owner accepts one and declines the other", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signInViaApi(page, owner);
      await page.goto("/profile");
      const settings = page.getByRole("button", { name: "Settings", exact: true });
      await settings.focus();
      await page.keyboard.press("Enter");
      const drawer = page.getByRole("dialog", { name: "Settings" });
      const toggle = drawer.getByRole("switch", { name: /^Private Profile/ });
      await drawer.getByText(privateProfileMessages.settingHint, { exact: true }).waitFor();
      const saved = page.waitForResponse((response) =>
        response.url().endsWith("/api/profile/privacy"),
      );
      await toggle.focus();
      await page.keyboard.press("Space");
      expect((await saved).status()).toBe(200);
      expect(await toggle.isChecked()).toBe(true);
    });

    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openProfileAs(page, asker, owner);
      await page.getByText(privateProfileMessages.notice, { exact: true }).waitFor();
      expect(await page.getByText(postTitle).count()).toBe(0);
      await pressEnter(page, "Follow");
      await followButton(page, followMessages.requested).waitFor();
      // Pressing Requested withdraws the request; a second press asks again.
      await pressEnter(page, followMessages.requested);
      await followButton(page, "Follow").waitFor();
      await pressEnter(page, "Follow");
      await followButton(page, followMessages.requested).waitFor();
      await page.reload();
      await followButton(page, followMessages.requested).waitFor();
    });
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signInViaApi(page, decliner);
      await followViaApi(page, owner);
    });

    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signInViaApi(page, owner);
      const requests = await openRequests(page);
      await requests
        .getByText(`${asker.displayName} ${notificationMessages.requestedToFollow}`)
        .waitFor();
      const accept = requests.getByRole("button", { name: `Accept ${asker.displayName}` });
      await accept.focus();
      await page.keyboard.press("Enter");
      await requests.getByRole("button", { name: `Decline ${decliner.displayName}` }).click();
      // Both answered: the section leaves, and the accepted request is a new follower.
      await requests.waitFor({ state: "detached" });
      await page.getByText(`${asker.displayName} started following you`).waitFor();
    });

    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openProfileAs(page, asker, owner);
      await page.getByText(postTitle).first().waitFor();
      await followButton(page, "Unfollow").waitFor();
    });
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openProfileAs(page, decliner, owner);
      await page.getByText(privateProfileMessages.notice, { exact: true }).waitFor();
      await followButton(page, "Follow").waitFor();
    });
  });

  test("more requests than a page: Load more brings the older ones, by keyboard", async () => {
    let keeper: SeededUser | undefined;
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      keeper = await signUpViaApi(page, "sought");
      await makePrivateViaApi(page);
    });
    if (!keeper) throw new Error("no private account");
    // One page and one more: each asker signs up in turn on the same page and asks.
    const askers: SeededUser[] = [];
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      for (let index = 0; index <= PAGE_LIMITS.pageDefault; index++) {
        askers.push(await signUpViaApi(page, `seeker${index}`));
        await followViaApi(page, keeper as SeededUser);
      }
    });
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signInViaApi(page, keeper as SeededUser);
      const requests = await openRequests(page);
      const rows = requests.getByRole("listitem");
      // Newest first: the first asker is the one left for the next page.
      const oldest = requests.getByText(
        `${askers[0]?.displayName} ${notificationMessages.requestedToFollow}`,
      );
      await expect.poll(() => rows.count()).toBe(PAGE_LIMITS.pageDefault);
      expect(await oldest.count()).toBe(0);
      const loadMore = requests.getByRole("button", { name: "Load more" });
      await loadMore.focus();
      await page.keyboard.press("Enter");
      await oldest.waitFor();
      expect(await rows.count()).toBe(askers.length);
      expect(await loadMore.count()).toBe(0);
    });
  });

  describe.each(LOOKS)("at $label", ({ label, viewport, colorScheme }) => {
    const options: PageOptions = { viewport, colorScheme };

    test("the private profile as a stranger sees it, and the requests waiting", async () => {
      let keeper: SeededUser | undefined;
      let stranger: SeededUser | undefined;
      await withPage(browser, options, async (page) => {
        keeper = await signUpViaApi(page, "looked");
        await makePrivateViaApi(page);
      });
      await withPage(browser, options, async (page) => {
        stranger = await signUpViaApi(page, "visitor");
        if (!keeper) throw new Error("no private account");
        await followViaApi(page, keeper);
        await openProfileAs(page, null, keeper);
        await page.getByText(privateProfileMessages.notice, { exact: true }).waitFor();
        await followButton(page, followMessages.requested).waitFor();
        await screenshot(page, "private-profile-stranger");
        await expectNoAxeViolations(page);
      });
      await withPage(browser, options, async (page) => {
        if (!keeper || !stranger) throw new Error(`${label}: nobody seeded`);
        await signInViaApi(page, keeper);
        const requests = await openRequests(page);
        await requests
          .getByText(`${stranger.displayName} ${notificationMessages.requestedToFollow}`)
          .waitFor();
        await screenshot(page, "private-follow-requests");
        await expectNoAxeViolations(page);
      });
    });
  });
});
