import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import {
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
  seedDeal,
  seedDishReview,
  seedPost,
  signUpViaApi,
  toastWith,
  useFixtureDir,
  withPageExpectingErrors,
} from "./support/content.ts";
import { focusedName, tabTo } from "./support/keyboard.ts";

/**
 * Explore in a real browser against the real server: a search handed over by the landing page,
 * matching with a typo and a prefix, the search and tab in the address (reload, back and
 * forward), restaurant and user cards (maps link, restaurant page, profile, Follow → Following),
 * the empty texts, a failed search with Retry, the keyboard path from the search box to a
 * result and to a deal's own page, and axe plus screenshots of every tab at 375 and 1280 px in
 * light and dark. Every test
 * also fails on any console error it did not expect.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("explore");

/**
 * Letters and digits unique to this run: every seeded title and the author's name hold it, so a
 * search for it finds this file's content and nothing another browser test file made.
 */
const token = `x${Date.now().toString(36)}`;
const seeded = {
  dish: `Adjaruli Khachapuri ${token}`,
  restaurant: `Supra House ${token}`,
  address: "575 Henry St, Brooklyn, NY",
  post: `Night market crawl ${token}`,
  deal: `Oyster happy hour ${token}`,
  dealRestaurant: "Shuck Shack",
};
/** Signs up with the token as last name and username prefix, so a people search finds them. */
let author: SeededUser;

beforeAll(async () => {
  const photo = await makePhoto(fixtures.path(), { width: 800, height: 600 });
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    author = await signUpViaApi(page, token);
    await seedDishReview(page, {
      title: seeded.dish,
      restaurant: {
        name: seeded.restaurant,
        address: seeded.address,
        priceLevel: 2,
        googleRating: 4.6,
      },
      rating: 5,
      cost: 14,
      description: "Boat-shaped bread, molten cheese, a runny yolk to stir in.",
      photos: [photo],
    });
    await seedPost(page, {
      title: seeded.post,
      content: "Skewers, dumplings and mango sticky rice, all before midnight.",
    });
    // Weekly, Mon–Fri 4–7 pm.
    await seedDeal(page, {
      title: seeded.deal,
      restaurant: seeded.dealRestaurant,
      details: "A dollar a shuck at the bar.",
    });
  });
});

const emptyResults = {
  dishes: { items: [] },
  restaurants: { restaurants: [] },
  posts: { items: [] },
  users: { users: [] },
  deals: { items: [] },
} as const;
type Tab = keyof typeof emptyResults;

function searchBox(page: Page): Locator {
  return page.getByRole("searchbox", { name: "Search" });
}

function tab(page: Page, name: "Dishes" | "Restaurants" | "Posts" | "Users" | "Deals"): Locator {
  return page.getByRole("tab", { name, exact: true });
}

function panel(page: Page): Locator {
  return page.getByRole("tabpanel");
}

/** The address's search and tab (null when absent). */
function addressState(page: Page): { q: string | null; tab: string | null } {
  const url = new URL(page.url());
  return { q: url.searchParams.get("q"), tab: url.searchParams.get("tab") };
}

async function expectAddress(page: Page, q: string | null, tabName: Tab | null): Promise<void> {
  await expect.poll(() => addressState(page)).toEqual({ q, tab: tabName });
}

const result = {
  dish: (page: Page) => panel(page).getByRole("heading", { name: seeded.dish, exact: true }),
  post: (page: Page) => panel(page).getByRole("heading", { name: seeded.post, exact: true }),
  deal: (page: Page) => panel(page).getByRole("heading", { name: seeded.deal, exact: true }),
  restaurant: (page: Page) =>
    panel(page).getByRole("link", { name: seeded.restaurant, exact: true }),
  user: (page: Page, name = author.displayName) =>
    panel(page).getByRole("link", { name, exact: true }),
};

