import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
  baseURL,
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  type PageOptions,
  renderedColorScheme,
  screenshot,
  tabsAllInSight,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import {
  makePhoto,
  type SeededUser,
  seedDishReview,
  seedPost,
  signUpViaApi,
  toastWith,
  useFixtureDir,
  withPageExpectingErrors,
} from "./support/content.ts";

/**
 * Profiles in a real browser against the real server: another person's profile by /user/@name
 * and /profile/name, following and unfollowing with the counts and the followers list, what
 * visitors are asked, the own profile's tabs with search, sort and the remembered grid/list
 * view, an unknown user, the keyboard path to Follow, and axe plus screenshots at 375 and
 * 1280 px in light and dark. Every test also fails on any console error.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("profiles");
let photo: string;

beforeAll(async () => {
  photo = await makePhoto(fixtures.path(), { width: 800, height: 600 });
});

let sequence = 0;
function unique(label: string): string {
  sequence += 1;
  return `${label} ${Date.now().toString(36)}${sequence}`;
}

/** Signs up someone in a throwaway context, lets them seed content, and returns who they are. */
async function anotherUser(label: string, seed?: (page: Page) => Promise<unknown>) {
  let user: SeededUser | undefined;
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    user = await signUpViaApi(page, label);
    await seed?.(page);
  });
  return user as SeededUser;
}

/** Adds a bio and a location to the signed-in person's profile (PUT /api/profile). */
async function describeThemselves(page: Page, about: { bio: string; location: string }) {
  const me = (await (await page.request.get("/api/me")).json()) as {
    profile: { firstName: string; lastName: string; username: string };
  };
  const { firstName, lastName, username } = me.profile;
  const response = await page.request.put("/api/profile", {
    data: { firstName, lastName, username, ...about },
    headers: { origin: baseURL() },
  });
  expect(response.status()).toBe(200);
}

function header(page: Page) {
  const counts = page.getByRole("list", { name: "Profile counts" });
  return {
    name: (name: string) => page.getByRole("heading", { level: 2, name, exact: true }),
    count: (label: string) => counts.getByRole("listitem").filter({ hasText: label }),
    followers: counts.getByRole("button", { name: /Followers$/ }),
    following: counts.getByRole("button", { name: /Following$/ }),
    follow: page.getByRole("button", { name: "Follow", exact: true }),
    unfollow: page.getByRole("button", { name: "Unfollow", exact: true }),
    settings: page.getByRole("button", { name: "Settings", exact: true }),
  };
}

async function expectText(locator: Locator, text: string) {
  await expect.poll(async () => (await locator.textContent())?.trim()).toBe(text);
}

/** A choice of the grid/list switch (a segmented control: the label takes the click). */
function viewChoice(page: Page, name: "Grid view" | "List view"): Locator {
  return page.locator("label").filter({ hasText: new RegExp(`^${name}$`) });
}

function tab(page: Page, name: RegExp | string) {
  return page.getByRole("tab", { name });
}

/** Titles of the open tab's items, in order (cards in list view, tiles in grid view). */
function itemTitles(page: Page): Promise<string[]> {
  return page.getByRole("tabpanel").getByRole("article").locator("h2, h3").allTextContents();
}

