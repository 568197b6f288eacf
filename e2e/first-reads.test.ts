import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { DESKTOP, MOBILE, useBrowser, withPage } from "./support/browser.ts";
import {
  feedCard,
  makePhoto,
  type SeededUser,
  seedPost,
  signUpViaApi,
  useFixtureDir,
} from "./support/content.ts";

/**
 * A screen's first reads come with its HTML (server/http/first-reads.ts): the feed and a
 * profile (its header and first tab), opened by a visitor or signed in, show what the page brought without asking the API
 * for it again, and the first card's photo is fetched before any script asks for it. The addresses
 * are the ones the web app builds; a screen whose first query changed would ask again here.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("first-reads");
const FEED_FIRST_PAGE = "/api/feed?limit=20&scope=everyone";
const SESSION = "/api/auth/get-session";

let photo: string;
beforeAll(async () => {
  photo = await makePhoto(fixtures.path(), { width: 800, height: 600 });
});

/** A profile's header (by handle or id) or a page of its first tab. */
const isProfileFirstRead = (path: string) =>
  /^\/api\/profiles\/[^/?]+$/.test(path) || /^\/api\/profiles\/[^/]+\/items\?/.test(path);

/** Every /api/ address the page asks for from now on, as path and query. */
function recordApiRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) asked.push(`${url.pathname}${url.search}`);
  });
  return asked;
}

test("the feed opens with its first page, the session and the first photo from its HTML", async () => {
  const title = `First read ${Date.now().toString(36)}`;
  let author: SeededUser | undefined;
  await withPage(browser, { viewport: MOBILE }, async (page) => {
    author = await signUpViaApi(page, "firstreads");
    await seedPost(page, { title, photos: [photo] });

    const asked = recordApiRequests(page);
    const photoRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image" && request.url().includes("/uploads/")) {
        photoRequests.push(request.url());
      }
    });
    const response = await page.goto("/feed");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect.poll(() => feedCard(page, title).isVisible()).toBe(true);
    // The first card's photo (other tests post too: whoever's card is first) was asked for by
    // the page's head, naming the same files as the card's <img>, so it was fetched once.
    const firstCardPhoto = page
      .getByRole("region", { name: "Feed" })
      .getByRole("article")
      .first()
      .locator("img[sizes]")
      .first();
    const preloads = await page
      .locator('link[rel="preload"][as="image"]')
      .evaluateAll((links) =>
        links.map((link) => [link.getAttribute("href"), link.getAttribute("imagesrcset")]),
      );
    if ((await firstCardPhoto.count()) > 0) {
      expect(preloads).toEqual([
        [await firstCardPhoto.getAttribute("src"), await firstCardPhoto.getAttribute("srcset")],
      ]);
    } else {
      expect(preloads).toEqual([]);
    }
    expect(asked).not.toContain(FEED_FIRST_PAGE);
    expect(asked).not.toContain(SESSION);
    expect(asked).not.toContain("/api/me");
    expect(new Set(photoRequests).size, photoRequests.join("\n")).toBe(photoRequests.length);

    // The own profile: its header and its first tab came with the page.
    const profileAsked = recordApiRequests(page);
    await page.goto("/profile");
    await expect
      .poll(() =>
        page.getByRole("heading", { level: 2, name: author?.displayName, exact: true }).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText(title).first().isVisible()).toBe(true);
    expect(profileAsked.filter(isProfileFirstRead)).toEqual([]);

    // Notifications: the list, the follow requests waiting and the badge's count.
    const notificationsAsked = recordApiRequests(page);
    await page.goto("/notifications");
    await expect
      .poll(() => page.getByRole("heading", { name: "Notifications" }).first().isVisible())
      .toBe(true);
    expect(
      notificationsAsked.filter(
        (path) => path.startsWith("/api/notifications") || path.startsWith("/api/follow-requests"),
      ),
    ).toEqual([]);
  });

  // A visitor gets the same first page, and nobody's session.
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    const asked = recordApiRequests(page);
    const response = await page.goto("/feed");
    expect(response?.headers()["cache-control"]).toBe("no-cache");
    await expect.poll(() => feedCard(page, title).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole("link", { name: "Sign In" }).first().isVisible())
      .toBe(true);
    expect(asked).not.toContain(FEED_FIRST_PAGE);
    expect(asked).not.toContain(SESSION);

    // A profile's header comes with its page too.
    const profileAsked = recordApiRequests(page);
    await page.goto(`/user/${author?.username}`);
    await expect
      .poll(() =>
        page.getByRole("heading", { level: 2, name: author?.displayName, exact: true }).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText(title).first().isVisible()).toBe(true);
    expect(profileAsked.filter(isProfileFirstRead)).toEqual([]);
  });
});
