import { describe, expect, test } from "vitest";
import { placeMessages } from "#domain/places.ts";
import { restaurantLocationMessages } from "#domain/restaurant.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  screenshot,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import { reviewForm, seedRestaurantReview, signInViaApi, signUpViaApi } from "./support/content.ts";

/**
 * Real places in a real browser: a restaurant review names a place nobody knows yet, "Add a new
 * place" takes its address and the browser's position ("Use my location", geolocation granted),
 * and the restaurant page shows the address, its maps link and Directions to the pin. With the
 * position refused, the creator of a bare-name place still gives it an address from its page.
 * Every screen by keyboard where it matters, axe and screenshots in every look.
 */

const browser = useBrowser();
const token = `p${Date.now().toString(36)}`;
const leeds = { latitude: 53.7958, longitude: -1.5479 };

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
      await form.restaurant.fill(name);
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
      // The pin is on the map too, where it can be dragged.
      await page.locator(".maplibregl-marker").waitFor();
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
    });

    // The place's page in every look, with its creator's "Edit location" dialog open.
    for (const look of LOOKS) {
      await withPage(
        browser,
        { viewport: look.viewport, colorScheme: look.colorScheme, geolocation: leeds },
        async (page) => {
          await signInViaApi(page, { email });
          await page.goto(restaurantPath);
          await page.getByRole("link", { name: /^Directions/ }).waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "places-restaurant");
          await page.getByRole("button", { name: restaurantLocationMessages.edit }).click();
          const dialog = page.getByRole("dialog", { name: restaurantLocationMessages.dialogTitle });
          await dialog
            .getByText(placeMessages.pinAt({ lat: leeds.latitude, lng: leeds.longitude }))
            .waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "places-edit-location", { fullPage: false });
        },
      );
    }
  }, 180_000);

  test("location refused: the creator gives a bare-name place its address", async () => {
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
      await dialog
        .getByRole("textbox", { name: placeMessages.addressLabel })
        .fill("4 Quay St, Bristol, United Kingdom");
      await dialog.getByRole("textbox", { name: placeMessages.addressLabel }).press("Enter");
      await page.getByText(restaurantLocationMessages.saved).waitFor();
      await page.getByRole("link", { name: /^4 Quay St, Bristol, United Kingdom/ }).waitFor();
      await page.getByRole("button", { name: restaurantLocationMessages.edit }).waitFor();
    });
  });
});
