import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, test } from "vitest";
import { foodMapMessages } from "#domain/food-map-rules.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  screenshot,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import {
  type SeededItem,
  type SeededUser,
  saveToWantToTryViaApi,
  seedRestaurantReview,
  signInViaApi,
  signUpViaApi,
  withPageExpectingErrors,
} from "./support/content.ts";
import { tabTo } from "./support/keyboard.ts";

/**
 * Food maps in a real browser against the real server, drawn by MapLibre (WebGL in headless
 * Chromium) over a style with a background layer only (support/map-style-server.ts): the own
 * map's pins for tried places (by rating) and a wanted one, a list row chosen by keyboard
 * highlighting its pin and a pin its row, the list alone when the map cannot be drawn (the
 * style's request fails or never ends, no style configured, no WebGL), a new person's empty
 * map, someone else's map without their want to try, the phone's bottom sheet opened by
 * keyboard, and axe plus screenshots at 375 and 1280 px in light and dark.
 * Every test also fails on any console error.
 */

const browser = useBrowser();

/** Unique to this run, so names never meet another file's. */
const token = `m${Date.now().toString(36)}`;
const places = {
  /** Tried, rated 5, pinned. */
  loved: { name: `Noodle Loft ${token}`, lat: 40.7209, lng: -73.9962 },
  /** Tried, rated 2, pinned. */
  meh: { name: `Bagel Corner ${token}`, lat: 40.7306, lng: -73.9866 },
  /** Tried, rated 4, typed by hand: no position. */
  unpinned: { name: `Dumpling Cart ${token}` },
  /** Wanted (someone else reviewed it), pinned. */
  wanted: { name: `Taqueria Sol ${token}`, lat: 40.7128, lng: -74.006 },
};

let mapper: SeededUser;
let wantedReview: SeededItem;

beforeAll(async () => {
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    await signUpViaApi(page, "scout");
    wantedReview = await seedRestaurantReview(page, { restaurant: places.wanted, rating: 3 });
    // Signing up again changes whose session the page's cookie jar holds.
    mapper = await signUpViaApi(page, "mapper");
    await seedRestaurantReview(page, { restaurant: places.loved, rating: 5 });
    await seedRestaurantReview(page, { restaurant: places.meh, rating: 2 });
    await seedRestaurantReview(page, { restaurant: places.unpinned, rating: 4 });
    const wanted = wantedReview.restaurant;
    if (!wanted) throw new Error("the seeded review names a restaurant");
    await saveToWantToTryViaApi(page, { restaurantId: wanted.id });
  });
});

const pinNames = {
  loved: `${places.loved.name}, ${foodMapMessages.ratingLabel(5)}`,
  meh: `${places.meh.name}, ${foodMapMessages.ratingLabel(2)}`,
  wanted: `${places.wanted.name}, ${foodMapMessages.want}`,
};

/** A pin on the map (a marker button), by its accessible name. */
function pin(page: Page, name: string): Locator {
  return page.locator(".maplibregl-marker").getByRole("button", { name, exact: true });
}

/** The list's row of a place, and the button that selects it. */
function row(page: Page, name: string): Locator {
  return page.getByRole("complementary").getByRole("listitem").filter({ hasText: name });
}

function rowButton(page: Page, name: string): Locator {
  return row(page, name).getByRole("button");
}

/** Signs the mapper in on a fresh page and opens their map once its pins are drawn. */
async function openOwnMap(page: Page): Promise<void> {
  await signInViaApi(page, mapper);
  await page.goto("/map");
  await pin(page, pinNames.loved).waitFor();
}

