import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { suggestedPeopleMessages } from "#domain/follows-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import {
  baseURL,
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  newPage,
  screenshot,
  type TestPage,
  useBrowser,
  waitForPath,
  withPage,
  withPages,
} from "./support/browser.ts";
import {
  chooserChoice,
  feedCard,
  makePhoto,
  openAddChooser,
  seedPost,
  signUpViaApi,
  useFixtureDir,
} from "./support/content.ts";
import { tabTo } from "./support/keyboard.ts";

/**
 * A conversation between two people in two browser contexts: a reply by keyboard under a
 * comment, its notification ("replied to your comment on …") on the other side, and a reply to
 * that reply, which joins the same thread addressed to its author. Axe and screenshots of the
 * thread at 375 and 1280 px in light and dark.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("conversation");

const LIVE_TIMEOUT_MS = 5_000;

let sequence = 0;
function unique(label: string): string {
  sequence += 1;
  return `${label} ${Date.now().toString(36)}${sequence}`;
}

async function comment(
  page: Page,
  postId: string,
  content: string,
  parentId?: string,
): Promise<string> {
  const response = await page.request.post(`/api/posts/${postId}/comments`, {
    data: parentId ? { content, parentId } : { content },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

function commentsOf(page: Page): Locator {
  return page.getByRole("region", { name: /^Comments/ });
}

/** Tabs to `name`'s Reply button, opens the box with Enter, types and sends with Enter. */
async function replyByKeyboard(page: Page, name: string, text: string): Promise<void> {
  const section = commentsOf(page);
  await tabTo(page, section.getByRole("button", { name: `Reply to ${name}` }).first());
  await page.keyboard.press("Enter");
  const box = section.getByRole("textbox", { name: `Reply to ${name}` });
  await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type(text);
  const sent = page.waitForResponse(
    (response) => response.url().endsWith("/comments") && response.request().method() === "POST",
  );
  await page.keyboard.press("Enter");
  expect((await sent).status()).toBe(201);
  await box.waitFor({ state: "detached" });
}

/** Someone whose follows make a suggestion: `friend` follows `suggested`. Ends signed out. */
async function seedSuggestion(page: Page) {
  const suggested = await signUpViaApi(page, "suggested");
  const suggestedId = await ownId(page);
  await signUpViaApi(page, "friend");
  const friendId = await ownId(page);
  await followViaApi(page, suggestedId);
  await page.context().clearCookies();
  return { friend: friendId, suggested: { ...suggested, id: suggestedId } };
}

async function ownId(page: Page): Promise<string> {
  const me = await page.request.get("/api/me");
  return ((await me.json()) as { profile: { id: string } }).profile.id;
}

async function followViaApi(page: Page, profileId: string): Promise<void> {
  const response = await page.request.put(`/api/profiles/${profileId}/follow`, {
    headers: { origin: baseURL() },
  });
  expect(response.status()).toBe(200);
}

