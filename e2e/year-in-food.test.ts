import pg from "pg";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { yearCardPath } from "#domain/year-card-path.ts";
import { lastOpenYear } from "#domain/year-in-food.ts";
import { yearInFoodMessages } from "#domain/year-in-food-rules.ts";
import {
  baseURL,
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  screenshot,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import {
  makePhoto,
  type SeededItem,
  type SeededUser,
  seedDishReview,
  seedRestaurantReview,
  signInViaApi,
  signUpViaApi,
  useFixtureDir,
} from "./support/content.ts";
import { tabTo } from "./support/keyboard.ts";

/**
 * Year in Food in a real browser against the real server: a person's recap of last year (their
 * reviews moved there in the database, since the API dates reviews now and this year opens in
 * December only) shows the year's numbers, the top dish with its photo and the most liked
 * review; the year switcher is used by keyboard; axe plus screenshots at 375 and 1280 px in
 * light and dark. Every test also fails on any console error.
 *
 * Moving reviews to last year needs the server's database: the suite's scratch PostgreSQL
 * database (TEST_DATABASE_URL). On embedded PGlite nothing outside the server can reach it, so
 * the recap is skipped there, but never under CI.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("year-in-food");
const databaseURL = inject("databaseURL");

const token = `y${Date.now().toString(36)}`;
const lastYear = new Date().getUTCFullYear() - 1;
const yearBefore = lastYear - 1;
const names = {
  best: `Saffron Risotto ${token}`,
  liked: `Midnight Ramen ${token}`,
  older: `Old Favourite ${token}`,
  placeA: `Osteria Luna ${token}`,
  placeB: `Ramen Yokocho ${token}`,
  room: `Corner Bistro ${token}`,
};

let eater: SeededUser;

test("runs the recap on the suite's PostgreSQL database under CI", () => {
  if (process.env.CI) expect(databaseURL, "CI sets TEST_DATABASE_URL").not.toBe("");
  if (!databaseURL) console.warn("year-in-food: embedded database, the recap tests are skipped");
});

/** Moves reviews to a moment of another year, as if eaten and written then. */
async function backdate(items: SeededItem[], year: number, month: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseURL });
  await client.connect();
  try {
    await client.query(
      `update reviews set created_at = make_timestamptz($1, $2, 15, 12, 0, 0, 'UTC'),
                          visited_on = make_date($1, $2, 15)
        where id = any($3::uuid[])`,
      [year, month, items.map((item) => item.id)],
    );
  } finally {
    await client.end();
  }
}

const recapPath = (year: number) => `/user/${eater.username}/year/${year}`;

function stat(page: Page, label: string): Locator {
  return page.getByRole("listitem").filter({ hasText: label });
}