/** The card (list item) whose link reads `name`. */
function cardOf(page: Page, name: string): Locator {
  return panel(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
}

describe("searching", () => {
  test("a search typed on the landing page arrives in /explore and finds all five kinds", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await page.goto("/");
      await page.getByRole("textbox", { name: "Search" }).fill(token);
      // Pressed, the button stays under the pointer (it once jumped half its height, so the
      // release landed on the box beside it and nothing was searched).
      const button = page.getByRole("button", { name: "Search", exact: true });
      const atRest = await button.boundingBox();
      if (!atRest) throw new Error("the Search button is not drawn");
      await page.mouse.move(atRest.x + atRest.width / 2, atRest.y + atRest.height / 2);
      await page.mouse.down();
      expect(Math.abs(((await button.boundingBox())?.y ?? 0) - atRest.y)).toBeLessThanOrEqual(2);
      await page.mouse.up();
      await waitForPath(page, "/explore");
      await expectAddress(page, token, null);
      expect(await searchBox(page).inputValue()).toBe(token);
      expect(await tab(page, "Dishes").getAttribute("aria-selected")).toBe("true");
      await result.dish(page).waitFor();

      await tab(page, "Restaurants").click();
      await result.restaurant(page).waitFor();
      await tab(page, "Posts").click();
      await result.post(page).waitFor();
      await tab(page, "Deals").click();
      await result.deal(page).waitFor();
      await expectAddress(page, token, "deals");
      await tab(page, "Users").click();
      await result.user(page).waitFor();
      await expectAddress(page, token, "users");

      // Visitors see the Follow button and are asked to sign in.
      await cardOf(page, author.displayName).getByRole("button", { name: "Follow" }).click();
      await toastWith(page, "Authentication required")
        .getByText("Please sign in to follow users", { exact: true })
        .waitFor();
    });
  });

  test("a typo and the start of a word still find the dish and the restaurant", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await page.goto("/explore");
      await searchBox(page).fill("khachapury");
      await expectAddress(page, "khachapury", null);
      await result.dish(page).waitFor();

      await searchBox(page).fill("adjaru");
      await expectAddress(page, "adjaru", null);
      await result.dish(page).waitFor();

      await tab(page, "Restaurants").click();
      await searchBox(page).fill(`supra hous ${token}`);
      await result.restaurant(page).waitFor();
      await searchBox(page).fill(`supre house ${token}`);
      await expectAddress(page, `supre house ${token}`, "restaurants");
      await result.restaurant(page).waitFor();
    });
  });

  test("the search and tab survive a reload, back and forward; typing adds no history", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await page.goto(`/explore?q=${token}&tab=posts`);
      await result.post(page).waitFor();
      await page.reload();
      await result.post(page).waitFor();
      expect(await tab(page, "Posts").getAttribute("aria-selected")).toBe("true");
      expect(await searchBox(page).inputValue()).toBe(token);

      await tab(page, "Users").click();
      await expectAddress(page, token, "users");
      await result.user(page).waitFor();
      await page.goBack();
      await expectAddress(page, token, "posts");
      await result.post(page).waitFor();
      await page.goForward();
      await expectAddress(page, token, "users");
      await result.user(page).waitFor();

      // Key by key, the address follows once typing pauses, replacing its entry.
      const entries = await page.evaluate(() => history.length);
      await searchBox(page).fill("");
      await searchBox(page).pressSequentially("khacha", { delay: 40 });
      await expectAddress(page, "khacha", "users");
      await page.getByText("No users found", { exact: true }).waitFor();
      expect(await page.evaluate(() => history.length)).toBe(entries);

      // Back leaves the typed search with its entry: the posts entry still holds the token.
      await page.goBack();
      await expectAddress(page, token, "posts");
      await expect.poll(() => searchBox(page).inputValue()).toBe(token);
      await result.post(page).waitFor();
    });
  });
});

