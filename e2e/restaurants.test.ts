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
  useBrowser,
  withPage,
} from "./support/browser.ts";
import {
  followViaApi,
  makePhoto,
  type RestaurantSeed,
  type SeededUser,
  seedDishReview,
  seedPost,
  seedRestaurantReview,
  signUpViaApi,
  useFixtureDir,
  withPageExpectingErrors,
} from "./support/content.ts";
import { tabTo } from "./support/keyboard.ts";

/**
 * The restaurant page in a real browser against the real server: header and stats computed from
 * seeded reviews (by slug and by id), the Posts, Dishes and Restaurant tabs with search, sort,
 * the remembered grid/list view and Load more, the "People you follow" section for someone who
 * follows a reviewer (and not for visitors), a failed load with Retry, freshness after a like
 * and a delete, an unknown slug, the keyboard path from tab to review, and axe plus screenshots
 * at 375 and 1280 px in light and dark. Every test also fails on any console error.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("restaurants");

/** A token making this run's names unique, so parallel test files never share a restaurant. */
const token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface SeededRestaurant {
  id: string;
  slug: string;
  name: string;
  /** Titles of the dish reviews by who wrote them. */
  dishes: { ramen: string; gyoza: string; eggplant: string };
  post: string;
  ana: SeededUser;
  bea: SeededUser;
}

/**
 * Ana reviews two dishes (5 and 3 stars) and the place (5 stars) and writes a post; then Bea
 * reviews a dish (4 stars) and the place (2 stars). Dishes average (5 + 3 + 4) / 3 = 4.0 of 3,
 * restaurant reviews (5 + 2) / 2 = 3.5 of 2; one post.
 */
async function seedRestaurant(label: string): Promise<SeededRestaurant> {
  const photo = await makePhoto(fixtures.path(), { width: 640, height: 480 });
  const green = await makePhoto(fixtures.path(), {
    width: 640,
    height: 480,
    color: { r: 90, g: 150, b: 70 },
  });
  const restaurant: RestaurantSeed = {
    name: `${label} Hearth ${token}`,
    address: "12 Elm St, Portland, OR 97205",
    website: "hearth.example",
    phone: "+1 503 555 0100",
    googleRating: 4.6,
  };
  const dishes = {
    ramen: `Tonkotsu Ramen ${token}`,
    gyoza: `Pork Gyoza ${token}`,
    eggplant: `Miso Eggplant ${token}`,
  };
  const post = `Late night at the Hearth ${token}`;
  let ana: SeededUser | undefined;
  let bea: SeededUser | undefined;
  let id = "";
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    ana = await signUpViaApi(page, "ana");
    const first = await seedDishReview(page, {
      title: dishes.ramen,
      restaurant,
      rating: 5,
      cost: 18,
      description: "Rich broth, springy noodles.",
      photos: [photo],
    });
    id = first.restaurant?.id ?? "";
    await seedDishReview(page, {
      title: dishes.gyoza,
      restaurant,
      rating: 3,
      cost: 9,
      photos: [green],
    });
    await seedRestaurantReview(page, {
      restaurant,
      rating: 5,
      priceRange: 2,
      description: "Warm room, quick service.",
    });
    await seedPost(page, { title: post, content: "Go hungry.", restaurant });
  });
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    bea = await signUpViaApi(page, "bea");
    await seedDishReview(page, {
      title: dishes.eggplant,
      restaurant,
      rating: 4,
      cost: 12,
      description: "Sweet, smoky, gone in a minute.",
      photos: [photo],
    });
    await seedRestaurantReview(page, {
      restaurant,
      rating: 2,
      description: "Too loud on weekends.",
    });
  });
  expect(id).not.toBe("");
  // The page gives a restaurant its slug on first view when it has none yet.
  const slug = await withNewPage(async (page) => {
    const response = await page.request.get(`/api/restaurants/${id}`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { slug: string }).slug;
  });
  return {
    id,
    slug,
    name: restaurant.name,
    dishes,
    post,
    ana: ana as SeededUser,
    bea: bea as SeededUser,
  };
}