describe("conversation", () => {
  test("a reply and a reply to it by keyboard, threaded and notified", async () => {
    const title = unique("Noodle Night");
    await withPages(browser, [{ viewport: DESKTOP }, { viewport: MOBILE }], async (host, guest) => {
      const h = await signUpViaApi(host, "host");
      const post = await seedPost(host, { title, photos: [await makePhoto(fixtures.path())] });
      const g = await signUpViaApi(guest, "guest");
      await comment(guest, post.id, "Which noodles were these?");

      // The host answers the guest's comment by keyboard.
      await host.goto(screenPaths.view("post", post.id));
      const thread = commentsOf(host);
      await thread.getByText("Which noodles were these?").waitFor();
      await replyByKeyboard(host, g.displayName, "Hand-pulled, from the market");
      const replies = thread.getByRole("list", { name: `Replies to ${g.displayName}` });
      await replies.getByText("Hand-pulled, from the market").waitFor();
      await thread.getByRole("heading", { name: "Comments (2)" }).waitFor();
      // Focus went back to the Reply button that opened the box.
      expect(await host.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
        `Reply to ${g.displayName}`,
      );

      // The guest hears of it, and answers the reply: it joins the thread, addressed to the host.
      await guest.goto(screenPaths.notifications);
      const notice = guest
        .getByRole("list", { name: "Notifications" })
        .getByRole("listitem")
        .filter({ hasText: `replied to your comment on ${title}` });
      await notice.waitFor({ timeout: LIVE_TIMEOUT_MS });
      // The row says who, and quotes what they wrote.
      expect(await notice.textContent()).toContain(h.displayName);
      expect(await notice.textContent()).toContain("Hand-pulled, from the market");
      // And shows the post's photo beside it.
      const thumbnail = notice.locator("img:not(.mantine-Avatar-image)");
      await expect
        .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      await notice.getByRole("link").first().click();
      await commentsOf(guest).getByText("Hand-pulled, from the market").waitFor();
      await replyByKeyboard(guest, h.displayName, "Thanks, going tomorrow");

      await host.reload();
      const hostReplies = commentsOf(host).getByRole("list", {
        name: `Replies to ${g.displayName}`,
      });
      const answer = hostReplies.getByRole("listitem").filter({ hasText: "going tomorrow" });
      await answer.waitFor();
      expect(await hostReplies.getByRole("listitem").count()).toBe(2);
      await answer.getByRole("link", { name: `@${h.username}` }).waitFor();
    });
  });

  test("a mention chosen from the suggestions by keyboard links and notifies", async () => {
    const title = unique("Taco Tuesday");
    await withPages(browser, [{ viewport: DESKTOP }, { viewport: MOBILE }], async (host, guest) => {
      const h = await signUpViaApi(host, "hostess");
      const post = await seedPost(host, { title });
      await signUpViaApi(guest, "visitor");

      await guest.goto(screenPaths.view("post", post.id));
      const section = commentsOf(guest);
      const box = section.getByRole("textbox", { name: "Add a comment" });
      await tabTo(guest, box);
      await guest.keyboard.type(`Ask @${h.username.slice(0, -1)}`);
      const suggestions = guest.getByRole("listbox", { name: "People to mention" });
      await suggestions.getByRole("option", { name: new RegExp(h.displayName) }).waitFor();
      await expectNoAxeViolations(guest);
      await screenshot(guest, "mention-suggestions", { fullPage: false });
      await guest.keyboard.press("Enter");
      expect(await box.inputValue()).toBe(`Ask @${h.username} `);
      await guest.keyboard.type("about the salsa");
      await guest.keyboard.press("Enter");
      const link = section.getByRole("link", { name: `@${h.username}` });
      await link.waitFor();
      expect(await link.getAttribute("href")).toBe(screenPaths.user(h.username));

      await host.goto(screenPaths.notifications);
      await host
        .getByRole("list", { name: "Notifications" })
        .getByRole("listitem")
        .filter({ hasText: `mentioned you in a comment on ${title}` })
        .waitFor({ timeout: LIVE_TIMEOUT_MS });
    });
  });

  test("a mention in a new post's text by keyboard links on its card and notifies", async () => {
    const title = unique("Ramen Night");
    await withPages(browser, [{ viewport: MOBILE }, { viewport: DESKTOP }], async (host, guest) => {
      const h = await signUpViaApi(host, "named");
      await signUpViaApi(guest, "writer");

      await guest.goto("/feed");
      const chooser = await openAddChooser(guest);
      await chooserChoice(chooser, "Post").click();
      const dialog = guest.getByRole("dialog", { name: "Create Post" });
      const titleBox = dialog.getByRole("textbox", { name: "Title" });
      await tabTo(guest, titleBox);
      await guest.keyboard.type(title);
      const content = dialog.getByRole("textbox", { name: "Content" });
      await tabTo(guest, content);
      await guest.keyboard.type(`Slurped with @${h.username.slice(0, -1)}`);
      const suggestions = guest.getByRole("listbox", { name: "People to mention" });
      await suggestions.getByRole("option", { name: new RegExp(h.displayName) }).waitFor();
      await expectNoAxeViolations(guest);
      await guest.keyboard.press("Enter");
      expect(await content.inputValue()).toBe(`Slurped with @${h.username} `);
      await guest.keyboard.type("tonight");
      await tabTo(guest, dialog.getByRole("button", { name: "Create Post" }));
      await guest.keyboard.press("Enter");
      await waitForPath(guest, "/feed");
      const card = feedCard(guest, title);
      const link = card.getByRole("link", { name: `@${h.username}` });
      await link.waitFor();
      expect(await link.getAttribute("href")).toBe(screenPaths.user(h.username));

      await host.goto(screenPaths.notifications);
      await host
        .getByRole("list", { name: "Notifications" })
        .getByRole("listitem")
        .filter({ hasText: `mentioned you in their post ${title}` })
        .filter({ hasText: `Slurped with @${h.username} tonight` })
        .waitFor({ timeout: LIVE_TIMEOUT_MS });
      await expectNoAxeViolations(host);
      await screenshot(host, "post-mention-notification", { fullPage: false });
    });
  });

  test("Follow back from a new follower's row, by keyboard", async () => {
    let host: TestPage | undefined;
    let fan: TestPage | undefined;
    try {
      host = await newPage(browser, { viewport: MOBILE });
      fan = await newPage(browser, { viewport: DESKTOP });
      await signUpViaApi(host.page, "followed");
      const me = await host.page.request.get("/api/me");
      const hostId = ((await me.json()) as { profile: { id: string } }).profile.id;
      const f = await signUpViaApi(fan.page, "follower");
      const follow = await fan.page.request.put(`/api/profiles/${hostId}/follow`, {
        headers: { origin: baseURL() },
      });
      expect(follow.status()).toBe(200);

      await host.page.goto(screenPaths.notifications);
      const row = host.page
        .getByRole("list", { name: "Notifications" })
        .getByRole("listitem")
        .filter({ hasText: `${f.displayName} started following you` });
      const followBack = row.getByRole("button", { name: "Follow back" });
      await tabTo(host.page, followBack);
      const sent = host.page.waitForResponse((response) => response.url().endsWith("/follow"));
      await host.page.keyboard.press("Enter");
      expect((await sent).status()).toBe(200);
      await row.getByRole("button", { name: "Unfollow" }).waitFor();
      await expectNoAxeViolations(host.page);
      expect(host.errors).toEqual([]);
    } finally {
      await host?.close();
      await fan?.close();
    }
  });

  test("a new account's empty feed suggests people and a first review; Follow by keyboard", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      const { friend, suggested } = await seedSuggestion(page);
      await signUpViaApi(page, "newcomer");
      await followViaApi(page, friend);

      await page.goto("/feed");
      await page
        .locator("label")
        .filter({ hasText: /^Following$/ })
        .click();
      const list = page.getByRole("list", { name: suggestedPeopleMessages.listLabel });
      const row = list.getByRole("listitem").filter({ hasText: `@${suggested.username}` });
      await row.waitFor();
      await page.getByRole("link", { name: suggestedPeopleMessages.firstReview }).waitFor();
      const follow = row.getByRole("button", { name: "Follow" });
      await tabTo(page, follow);
      const sent = page.waitForResponse((response) => response.url().endsWith("/follow"));
      await page.keyboard.press("Enter");
      expect((await sent).status()).toBe(200);
      await row.getByRole("button", { name: "Following" }).waitFor();
      await expectNoAxeViolations(page);
    });
  });

  describe.each(LOOKS)("at $label", ({ viewport, colorScheme }) => {
    test("a post's text with a mention, and the post form's suggestions", async () => {
      await withPage(browser, { viewport, colorScheme }, async (page) => {
        const named = await signUpViaApi(page, "named");
        await signUpViaApi(page, "writer");
        const title = unique("Pho Saturday");
        const post = await seedPost(page, {
          title,
          content: `Slurped with @${named.username}, broth for days`,
        });
        await page.goto(screenPaths.view("post", post.id));
        await page
          .getByRole("link", { name: `@${named.username}` })
          .first()
          .waitFor();
        await expectNoAxeViolations(page);
        await screenshot(page, "post-with-mention", { fullPage: false });

        const chooser = await openAddChooser(page);
        await chooserChoice(chooser, "Post").click();
        const dialog = page.getByRole("dialog", { name: "Create Post" });
        await dialog.getByRole("textbox", { name: "Content" }).fill("");
        await dialog
          .getByRole("textbox", { name: "Content" })
          .pressSequentially(`With @${named.username.slice(0, -1)}`);
        await page
          .getByRole("listbox", { name: "People to mention" })
          .getByRole("option", { name: new RegExp(named.displayName) })
          .waitFor();
        await expectNoAxeViolations(page);
        await screenshot(page, "post-form-mention", { fullPage: false });
      });
    });

    test("a new account's empty feed with suggested people", async () => {
      await withPage(browser, { viewport, colorScheme }, async (page) => {
        const { friend, suggested } = await seedSuggestion(page);
        await signUpViaApi(page, "newcomer");
        await followViaApi(page, friend);
        await page.goto("/feed");
        await page
          .locator("label")
          .filter({ hasText: /^Following$/ })
          .click();
        await page
          .getByRole("list", { name: suggestedPeopleMessages.listLabel })
          .getByText(`@${suggested.username}`)
          .waitFor();
        await expectNoAxeViolations(page);
        await screenshot(page, "feed-suggested-people", { fullPage: false });
      });
    });

    test("a thread with a reply box open", async () => {
      await withPage(browser, { viewport, colorScheme }, async (page) => {
        const me = await signUpViaApi(page, "talker");
        const post = await seedPost(page, { title: unique("Dumpling Lunch") });
        const top = await comment(page, post.id, "Best dumplings in town, the pork and chive ones");
        await comment(page, post.id, "Go early, they sell out by one", top);
        await page.goto(screenPaths.view("post", post.id));
        const section = commentsOf(page);
        await section.getByText("Go early, they sell out by one").waitFor();
        await section
          .getByRole("button", { name: `Reply to ${me.displayName}` })
          .last()
          .click();
        await section.getByRole("textbox", { name: `Reply to ${me.displayName}` }).waitFor();
        await expectNoAxeViolations(page);
        await section.scrollIntoViewIfNeeded();
        await screenshot(page, "comment-thread", { fullPage: false });
      });
    });
  });
});