describe("cards", () => {
  test("a restaurant card: maps link in a new tab, facts, and the whole card opens the page", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      // The maps search opens in a new tab; the test answers it instead of Google.
      await page
        .context()
        .route("https://www.google.com/**", (route) =>
          route.fulfill({ contentType: "text/html", body: "<title>Maps</title>" }),
        );
      await page.goto(`/explore?q=${token}&tab=restaurants`);
      const card = cardOf(page, seeded.restaurant);
      await card.waitFor();
      const maps = card.getByRole("link", {
        name: `${seeded.address} (opens Google Maps in a new tab)`,
      });
      expect(await maps.getAttribute("href")).toBe(
        `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(seeded.address)}`,
      );
      expect(await maps.getAttribute("target")).toBe("_blank");
      await card.getByText("Google rating 4.6", { exact: true }).waitFor();
      await card.getByText("Price level 2 of 4", { exact: true }).waitFor();
      await card.getByText("1 review", { exact: true }).waitFor();

      const [mapsTab] = await Promise.all([page.context().waitForEvent("page"), maps.click()]);
      await mapsTab.close();
      // The address link did not also open the card.
      await waitForPath(page, "/explore");

      // A click anywhere on the card (here in its empty bottom-right corner) opens the page.
      const box = await card.boundingBox();
      if (!box) throw new Error("the restaurant card has no box");
      await card.click({ position: { x: box.width - 12, y: box.height - 12 } });
      await page.waitForURL((url) => url.pathname.startsWith("/b/r/"));
      await page.getByRole("heading", { name: seeded.restaurant }).first().waitFor();
    });
  });

  test("a user card: Follow flips to Following with the toast and the count; the card opens the profile", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      const viewer = await signUpViaApi(page, "finder");
      await page.goto(`/explore?q=${token}&tab=users`);
      const card = cardOf(page, author.displayName);
      await card.getByText(`@${author.username}`, { exact: true }).waitFor();
      await card.getByText("0 followers", { exact: true }).waitFor();
      await card.getByText("1 review", { exact: true }).waitFor();

      await card.getByRole("button", { name: "Follow", exact: true }).click();
      await toastWith(page, "Following")
        .getByText(`You are now following ${author.displayName}`, { exact: true })
        .waitFor();
      const following = card.getByRole("button", { name: "Following", exact: true });
      await following.waitFor();
      expect(await following.getAttribute("aria-pressed")).toBe("true");
      await card.getByText("1 follower", { exact: true }).waitFor();
      // The server's answer agrees once the search is read again.
      await page.reload();
      await cardOf(page, author.displayName).getByText("1 follower", { exact: true }).waitFor();
      await following.waitFor();

      await result.user(page).click();
      await waitForPath(page, `/user/${author.username}`);
      await page.getByRole("heading", { level: 2, name: author.displayName }).waitFor();

      // Your own card has no Follow button.
      await page.goto(`/explore?q=${viewer.username}&tab=users`);
      const own = cardOf(page, viewer.displayName);
      await own.getByText("1 following", { exact: true }).waitFor();
      expect(await own.getByRole("button").count()).toBe(0);
    });
  });
});

describe("empty and failing searches", () => {
  test("each tab's text for no matches, and for nothing at all", async () => {
    const texts: Record<Tab, { noMatches: string; none: string }> = {
      dishes: { noMatches: "No dish reviews found", none: "No dish reviews yet" },
      restaurants: { noMatches: "No restaurants found", none: "No restaurants yet" },
      posts: { noMatches: "No posts found", none: "No posts yet" },
      users: { noMatches: "No users found", none: "No users yet" },
      deals: { noMatches: "No deals found", none: "No deals yet" },
    };
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      for (const [name, text] of Object.entries(texts) as [Tab, (typeof texts)[Tab]][]) {
        await page.goto(`/explore?q=nothing${token}matches&tab=${name}`);
        await panel(page).getByText(text.noMatches, { exact: true }).waitFor();
      }
      // Other test files fill the database, so an empty site is played by the network.
      await page.route(
        (url) => url.pathname.startsWith("/api/search/") && !url.searchParams.has("q"),
        (route) => {
          const name = new URL(route.request().url()).pathname.split("/").pop() as Tab;
          return route.fulfill({ json: emptyResults[name] });
        },
      );
      for (const [name, text] of Object.entries(texts) as [Tab, (typeof texts)[Tab]][]) {
        await page.goto(`/explore?tab=${name}`);
        await panel(page).getByText(text.none, { exact: true }).waitFor();
      }
    });
  });

  test("a failed search shows an error with Retry, never the empty text; Retry recovers", async () => {
    const path = `/api/search/users?q=${token}`;
    await withPageExpectingErrors(
      browser,
      { viewport: MOBILE },
      [
        { status: 500, path },
        { status: 500, path },
        { console: "Explore: the users search failed" },
      ],
      async (page) => {
        let failing = true;
        await page.route(
          (url) => url.pathname === "/api/search/users",
          (route) =>
            failing
              ? route.fulfill({
                  status: 500,
                  json: { error: { code: "INTERNAL_ERROR", message: "Internal Server Error" } },
                })
              : route.continue(),
        );
        await page.goto(`/explore?q=${token}&tab=users`);
        await panel(page).getByText("We couldn't load users", { exact: true }).waitFor();
        await toastWith(page, "Failed to load users").waitFor();
        expect(await page.getByText("No users found").count()).toBe(0);
        await screenshot(page, "explore-error");

        failing = false;
        await panel(page).getByRole("button", { name: "Retry" }).click();
        await result.user(page).waitFor();
      },
    );
  });
});

