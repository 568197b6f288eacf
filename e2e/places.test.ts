import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import type { PlaceSearchResult } from "#domain/places.ts";
import { OSM_COPYRIGHT_URL, placeMessages } from "#domain/places-rules.ts";
import { restaurantLocationMessages } from "#domain/restaurant-rules.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  screenshot,
  useBrowser,
  waitForPath,
  withoutFirstReads,
  withPage,
  withPageInEachLook,
} from "./support/browser.ts";
import { reviewForm, seedRestaurantReview, signInViaApi, signUpViaApi } from "./support/content.ts";
import { MAP_STYLE_ATTRIBUTION } from "./support/map-style-server.ts";

/**
 * Real places in a real browser: a restaurant review names a place nobody knows yet, "Add a new
 * place" takes its address and the browser's position ("Use my location", geolocation granted),
 * and the restaurant page shows the address, its maps link and Directions to the pin. With the
 * position refused, the creator of a bare-name place still gives it an address from its page, its
 * pin placed by keyboard; the place search never asks for the position, and OpenStreetMap's
 * suggestions and maps carry its credit. Every screen by keyboard where it matters, axe and
 * screenshots in every look.
 */

const browser = useBrowser();
const token = `p${Date.now().toString(36)}`;
const leeds = { latitude: 53.7958, longitude: -1.5479 };

/** Counts the page's requests for the browser's position (navigator.geolocation). */
async function countPositionRequests(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const counted = window as unknown as { positionRequests: number };
    counted.positionRequests = 0;
    const geolocation = navigator.geolocation;
    const original = geolocation.getCurrentPosition.bind(geolocation);
    geolocation.getCurrentPosition = (...args) => {
      counted.positionRequests++;
      original(...args);
    };
  });
  return () =>
    page.evaluate(() => (window as unknown as { positionRequests: number }).positionRequests);
}

/**
 * The roots of the query keys the offline cache saved on the device (idb-keyval's store); none
 * before its first save.
 */
function savedQueryRoots(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open("keyval-store");
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          try {
            const all = open.result.transaction("keyval").objectStore("keyval").getAll();
            all.onerror = () => resolve([]);
            all.onsuccess = () =>
              resolve(
                (all.result as { state?: { queries?: { queryKey: unknown[] }[] } }[]).flatMap(
                  (saved) => saved.state?.queries?.map((query) => String(query.queryKey[0])) ?? [],
                ),
              );
          } catch {
            resolve([]);
          }
        };
      }),
  );
}

/** The next place search the page sends. */
function nextPlaceSearch(page: Page) {
  return page.waitForRequest((request) => new URL(request.url()).pathname === "/api/places/search");
}

/** What PLACES_PROVIDER=osm answers (osm-places.test.ts proves the server's side of it). */
const osmAnswer: PlaceSearchResult = {
  provider: "osm",
  results: [
    {
      placeId: "osm:N123",
      restaurantId: null,
      name: `Noodle Bar ${token}`,
      address: "12 Canal Road, Leeds LS1 4AP, United Kingdom",
      latitude: leeds.latitude,
      longitude: leeds.longitude,
      city: "Leeds",
      region: "West Yorkshire",
      phone: null,
      website: null,
      priceLevel: null,
      googleRating: null,
      distance: null,
    },
  ],
};