describe("own map", () => {
  test("pins tried places by rating and the wanted one; a row chosen by keyboard highlights its pin, a pin its row", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await openOwnMap(page);
      await page.getByRole("heading", { level: 1, name: foodMapMessages.myMapTitle }).waitFor();
      await pin(page, pinNames.meh).waitFor();
      await pin(page, pinNames.wanted).waitFor();
      // The place without a position is listed, not pinned.
      await expect.poll(() => page.locator(".maplibregl-marker").count()).toBe(3);
      await row(page, places.unpinned.name).getByText(foodMapMessages.noLocation).waitFor();
      expect(await row(page, places.loved.name).textContent()).toContain(
        foodMapMessages.ratingLabel(5),
      );
      expect(
        await row(page, places.loved.name)
          .getByRole("link", { name: foodMapMessages.openPlace(places.loved.name) })
          .getAttribute("href"),
      ).toMatch(/^\/(b\/r|restaurant)\//);

      // A pin (while the fit to all pins shows every one): it and its row are highlighted.
      const lovedPin = pin(page, pinNames.loved);
      expect(await lovedPin.getAttribute("aria-pressed")).toBe("false");
      await pin(page, pinNames.meh).click();
      await expect
        .poll(() => rowButton(page, places.meh.name).getAttribute("aria-pressed"))
        .toBe("true");
      expect(await pin(page, pinNames.meh).getAttribute("aria-pressed")).toBe("true");

      // A row by keyboard: Tab to it, Enter; its pin is highlighted, the other one no longer.
      await tabTo(page, rowButton(page, places.loved.name));
      await page.keyboard.press("Enter");
      await expect.poll(() => lovedPin.getAttribute("aria-pressed")).toBe("true");
      expect(await rowButton(page, places.loved.name).getAttribute("aria-pressed")).toBe("true");
      expect(await pin(page, pinNames.meh).getAttribute("aria-pressed")).toBe("false");
    });
  });

  test("lists the places with a note when the map's style cannot load", async () => {
    const styleUrl = inject("mapStyleURL");
    await withPageExpectingErrors(
      browser,
      { viewport: DESKTOP },
      [{ console: "Failed to load resource: net::ERR_FAILED" }],
      async (page) => {
        await page.route(styleUrl, (route) => route.abort());
        await signInViaApi(page, mapper);
        await page.goto("/map");
        await page.getByText(foodMapMessages.unavailable, { exact: true }).waitFor();
        for (const place of Object.values(places)) await row(page, place.name).waitFor();
        expect(await page.locator(".maplibregl-marker").count()).toBe(0);
        expect(await page.locator(".maplibregl-canvas").count()).toBe(0);
        await expectNoAxeViolations(page);
        await screenshot(page, "food-map-unavailable");
        // With no map there is no sheet to open: the list is the page.
        await page.setViewportSize(MOBILE);
        await row(page, places.loved.name).waitFor();
        expect(await page.getByRole("button", { name: /^Show \d+ places$/ }).count()).toBe(0);
        await screenshot(page, "food-map-unavailable");
      },
    );
  });

  test("lists the places when the server names no map style", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await page.route("**/api/config", async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), mapStyleUrl: null } });
      });
      await signInViaApi(page, mapper);
      await page.goto("/map");
      await page.getByText(foodMapMessages.unavailable, { exact: true }).waitFor();
      await row(page, places.loved.name).waitFor();
      expect(await page.locator(".maplibregl-canvas").count()).toBe(0);
    });
  });

  test("lists the places when the style never answers, once the wait is over", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      // Never answered: the map gives the style 8 s.
      await page.route(inject("mapStyleURL"), () => {});
      await signInViaApi(page, mapper);
      await page.goto("/map");
      await page.getByRole("status").getByText(foodMapMessages.loading).waitFor();
      await page
        .getByText(foodMapMessages.unavailable, { exact: true })
        .waitFor({ timeout: 15_000 });
      await row(page, places.loved.name).waitFor();
      expect(await page.locator(".maplibregl-canvas").count()).toBe(0);
    });
  });

  test("lists the places without WebGL", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await page.addInitScript(() => {
        const getContext = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (
          this: HTMLCanvasElement,
          type: string,
          ...rest: unknown[]
        ) {
          if (type.startsWith("webgl")) return null;
          return Reflect.apply(getContext, this, [type, ...rest]);
        } as typeof getContext;
      });
      await signInViaApi(page, mapper);
      await page.goto("/map");
      await page.getByText(foodMapMessages.unavailable, { exact: true }).waitFor();
      await row(page, places.wanted.name).waitFor();
    });
  });

  test("tells a new person how their map fills", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await signUpViaApi(page, "newcomer");
      await page.goto("/map");
      await page.getByText(foodMapMessages.emptyOwn, { exact: true }).waitFor();
      expect(await page.locator(".maplibregl-canvas").count()).toBe(0);
    });
  });

  test("opens the phone's bottom sheet by keyboard", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await openOwnMap(page);
      const handle = page.getByRole("button", { name: foodMapMessages.showList(4), exact: true });
      expect(await handle.getAttribute("aria-expanded")).toBe("false");
      expect(await row(page, places.loved.name).isVisible()).toBe(false);
      await tabTo(page, handle);
      await page.keyboard.press("Enter");
      const open = page.getByRole("button", { name: foodMapMessages.hideList, exact: true });
      await expect.poll(() => open.getAttribute("aria-expanded")).toBe("true");
      await row(page, places.loved.name).waitFor();

      // A pin opens the sheet at its row.
      await open.click();
      await pin(page, pinNames.wanted).click();
      await row(page, places.wanted.name).waitFor();
      expect(await rowButton(page, places.wanted.name).getAttribute("aria-pressed")).toBe("true");
    });
  });
});

describe("someone else's map", () => {
  test("shows a visitor their tried places and never what they want to try, from the profile's Map link", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await page.goto(`/user/${mapper.username}`);
      await page.getByRole("link", { name: foodMapMessages.openMap, exact: true }).click();
      await waitForPath(page, `/user/${mapper.username}/map`);
      await page
        .getByRole("heading", { level: 1, name: foodMapMessages.userMapTitle(mapper.displayName) })
        .waitFor();
      await pin(page, pinNames.loved).waitFor();
      await pin(page, pinNames.meh).waitFor();
      await row(page, places.unpinned.name).waitFor();
      expect(await page.locator(".maplibregl-marker").count()).toBe(2);
      expect(await page.getByText(places.wanted.name).count()).toBe(0);
    });
  });
});

describe("looks", () => {
  for (const look of LOOKS) {
    test(`the own map and someone's map at ${look.label}: axe and screenshots`, async () => {
      await withPage(
        browser,
        { viewport: look.viewport, colorScheme: look.colorScheme },
        async (page) => {
          await openOwnMap(page);
          await pin(page, pinNames.wanted).waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "food-map-own", { fullPage: false });

          if (look.viewport.width === MOBILE.width) {
            await page
              .getByRole("button", { name: foodMapMessages.showList(4), exact: true })
              .click();
          }
          await rowButton(page, places.loved.name).click();
          await expect
            .poll(() => pin(page, pinNames.loved).getAttribute("aria-pressed"))
            .toBe("true");
          await expectNoAxeViolations(page);
          await screenshot(page, "food-map-own-selected", { fullPage: false });

          await page.goto(`/user/${mapper.username}/map`);
          await pin(page, pinNames.loved).waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "food-map-user", { fullPage: false });
        },
      );
    });
  }
});