test("keyboard only: type a search, move to a tab, open a result", async () => {
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    await page.goto("/explore");
    await searchBox(page).waitFor();
    let focused = "";
    for (let presses = 0; presses < 30 && focused !== "Search"; presses++) {
      await page.keyboard.press("Tab");
      focused = await focusedName(page);
    }
    expect(focused).toBe("Search");
    await page.keyboard.type(token);
    await expectAddress(page, token, null);
    await result.dish(page).waitFor();

    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("Dishes");
    await page.keyboard.press("ArrowRight");
    await expectAddress(page, token, "restaurants");
    // The dishes stay listed until the restaurants arrive, and a dish card links its restaurant
    // by the same name: Tab would walk the dishes while they are replaced.
    await result.dish(page).waitFor({ state: "detached" });
    await result.restaurant(page).waitFor();

    const visited: string[] = [];
    for (let presses = 0; presses < 15 && focused !== seeded.restaurant; presses++) {
      await page.keyboard.press("Tab");
      focused = await focusedName(page);
      visited.push(focused);
    }
    expect(focused, `focus went through: ${visited.join(" → ")}`).toBe(seeded.restaurant);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/b/r/"));
    await page.getByRole("heading", { name: seeded.restaurant }).first().waitFor();
  });
});

test("keyboard only on a phone: search a deal's words, move to Deals, open the deal's page", async () => {
  await withPage(browser, { viewport: MOBILE }, async (page) => {
    await signUpViaApi(page, "dealSeeker");
    await page.goto("/explore");
    await tabTo(page, searchBox(page), 30);
    // Words of the deal's details, and the token of its title.
    await page.keyboard.type(`shuck bar ${token}`);
    await expectAddress(page, `shuck bar ${token}`, null);

    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("Dishes");
    for (let presses = 0; presses < 4; presses++) await page.keyboard.press("ArrowRight");
    expect(await focusedName(page)).toBe("Deals");
    await expectAddress(page, `shuck bar ${token}`, "deals");
    const card = panel(page).getByRole("article", { name: seeded.deal });
    await card.getByText("Deal", { exact: true }).waitFor();
    await card.getByText("Mon–Fri 4–7 pm").waitFor();
    await card.getByText(seeded.dealRestaurant).first().waitFor();

    await tabTo(page, seeded.deal, 15);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/view/deal/"));
    await page.getByRole("heading", { name: seeded.deal }).waitFor();
  });
});

test("at 375 px every tab is whole and in sight, none cut off or scrolled away", async () => {
  await withPage(browser, { viewport: MOBILE }, async (page) => {
    await signUpViaApi(page, "narrowExplorer");
    await page.goto("/explore");
    await page.getByRole("tab", { name: "For you" }).waitFor();
    expect(await tabsAllInSight(page)).toEqual([
      "For you",
      "Dishes",
      "Restaurants",
      "Posts",
      "Users",
      "Deals",
      "Nearby",
    ]);
    await screenshot(page, "explore-tabs-narrow", { fullPage: false });
  });
});

describe("accessibility and screenshots", () => {
  describe.each(LOOKS)("at $label", ({ viewport, colorScheme: scheme }) => {
    const options: PageOptions = { viewport, colorScheme: scheme };

    test("every tab with results, and a search that matches nothing", async () => {
      await withPage(browser, options, async (page) => {
        await signUpViaApi(page, "looker");
        const shots: [Tab, Locator][] = [
          ["dishes", result.dish(page)],
          ["restaurants", result.restaurant(page)],
          ["posts", result.post(page)],
          ["users", result.user(page)],
          ["deals", result.deal(page)],
        ];
        for (const [name, found] of shots) {
          await page.goto(`/explore?q=${token}&tab=${name}`);
          await found.waitFor();
          expect(await renderedColorScheme(page)).toBe(scheme);
          await screenshot(page, `explore-${name}`);
          await expectNoAxeViolations(page);
        }

        await page.goto(`/explore?q=nothing${token}matches`);
        await page.getByText("No dish reviews found", { exact: true }).waitFor();
        await screenshot(page, "explore-no-matches");
        await expectNoAxeViolations(page);
      });
    });
  });
});