describe("real places", () => {
  test("a new place with an address and my location; its page has Directions", async () => {
    let restaurantPath = "";
    let email = "";
    await withPage(browser, { viewport: DESKTOP, geolocation: leeds }, async (page) => {
      ({ email } = await signUpViaApi(page, "placer"));
      await page.goto("/post");
      await page.getByRole("tab", { name: "Restaurant Review" }).click();
      const form = reviewForm(page);
      const name = `Canal Noodles ${token}`;
      // Location already allowed: the search is biased to it without asking again.
      const biased = page.waitForRequest((request) => {
        const url = new URL(request.url());
        return url.pathname === "/api/places/search" && url.searchParams.has("lat");
      });
      await form.restaurant.fill(name);
      await biased;
      // Nothing matches: the last choice, taken by keyboard, is a new place of one's own.
      await page.getByRole("option", { name: placeMessages.addNewPlace }).waitFor();
      await form.restaurant.press("ArrowDown");
      await form.restaurant.press("Enter");
      const address = page.getByRole("textbox", { name: placeMessages.addressLabel });
      await address.fill("12 Canal Rd, Leeds, United Kingdom");
      const locate = page.getByRole("button", { name: placeMessages.useMyLocation });
      await locate.focus();
      await page.keyboard.press("Enter");
      await page
        .getByText(placeMessages.pinAt({ lat: leeds.latitude, lng: leeds.longitude }))
        .waitFor();
      // The pin is on the map too, where it can be dragged; the map credits its data.
      await page.locator(".maplibregl-marker").waitFor();
      await page.getByRole("link", { name: MAP_STYLE_ATTRIBUTION }).waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "places-new-place");

      await form.rating(5).check();
      await page.getByRole("radio", { name: "Moderate ($$)" }).check();
      const created = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === "/api/reviews" &&
          response.request().method() === "POST",
      );
      await form.submit.click();
      const response = await created;
      expect(response.status()).toBe(201);
      const review = (await response.json()) as { restaurant: { id: string } };
      restaurantPath = `/restaurant/${review.restaurant.id}`;
      await waitForPath(page, restaurantPath);
      await page.getByRole("heading", { name, level: 2 }).waitFor();
      const directions = page.getByRole("link", {
        name: new RegExp(`^${restaurantLocationMessages.directions}`),
      });
      expect(await directions.getAttribute("href")).toContain(
        `destination=${encodeURIComponent(`${leeds.latitude},${leeds.longitude}`)}`,
      );
      await page.getByRole("link", { name: /^12 Canal Rd, Leeds, United Kingdom/ }).waitFor();
      // The offline cache keeps the pages seen on the device, never a search made near here.
      await expect.poll(() => savedQueryRoots(page)).toContain("restaurants");
      expect(await savedQueryRoots(page)).not.toContain("places");
    });

    // The place's page in every look, with its creator's "Edit location" dialog open.
    await withPageInEachLook(browser, { geolocation: leeds }, async (page) => {
      await signInViaApi(page, { email });
      // As a server with PLACES_PROVIDER=osm answers for this place (osm-places.test.ts):
      // the page asks for the restaurant itself, not given it with its HTML.
      await withoutFirstReads(page, restaurantPath);
      await page.route(
        `**/api${restaurantPath.replace("/restaurant/", "/restaurants/")}`,
        (route) =>
          route.fetch().then(async (answer) =>
            route.fulfill({
              response: answer,
              json: { ...(await answer.json()), osmCredit: true },
            }),
          ),
      );
      await page.goto(restaurantPath);
      await page.getByRole("link", { name: /^Directions/ }).waitFor();
      const credit = page.getByRole("link", { name: placeMessages.osmContributors });
      expect(await credit.getAttribute("href")).toBe(OSM_COPYRIGHT_URL);
      await expectNoAxeViolations(page);
      await screenshot(page, "places-restaurant");
      await page.getByRole("button", { name: restaurantLocationMessages.edit }).click();
      const dialog = page.getByRole("dialog", { name: restaurantLocationMessages.dialogTitle });
      await dialog
        .getByText(placeMessages.pinAt({ lat: leeds.latitude, lng: leeds.longitude }))
        .waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "places-edit-location", { fullPage: false });
    });
  }, 180_000);

  test("place search never asks for the position; OpenStreetMap's suggestions credit it", async () => {
    let email = "";
    await withPageInEachLook(browser, {}, async (page) => {
      if (email) await signInViaApi(page, { email });
      else ({ email } = await signUpViaApi(page, "searcher"));
      const positionRequests = await countPositionRequests(page);
      await page.route("**/api/places/search?**", (route) => route.fulfill({ json: osmAnswer }));
      await page.goto("/post");
      await page.getByRole("tab", { name: "Restaurant Review" }).click();
      const form = reviewForm(page);
      await form.restaurant.focus();
      const sent = nextPlaceSearch(page);
      await form.restaurant.fill("noodle");
      // No position was asked for (only "Use my location" asks), so none biases the search.
      expect(new URL((await sent).url()).searchParams.has("lat")).toBe(false);
      expect(await positionRequests()).toBe(0);
      await page
        .getByRole("option", { name: new RegExp(osmAnswer.results[0]?.name ?? "") })
        .waitFor();
      const credit = page.getByRole("link", { name: placeMessages.osmContributors });
      expect(await credit.getAttribute("href")).toBe(OSM_COPYRIGHT_URL);
      await expectNoAxeViolations(page);
      await screenshot(page, "places-osm-suggestions", { fullPage: false });
    });
  }, 120_000);

  test("location refused: the creator gives a bare-name place its address and, by keyboard, its pin", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "bare");
      const seeded = await seedRestaurantReview(page, {
        restaurant: { name: `Bare Name ${token}` },
        rating: 4,
      });
      await page.goto(`/restaurant/${seeded.restaurant?.id}`);
      await page.getByRole("button", { name: restaurantLocationMessages.add }).click();
      const dialog = page.getByRole("dialog", { name: restaurantLocationMessages.dialogTitle });
      await dialog.getByRole("button", { name: placeMessages.useMyLocation }).click();
      await dialog.getByText(placeMessages.locationUnavailable).waitFor();
      // By keyboard: the map moves under its centre mark, and the pin goes to the centre.
      await dialog.getByRole("region", { name: placeMessages.mapKeyboardLabel }).focus();
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowLeft");
      const atCentre = dialog.getByRole("button", { name: placeMessages.pinAtCentre });
      await atCentre.focus();
      await page.keyboard.press("Enter");
      await dialog.getByText(/^Pin at -?\d/).waitFor();
      await dialog.locator(".maplibregl-marker").waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "places-pin-by-keyboard", { fullPage: false });
      await dialog
        .getByRole("textbox", { name: placeMessages.addressLabel })
        .fill("4 Quay St, Bristol, United Kingdom");
      await dialog.getByRole("textbox", { name: placeMessages.addressLabel }).press("Enter");
      await page.getByText(restaurantLocationMessages.saved).waitFor();
      await page.getByRole("link", { name: /^4 Quay St, Bristol, United Kingdom/ }).waitFor();
      await page.getByRole("link", { name: /^Directions/ }).waitFor();
      await page.getByRole("button", { name: restaurantLocationMessages.edit }).waitFor();
    });
  });
});