async function withNewPage<T>(body: (page: Page) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    result = await body(page);
  });
  return result as T;
}

function tab(page: Page, name: string | RegExp): Locator {
  return page.getByRole("tab", { name });
}

/** Titles of the open tab's items, in order (cards in list view, tiles in grid view). */
function itemTitles(page: Page): Promise<string[]> {
  return page.getByRole("tabpanel").getByRole("article").locator("h2, h3").allTextContents();
}

/** A choice of the grid/list switch (a segmented control: the label takes the click). */
function viewChoice(page: Page, name: "Grid view" | "List view"): Locator {
  return page.locator("label").filter({ hasText: new RegExp(`^${name}$`) });
}

function stat(page: Page, label: string): Locator {
  return page
    .getByRole("list", { name: "Ratings" })
    .getByRole("listitem")
    .filter({ hasText: label });
}

function followedSection(page: Page): Locator {
  return page.getByRole("region", { name: "People you follow" });
}

async function openRestaurant(page: Page, path: string, name: string) {
  await page.goto(path);
  await page.getByRole("heading", { level: 2, name, exact: true }).waitFor();
}

describe("a restaurant's page", () => {
  let place: SeededRestaurant;

  beforeAll(async () => {
    place = await seedRestaurant("Page");
  });

  test("by slug and by id: details, stats and tab labels from the seeded reviews", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openRestaurant(page, `/b/r/${place.slug}`, place.name);

      const website = page.getByRole("link", { name: /^hearth\.example/ });
      expect(await website.getAttribute("href")).toBe("https://hearth.example");
      const address = page.getByRole("link", { name: /^12 Elm St, Portland, OR 97205/ });
      expect(await address.getAttribute("href")).toContain("google.com/maps/search");
      expect(await page.getByRole("link", { name: "+1 503 555 0100" }).getAttribute("href")).toBe(
        "tel:+15035550100",
      );

      await expect.poll(() => stat(page, "Dish rating").textContent()).toContain("4.0");
      expect(await stat(page, "Dish rating").textContent()).toContain("3 reviews");
      expect(await stat(page, "Google rating").textContent()).toContain("4.6");
      expect(await stat(page, "Restaurant rating").textContent()).toContain("3.5");
      expect(await stat(page, "Restaurant rating").textContent()).toContain("2 reviews");

      await tab(page, "Posts (1)").waitFor();
      await tab(page, "Dishes (4.0, 3)").waitFor();
      await tab(page, "Restaurant (3.5, 2)").waitFor();
      // Visitors never see a "people you follow" section.
      await page.getByRole("tabpanel").getByRole("article").first().waitFor();
      expect(await followedSection(page).count()).toBe(0);

      await openRestaurant(page, `/restaurant/${place.id}`, place.name);
      await tab(page, "Dishes (4.0, 3)").waitFor();
      expect(await stat(page, "Dish rating").textContent()).toContain("4.0");
    });
  });

  test("tabs list their items; search, sort and the grid/list view remembered on reload", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openRestaurant(page, `/b/r/${place.slug}`, place.name);
      const { ramen, gyoza, eggplant } = place.dishes;

      // The page opens on its dish reviews; another tab is named in the address.
      expect(await tab(page, "Dishes (4.0, 3)").getAttribute("aria-selected")).toBe("true");
      await expect.poll(() => itemTitles(page)).toEqual([eggplant, gyoza, ramen]);
      await tab(page, "Posts (1)").click();
      await expect.poll(() => itemTitles(page)).toEqual([place.post]);
      expect(new URL(page.url()).searchParams.get("tab")).toBe("posts");
      await tab(page, "Dishes (4.0, 3)").click();
      await expect.poll(() => itemTitles(page)).toEqual([eggplant, gyoza, ramen]);
      expect(new URL(page.url()).searchParams.get("tab")).toBeNull();

      const sort = page.getByRole("combobox", { name: "Sort by" });
      await sort.click();
      await page.getByRole("option", { name: "Rating (high to low)" }).click();
      await expect.poll(() => itemTitles(page)).toEqual([ramen, eggplant, gyoza]);
      await sort.click();
      await page.getByRole("option", { name: "Rating (low to high)" }).click();
      await expect.poll(() => itemTitles(page)).toEqual([gyoza, eggplant, ramen]);

      const search = page.getByRole("searchbox", { name: "Search dishes" });
      await search.fill("gyoza");
      await expect.poll(() => itemTitles(page)).toEqual([gyoza]);
      await search.fill("no such dish anywhere");
      await page.getByText("No dishes found matching your search", { exact: true }).waitFor();
      await search.fill("");
      await expect.poll(async () => (await itemTitles(page)).length).toBe(3);

      // Grid by default (tiles name the author here), list on request; it survives a reload.
      const grid = page.getByRole("radio", { name: "Grid view" });
      const list = page.getByRole("radio", { name: "List view" });
      expect(await grid.isChecked()).toBe(true);
      await expect.poll(() => page.getByRole("tabpanel").locator("article h3").count()).toBe(3);
      const eggplantTile = page.getByRole("tabpanel").getByRole("article", { name: eggplant });
      expect(await eggplantTile.textContent()).toContain(place.bea.displayName);
      await viewChoice(page, "List view").click();
      await expect.poll(() => page.getByRole("tabpanel").locator("article h2").count()).toBe(3);
      await page.reload();
      await tab(page, "Dishes (4.0, 3)").waitFor();
      expect(await list.isChecked()).toBe(true);
      await expect.poll(() => page.getByRole("tabpanel").locator("article h2").count()).toBe(3);

      // The restaurant reviews, newest first: Bea's, then Ana's.
      await tab(page, "Restaurant (3.5, 2)").click();
      const reviews = page.getByRole("tabpanel").getByRole("article");
      await expect.poll(() => reviews.count()).toBe(2);
      expect(await reviews.nth(0).textContent()).toContain("Too loud on weekends.");
      expect(await reviews.nth(1).textContent()).toContain("Warm room, quick service.");
      await page.getByRole("searchbox", { name: "Search restaurant reviews" }).fill("loud");
      await expect.poll(() => reviews.count()).toBe(1);
      await page.getByRole("searchbox", { name: "Search restaurant reviews" }).fill("zzzz qqqq");
      await page
        .getByText("No restaurant reviews found matching your search", { exact: true })
        .waitFor();

      // A pointer opens the detail dialog.
      await tab(page, "Dishes (4.0, 3)").click();
      await page.getByRole("button", { name: ramen, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Dish Review" });
      await dialog.getByRole("heading", { name: ramen, exact: true }).waitFor();
    });
  });

  test("someone who follows a reviewer sees their reviews first", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "fan");
      await followViaApi(page, place.bea);
      await openRestaurant(page, `/b/r/${place.slug}`, place.name);

      const section = followedSection(page);
      await section.waitFor();
      await section
        .getByText(`${place.bea.displayName} reviewed this place`, { exact: true })
        .waitFor();
      // Bea's reviews only, newest first: the restaurant review, then the dish.
      const cards = section.getByRole("article");
      await expect.poll(() => cards.count()).toBe(2);
      expect(await cards.nth(0).textContent()).toContain("Too loud on weekends.");
      expect(await cards.nth(1).locator("h3").textContent()).toBe(place.dishes.eggplant);

      await section.getByRole("button", { name: place.dishes.eggplant, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Dish Review" });
      await dialog.getByRole("heading", { name: place.dishes.eggplant, exact: true }).waitFor();
    });
  });

  test("someone who follows nobody who reviewed here sees no such section", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await signUpViaApi(page, "loner");
      await openRestaurant(page, `/b/r/${place.slug}`, place.name);
      await page.getByRole("tabpanel").getByRole("article").first().waitFor();
      expect(await followedSection(page).count()).toBe(0);
    });
  });

  test("a tab that fails to load says so and offers Retry, never the empty text", async () => {
    const path = `/api/restaurants/${place.id}/items?limit=20&tab=posts&sort=recent`;
    // The first read and the query's one automatic retry both fail.
    const failure = { status: 500, path };
    await withPageExpectingErrors(
      browser,
      { viewport: MOBILE },
      [failure, failure],
      async (page) => {
        let failed = 0;
        await page.route(`**${path}`, async (route) => {
          if (failed >= 2) return route.continue();
          failed += 1;
          await route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "INTERNAL", message: "Down for a moment" } }),
          });
        });
        await openRestaurant(page, `/b/r/${place.slug}?tab=posts`, place.name);
        const panel = page.getByRole("tabpanel");
        await panel.getByText("We couldn't load posts", { exact: true }).waitFor();
        expect(await panel.getByText("No posts yet").count()).toBe(0);
        await panel.getByRole("button", { name: "Retry" }).click();
        await expect.poll(() => itemTitles(page)).toEqual([place.post]);
      },
    );
  });

  test("keyboard only: switch tabs, search the dishes, open a review", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openRestaurant(page, `/b/r/${place.slug}`, place.name);
      await tabTo(page, "Dishes (4.0, 3)");
      // Arrow keys move between tabs and open them.
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => tab(page, "Posts (1)").getAttribute("aria-selected")).toBe("true");
      await page.keyboard.press("ArrowRight");
      await expect
        .poll(() => tab(page, "Dishes (4.0, 3)").getAttribute("aria-selected"))
        .toBe("true");
      await tabTo(page, "Search dishes", 3);
      await page.keyboard.type("eggplant");
      await expect.poll(() => itemTitles(page)).toEqual([place.dishes.eggplant]);
      await tabTo(page, place.dishes.eggplant);
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Dish Review" });
      await dialog.getByRole("heading", { name: place.dishes.eggplant, exact: true }).waitFor();
    });
  });
});