describe.skipIf(!databaseURL)("a past year's recap", () => {
  beforeAll(async () => {
    const photo = await makePhoto(fixtures.path(), {
      width: 800,
      height: 600,
      color: { r: 200, g: 140, b: 40 },
    });
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      eater = await signUpViaApi(page, "eater");
      const placeA = { name: names.placeA, lat: 40.7209, lng: -73.9962 };
      const best = await seedDishReview(page, {
        title: names.best,
        restaurant: placeA,
        rating: 5,
        photos: [photo],
      });
      const liked = await seedDishReview(page, {
        title: names.liked,
        restaurant: { name: names.placeB, lat: 40.7306, lng: -73.9866 },
        rating: 4,
        photos: [photo],
      });
      const room = await seedRestaurantReview(page, {
        restaurant: { name: names.room },
        rating: 3,
      });
      const older = await seedDishReview(page, {
        title: names.older,
        restaurant: placeA,
        rating: 4,
        photos: [photo],
      });
      // Someone else likes one review: the year's most liked.
      await signUpViaApi(page, "fan");
      const like = await page.request.put(`/api/reviews/${liked.id}/like`, {
        headers: { origin: baseURL() },
      });
      expect(like.status()).toBe(200);
      await backdate([best, liked, room], lastYear, 6);
      await backdate([older], yearBefore, 3);
    });
  });

  test("shows last year's numbers, its top dish with its photo and the most liked review; another year by keyboard", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signInViaApi(page, eater);
      // The way in: the own profile's header links the newest open year (this one in December).
      await page.goto("/profile");
      const newest = lastOpenYear(new Date());
      await page.getByRole("link", { name: yearInFoodMessages.entryFor(newest) }).click();
      await waitForPath(page, recapPath(newest));
      if (newest !== lastYear) await page.goto(recapPath(lastYear));
      await page
        .getByRole("heading", { level: 1, name: yearInFoodMessages.ownTitle(lastYear) })
        .waitFor();
      // The Download menu: "Download image" saves the year's share card.
      await page.getByRole("button", { name: yearInFoodMessages.download }).click();
      const download = page.getByRole("menuitem", { name: yearInFoodMessages.downloadImage });
      expect(await download.getAttribute("download")).toBe(`tasted-${lastYear}.png`);
      const image = await page.request.get((await download.getAttribute("href")) ?? "");
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
      // Beside it, the story-sized image (1080×1920) for apps that take stories.
      const story = page.getByRole("menuitem", { name: yearInFoodMessages.downloadStory });
      expect(await story.getAttribute("download")).toBe(`tasted-${lastYear}-story.png`);
      const upright = await page.request.get((await story.getAttribute("href")) ?? "");
      expect(upright.status()).toBe(200);
      const png = await upright.body();
      // A PNG's IHDR holds its width and height right after the signature.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1920]);
      await page.keyboard.press("Escape");
      await story.waitFor({ state: "hidden" });
      // Three reviews (two dishes) at three restaurants; Osteria Luna was first reviewed the
      // year before, so two of them are new.
      await expect
        .poll(() => stat(page, yearInFoodMessages.reviews).textContent())
        .toBe(`3 ${yearInFoodMessages.reviews}`);
      expect(await stat(page, yearInFoodMessages.dishes).textContent()).toBe(
        `2 ${yearInFoodMessages.dishes}`,
      );
      expect(await stat(page, yearInFoodMessages.restaurants).textContent()).toBe(
        `3 ${yearInFoodMessages.restaurants}`,
      );
      expect(await stat(page, yearInFoodMessages.newPlaces).textContent()).toBe(
        `2 ${yearInFoodMessages.newPlaces}`,
      );

      const topDishes = page.getByRole("region", { name: yearInFoodMessages.topDishes });
      const first = topDishes.getByRole("listitem").first();
      await first.getByText(names.best).waitFor();
      const photo = first.locator("img").first();
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      const mostLiked = page.getByRole("region", { name: yearInFoodMessages.mostLiked });
      await mostLiked.getByText(names.liked).first().waitFor();

      // The year before, chosen with the keyboard alone.
      const other = page
        .getByRole("navigation", { name: yearInFoodMessages.otherYears })
        .getByRole("link", { name: String(yearBefore), exact: true });
      await tabTo(page, other, 80);
      await page.keyboard.press("Enter");
      await waitForPath(page, recapPath(yearBefore));
      await page
        .getByRole("heading", { level: 1, name: yearInFoodMessages.ownTitle(yearBefore) })
        .waitFor();
      await expect
        .poll(() => stat(page, yearInFoodMessages.reviews).textContent())
        .toBe(`1 ${yearInFoodMessages.reviews}`);
      await page
        .getByRole("region", { name: yearInFoodMessages.topDishes })
        .getByText(names.older)
        .waitFor();

      // This year, before December: when it opens.
      const thisYear = new Date().getUTCFullYear();
      if (newest !== thisYear) {
        await page.goto(recapPath(thisYear));
        await page.getByText(yearInFoodMessages.notYet(thisYear)).waitFor();
      }

      // The card the page's link preview shows, drawn for its owner while the stats are private.
      const profile = await page.request.get(`/api/profiles/${eater.username}`);
      const { id } = ((await profile.json()) as { profile: { id: string } }).profile;
      const card = await page.request.get(yearCardPath(id, lastYear));
      expect(card.status()).toBe(200);
      expect(card.headers()["content-type"]).toBe("image/png");
    });
  });

  for (const look of LOOKS) {
    test(`the recap at ${look.label}: axe and screenshots`, async () => {
      await withPage(
        browser,
        { viewport: look.viewport, colorScheme: look.colorScheme },
        async (page) => {
          await signInViaApi(page, eater);
          await page.goto(recapPath(lastYear));
          await page
            .getByRole("region", { name: yearInFoodMessages.topDishes })
            .getByText(names.best)
            .waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "year-in-food");
        },
      );
    });
  }
});