describe("another person's profile", () => {
  test("by /user/@name, /profile/name and /profile/id; follow, the counts and list, then unfollow", async () => {
    const about = { bio: "Dumplings first, questions later.", location: "Oakland, CA" };
    const b = await anotherUser("bea", (page) => describeThemselves(page, about));
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      const a = await signUpViaApi(page, "abe");
      const h = header(page);

      await page.goto(`/user/@${b.username}`);
      await h.name(b.displayName).waitFor();
      await page.getByText(`@${b.username}`, { exact: true }).waitFor();
      await page.getByText(about.bio, { exact: true }).waitFor();
      await page.getByText(`Location: ${about.location}`, { exact: true }).waitFor();
      await expectText(h.followers, "0 Followers");
      expect(await h.settings.count()).toBe(0);

      await page.goto(`/profile/${b.username.toUpperCase()}`);
      await h.name(b.displayName).waitFor();

      // By id: ids have capitals, and an id matches only as written.
      const { profile } = (await (
        await page.request.get(`/api/profiles/${b.username}`)
      ).json()) as {
        profile: { id: string };
      };
      expect(profile.id).toMatch(/[A-Z]/);
      await page.goto(`/profile/${profile.id}`);
      await h.name(b.displayName).waitFor();

      // The button ignores presses while the request runs.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/api/profiles/*/follow", async (route) => {
        await held;
        await route.continue();
      });
      await h.follow.click();
      // Optimistic: the count and the button change at once.
      await expectText(h.followers, "1 Followers");
      await expect.poll(() => h.unfollow.getAttribute("aria-disabled")).toBe("true");
      release();
      await toastWith(page, "Followed")
        .getByText(`You are now following ${b.displayName}`)
        .waitFor();
      await expect.poll(() => h.unfollow.getAttribute("aria-disabled")).toBe("false");
      await page.reload();
      await expectText(h.followers, "1 Followers");
      await h.unfollow.waitFor();

      await h.followers.click();
      const dialog = page.getByRole("dialog", { name: "Followers" });
      const entry = dialog.getByRole("link", { name: `${a.displayName} @${a.username}` });
      await entry.waitFor();
      expect(await entry.getAttribute("href")).toBe(`/user/${a.username}`);
      // You never follow yourself: no button on your own row.
      expect(await dialog.getByRole("button", { name: /^(Follow|Unfollow)$/ }).count()).toBe(0);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      await h.unfollow.click();
      await toastWith(page, "Unfollowed")
        .getByText(`You are no longer following ${b.displayName}`)
        .waitFor();
      await expectText(h.followers, "0 Followers");
      await h.follow.waitFor();

      // A's own Following list is empty again.
      await page.goto("/profile");
      await h.name(a.displayName).waitFor();
      await expectText(h.following, "0 Following");
      await h.following.click();
      await page
        .getByRole("dialog", { name: "Following" })
        .getByText("Not following anyone yet", { exact: true })
        .waitFor();
    });
  });

  test("visitors see the profile and are asked to sign in to follow", async () => {
    const b = await anotherUser("vic");
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      const h = header(page);
      await page.goto(`/user/${b.username}`);
      await h.name(b.displayName).waitFor();
      await tab(page, "Posts (0)").waitFor();
      await h.follow.click();
      const prompt = toastWith(page, "Authentication required");
      await prompt.getByText("Please sign in to follow users", { exact: true }).waitFor();
      await expectText(h.followers, "0 Followers");
      await prompt.getByRole("button", { name: "Sign in" }).click();
      await waitForPath(page, "/auth");
    });
  });

  test("keyboard only: Tab to Follow, Enter follows", async () => {
    const b = await anotherUser("kay");
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "keys");
      const h = header(page);
      await page.goto(`/user/${b.username}`);
      await h.name(b.displayName).waitFor();
      let focused = "";
      for (let presses = 0; presses < 40 && focused !== "Follow"; presses++) {
        await page.keyboard.press("Tab");
        focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
      }
      expect(focused).toBe("Follow");
      await page.keyboard.press("Enter");
      await toastWith(page, "Followed").waitFor();
      await expectText(h.followers, "1 Followers");
      // Focus stays on the button, now Unfollow.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
        .toBe("Unfollow");
    });
  });

  test("an unknown user: User Not Found and the way to the feed", async () => {
    const handle = `nobody_${Date.now().toString(36)}`;
    await withPageExpectingErrors(
      browser,
      { viewport: MOBILE },
      [{ status: 404, path: `/api/profiles/${handle}` }],
      async (page) => {
        await page.goto(`/user/@${handle}`);
        await page.getByText("User Not Found", { exact: true }).waitFor();
        await page
          .getByText("The user you're looking for doesn't exist.", { exact: true })
          .waitFor();
        await page.getByRole("link", { name: "Go to Feed" }).click();
        await waitForPath(page, "/feed");
      },
    );
  });
});

/** A signed-in author with two dish reviews and a post, seeded through the API. */
async function authorWithContent(page: Page, label: string) {
  const user = await signUpViaApi(page, label);
  const ramen = unique("Shoyu Ramen");
  const tacos = unique("Birria Tacos");
  const post = unique("Night market notes");
  await seedDishReview(page, { title: ramen, rating: 5, cost: 15, photos: [photo] });
  await seedDishReview(page, { title: tacos, rating: 2, cost: 9, photos: [photo] });
  await seedPost(page, { title: post, content: "Go hungry, bring cash." });
  return { user, ramen, tacos, post };
}