describe("more than a page", () => {
  test("Load more brings the rest of the posts", async () => {
    const restaurant = { name: `Busy Corner ${token}`, address: "3 Pine St, Austin, TX 78701" };
    const titles: string[] = [];
    let restaurantId = "";
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "poster");
      for (let index = 1; index <= 21; index++) {
        const title = `Corner note ${index} ${token}`;
        titles.push(title);
        const post = await seedPost(page, { title, restaurant });
        restaurantId = post.restaurant?.id ?? "";
      }
    });
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await openRestaurant(page, `/restaurant/${restaurantId}`, restaurant.name);
      await tab(page, "Posts (21)").waitFor();
      await expect.poll(async () => (await itemTitles(page)).length).toBe(20);
      expect((await itemTitles(page))[0]).toBe(titles[20]);
      await page.getByRole("button", { name: "Load more" }).click();
      await expect.poll(async () => (await itemTitles(page)).length).toBe(21);
      expect((await itemTitles(page))[20]).toBe(titles[0]);
      expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
    });
  });
});

describe("after changes elsewhere", () => {
  test("a like and a delete show on the page when the person comes back", async () => {
    const restaurant = { name: `Fresh Table ${token}`, address: "8 Oak St, Denver, CO 80202" };
    const photo = await makePhoto(fixtures.path(), { width: 320, height: 240 });
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "changer");
      const kept = `Green Curry ${token}`;
      const dropped = `Cold Noodles ${token}`;
      const first = await seedDishReview(page, {
        title: kept,
        restaurant,
        rating: 5,
        photos: [photo],
      });
      await seedDishReview(page, { title: dropped, restaurant, rating: 3, photos: [photo] });
      await openRestaurant(page, `/restaurant/${first.restaurant?.id}?tab=dishes`, restaurant.name);
      await tab(page, "Dishes (4.0, 2)").waitFor();
      await viewChoice(page, "List view").click();

      const keptCard = page.getByRole("tabpanel").getByRole("article", { name: kept });
      await keptCard.getByRole("button", { name: "Like, 0 likes" }).click();
      await keptCard.getByRole("button", { name: "Like, 1 like" }).waitFor();

      // Deleting from the page's detail dialog ends on the profile, as everywhere.
      await page.getByRole("button", { name: dropped, exact: true }).click();
      const detail = page.getByRole("dialog", { name: "Dish Review" });
      await detail.getByRole("button", { name: "Review options" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete Review" });
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/profile");

      // Back on the restaurant (well within the cache's freshness): stats, tab and list follow.
      await page.goBack();
      await tab(page, "Dishes (5.0, 1)").waitFor();
      await expect.poll(() => stat(page, "Dish rating").textContent()).toContain("1 review");
      expect(await stat(page, "Dish rating").textContent()).toContain("5.0");
      await expect.poll(() => itemTitles(page)).toEqual([kept]);
      await keptCard.getByRole("button", { name: "Like, 1 like" }).waitFor();
    });
  });
});

describe("a restaurant that does not exist", () => {
  test("Restaurant not found, and the way to Explore", async () => {
    const slug = `nowhere-${token}`;
    await withPageExpectingErrors(
      browser,
      { viewport: MOBILE },
      [{ status: 404, path: `/api/restaurants/${slug}` }],
      async (page) => {
        await page.goto(`/b/r/${slug}`);
        await page.getByText("Restaurant not found", { exact: true }).waitFor();
        await page.getByRole("link", { name: "Explore restaurants" }).waitFor();
      },
    );
  });
});

/**
 * A full-page screenshot taken from the top: after a tab lower down was clicked, a full-page
 * capture would draw the sticky bars where the page was scrolled to, over the content.
 */
async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

describe("accessibility and screenshots", () => {
  let place: SeededRestaurant;

  beforeAll(async () => {
    place = await seedRestaurant("Looks");
  });

  describe.each(LOOKS)("at $label", ({ viewport, colorScheme: scheme }) => {
    const options: PageOptions = { viewport, colorScheme: scheme };

    test("each tab, grid and list, with the people you follow", async () => {
      await withPage(browser, options, async (page) => {
        await signUpViaApi(page, "looker");
        await followViaApi(page, place.bea);
        await followViaApi(page, place.ana);
        await openRestaurant(page, `/b/r/${place.slug}`, place.name);
        await followedSection(page).getByRole("article").first().waitFor();
        await page.getByRole("tabpanel").locator("article h3").first().waitFor();
        expect(await renderedColorScheme(page)).toBe(scheme);
        await screenshotFromTop(page, "restaurant-dishes-grid");
        await expectNoAxeViolations(page);
        await viewChoice(page, "List view").click();
        await page.getByRole("tabpanel").locator("article h2").first().waitFor();
        await screenshotFromTop(page, "restaurant-dishes-list");
        await expectNoAxeViolations(page);

        await tab(page, "Restaurant (3.5, 2)").click();
        await page.getByRole("tabpanel").getByText("Too loud on weekends.").waitFor();
        await screenshotFromTop(page, "restaurant-reviews-list");
        await expectNoAxeViolations(page);
        await viewChoice(page, "Grid view").click();
        await page.getByRole("tabpanel").locator("article h3").first().waitFor();
        await screenshotFromTop(page, "restaurant-reviews-grid");
        await expectNoAxeViolations(page);

        await tab(page, "Posts (1)").click();
        await page.getByRole("tabpanel").getByRole("article").first().waitFor();
        await screenshotFromTop(page, "restaurant-posts");
        await expectNoAxeViolations(page);
      });
    });

    test("not found", async () => {
      const slug = `gone-${token}`;
      await withPageExpectingErrors(
        browser,
        options,
        [{ status: 404, path: `/api/restaurants/${slug}` }],
        async (page) => {
          await page.goto(`/b/r/${slug}`);
          await page.getByText("Restaurant not found", { exact: true }).waitFor();
          await screenshot(page, "restaurant-not-found");
          await expectNoAxeViolations(page);
        },
      );
    });
  });
});