describe("own profile", () => {
  test("counts, tabs, search, sort and the remembered grid/list view", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      const { user, ramen, tacos, post } = await authorWithContent(page, "owner");
      const h = header(page);
      await page.goto("/profile");
      await h.name(user.displayName).waitFor();
      await h.settings.waitFor();
      expect(await h.follow.count()).toBe(0);
      await expectText(h.count("Reviews"), "2 Reviews");
      await expectText(h.count("Posts"), "1 Posts");

      // Posts is the default tab.
      expect(await tab(page, "Posts (1)").getAttribute("aria-selected")).toBe("true");
      await page.getByRole("heading", { name: post, exact: true }).waitFor();
      await tab(page, "Restaurants (0)").click();
      await page.getByText("No restaurant reviews yet", { exact: true }).waitFor();

      await tab(page, "Dishes (2)").click();
      await expect.poll(() => itemTitles(page)).toEqual([tacos, ramen]);
      // The tab lives in the address, so a reload stays on it.
      expect(new URL(page.url()).searchParams.get("tab")).toBe("dishes");

      const sort = page.getByRole("combobox", { name: "Sort by" });
      await sort.click();
      await page.getByRole("option", { name: "Rating (high to low)" }).click();
      await expect.poll(() => itemTitles(page)).toEqual([ramen, tacos]);
      await sort.click();
      await page.getByRole("option", { name: "Old" }).click();
      await expect.poll(() => itemTitles(page)).toEqual([ramen, tacos]);
      await sort.click();
      await page.getByRole("option", { name: "Price (low to high)" }).click();
      await expect.poll(() => itemTitles(page)).toEqual([tacos, ramen]);

      const search = page.getByRole("searchbox", { name: "Search dish reviews" });
      await search.fill("birria");
      await expect.poll(() => itemTitles(page)).toEqual([tacos]);
      await search.fill("no such dish anywhere");
      await page.getByText("No dishes found matching your search", { exact: true }).waitFor();
      await search.fill("");
      await expect.poll(async () => (await itemTitles(page)).length).toBe(2);

      // Grid by default (tiles), list on request; the choice survives a reload.
      const grid = page.getByRole("radio", { name: "Grid view" });
      const list = page.getByRole("radio", { name: "List view" });
      expect(await grid.isChecked()).toBe(true);
      await expect.poll(() => page.getByRole("tabpanel").locator("article h3").count()).toBe(2);
      await viewChoice(page, "List view").click();
      await expect.poll(() => page.getByRole("tabpanel").locator("article h2").count()).toBe(2);
      await page.reload();
      await tab(page, "Dishes (2)").waitFor();
      expect(await list.isChecked()).toBe(true);
      await expect.poll(() => page.getByRole("tabpanel").locator("article h2").count()).toBe(2);

      // A pointer opens the detail dialog.
      await page.getByRole("button", { name: ramen, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Dish Review" });
      await dialog.getByRole("heading", { name: ramen, exact: true }).waitFor();
    });
  });

  test("at 375 px every tab is whole and in sight, none cut off or scrolled away", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await signUpViaApi(page, "narrow");
      await page.goto("/profile");
      await tab(page, "Stats").waitFor();
      expect(await tabsAllInSight(page)).toEqual([
        "Posts (0)",
        "Dishes (0)",
        "Restaurants (0)",
        "Deals (0)",
        "Want to try (0)",
        "Diary",
        "Rankings",
        "Lists",
        "Stats",
      ]);
      await screenshot(page, "profile-tabs-narrow", { fullPage: false });
    });
  });

  test("on a phone an item opens its own page, and back returns to the tab", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      const { ramen } = await authorWithContent(page, "phone");
      await page.goto("/profile?tab=dishes");
      await page.getByRole("button", { name: ramen, exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/view/dish/"));
      await page.getByRole("heading", { name: ramen, exact: true }).waitFor();
      await page.goBack();
      await waitForPath(page, "/profile");
      expect(await tab(page, "Dishes (2)").getAttribute("aria-selected")).toBe("true");
    });
  });
});

describe("accessibility and screenshots", () => {
  let other: SeededUser;

  beforeAll(async () => {
    other = await anotherUser("ruth", async (page) => {
      await seedDishReview(page, {
        title: "Biang Biang Noodles",
        restaurant: { name: "Silk Road Kitchen", address: "210 Mission St, San Francisco, CA" },
        rating: 5,
        cost: 16.5,
        photos: [photo],
      });
    });
  });

  describe.each(LOOKS)("at $label", ({ viewport, colorScheme: scheme }) => {
    const options: PageOptions = { viewport, colorScheme: scheme };

    test("own profile (each tab, grid and list), another's profile, the followers list", async () => {
      await withPage(browser, options, async (page) => {
        const { user } = await authorWithContent(page, "looker");
        const h = header(page);
        await page.goto("/profile");
        await h.name(user.displayName).waitFor();
        await page.getByRole("tabpanel").getByRole("article").first().waitFor();
        expect(await renderedColorScheme(page)).toBe(scheme);
        await screenshot(page, "profile-own-posts");
        await expectNoAxeViolations(page);

        await tab(page, "Dishes (2)").click();
        await page.getByRole("tabpanel").locator("article h3").first().waitFor();
        await screenshot(page, "profile-own-dishes-grid");
        await expectNoAxeViolations(page);
        await viewChoice(page, "List view").click();
        await page.getByRole("tabpanel").locator("article h2").first().waitFor();
        await screenshot(page, "profile-own-dishes-list");
        await expectNoAxeViolations(page);

        await tab(page, "Restaurants (0)").click();
        await page.getByText("No restaurant reviews yet", { exact: true }).waitFor();
        await screenshot(page, "profile-own-restaurants");

        await page.goto(`/user/${other.username}`);
        await h.name(other.displayName).waitFor();
        await page.getByRole("tabpanel").getByText("No posts yet").waitFor();
        await h.follow.click();
        await toastWith(page, "Followed").waitFor();
        await expect.poll(() => h.unfollow.getAttribute("aria-disabled")).toBe("false");
        await screenshot(page, "profile-other");
        await expectNoAxeViolations(page);

        await h.followers.click();
        const dialog = page.getByRole("dialog", { name: "Followers" });
        await dialog.getByRole("link", { name: `${user.displayName} @${user.username}` }).waitFor();
        await screenshot(page, "profile-followers", { fullPage: false });
        await expectNoAxeViolations(page);
      });
    });
  });
});
