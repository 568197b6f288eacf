import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { feedMessages } from "#domain/feed-rules.ts";
import {
  baseURL,
  DESKTOP,
  expectNoAxeViolations,
  MOBILE,
  useBrowser,
  waitForPath,
  waitForText,
  withoutFirstReads,
  withPage,
} from "./support/browser.ts";
import {
  addButton,
  addPhotos,
  CHOOSER_TITLE,
  chooserChoice,
  feedCard,
  makePhoto,
  openAddChooser,
  openDetail,
  postDishReviewViaUi,
  reviewForm,
  seedDishReview,
  signUpViaApi,
  toastWith,
  useFixtureDir,
  withPageExpectingErrors,
} from "./support/content.ts";

/**
 * Reviews and posts in a real browser against the real server: a dish review through the Add
 * chooser with a real JPEG (validation, upload progress, Main label, manual restaurant entry), a
 * restaurant review on /post, a post through the chooser, editing and deleting one's own review
 * from the detail view, nobody else's menu, the photo served without EXIF, and /view. Every test
 * also fails on any console error or uncaught exception.
 */

const MESSAGES = {
  restaurantRequired: "Restaurant name is required",
  dishRequired: "Dish name is required",
  ratingRequired: "Rating is required",
  photoRequired: "Please add at least one photo for dish reviews",
  titleRequired: "Title is required",
  noPlaces: "No restaurants found. You can still enter manually.",
  restaurantPosted: "Restaurant review posted successfully!",
  postCreated: "Post created successfully!",
  reviewUpdated: "Review updated successfully!",
  reviewDeleted: "Review deleted successfully!",
  deleteText: "Are you sure you want to delete this review? This action cannot be undone.",
};

const browser = useBrowser();
const fixtures = useFixtureDir("reviews");
let photo: string;
let gpsPhoto: string;

beforeAll(async () => {
  const fixtureDir = fixtures.path();
  photo = await makePhoto(fixtureDir, { width: 800, height: 600, color: { r: 200, g: 70, b: 40 } });
  gpsPhoto = await makePhoto(fixtureDir, {
    width: 640,
    height: 480,
    color: { r: 60, g: 120, b: 90 },
    gps: true,
  });
});

let sequence = 0;
/** A title no other test (or earlier run against the same server) uses. */
function unique(label: string): string {
  sequence += 1;
  return `${label} ${Date.now().toString(36)}${sequence}`;
}

/**
 * Holds every request to a path (method given) until release() is called, so a state that only
 * lasts while the request runs ("Uploading… 0%", "Posting...", "Deleting...") can be seen.
 */
async function holdRequests(page: Page, urlPath: string, method: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const matcher = (url: URL) => url.pathname === urlPath;
  await page.route(matcher, async (route) => {
    if (route.request().method() === method) await held;
    await route.continue();
  });
  // The route stays: after release it lets everything through (unrouting while a held request
  // is still being continued makes Playwright handle it twice).
  return { release: () => release() };
}

describe("posting through the Add chooser, /post and the Create Post dialog", () => {
  test("dish review: validation, a real JPEG with progress and Main, manual restaurant, then /feed", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await signUpViaApi(page, "dish");
      await page.goto("/feed");
      const chooser = await openAddChooser(page);
      // Phones get the bottom sheet with Cancel.
      await chooser.getByRole("button", { name: "Cancel" }).waitFor();
      for (const label of ["Dish Review", "Restaurant Review", "Post"] as const) {
        await chooserChoice(chooser, label).waitFor();
      }
      await chooserChoice(chooser, "Dish Review").click();
      const dialog = page.getByRole("dialog", { name: "New Review - Dish" });
      await dialog.waitFor();
      const form = reviewForm(dialog);

      // Empty: the toast names the first problem, every field shows its own.
      await form.submit.click();
      await toastWith(page, "Validation Error").waitFor();
      expect(await toastWith(page, "Validation Error").textContent()).toContain(
        MESSAGES.restaurantRequired,
      );
      for (const message of [
        MESSAGES.restaurantRequired,
        MESSAGES.photoRequired,
        MESSAGES.dishRequired,
        MESSAGES.ratingRequired,
      ]) {
        await dialog.getByText(message, { exact: true }).waitFor();
      }

      // A real JPEG: previewed at once, uploading with its own bar, then labelled Main.
      const upload = await holdRequests(page, "/api/uploads/images", "POST");
      await form.photoInput.setInputFiles(photo);
      await dialog.getByText(/^Uploading… \d+%$/).waitFor();
      // Adding a photo clears the photo error, as editing any field clears its own.
      await dialog
        .getByText(MESSAGES.photoRequired, { exact: true })
        .waitFor({ state: "detached" });
      // At 0 % the bar's filled part has no width: present, but not "visible".
      const progress = dialog.getByRole("progressbar", { name: "Photo 1 upload progress" });
      await progress.waitFor({ state: "attached" });
      expect(await progress.getAttribute("aria-valuemax")).toBe("100");
      await dialog.getByText("Main", { exact: true }).waitFor();
      const uploaded = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === "/api/uploads/images" &&
          response.request().method() === "POST",
      );
      upload.release();
      expect((await uploaded).status()).toBe(201);
      await dialog.getByText("Photo 1 · Main", { exact: true }).waitFor();
      await expect
        .poll(() => dialog.getByRole("progressbar").count(), { message: "progress bar gone" })
        .toBe(0);
      // The preview really shows the picture.
      const preview = form.photoList.locator("img").first();
      await expect
        .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBe(800);

      // A restaurant nobody knows yet: no suggestions, typing it by hand is allowed.
      const restaurant = unique("Blue Door Noodles");
      await form.restaurant.fill(restaurant);
      await dialog.getByText(MESSAGES.noPlaces, { exact: true }).waitFor();
      const dish = unique("Dan Dan Noodles");
      await form.dishName.fill(dish);
      await form.rating(4).check();
      await form.cost.fill("15.99");
      await form.experience.fill("Numbing, nutty, perfect noodles.");

      const posting = await holdRequests(page, "/api/reviews", "POST");
      await form.submit.click();
      const busy = dialog.getByRole("button", { name: "Posting..." });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      posting.release();
      await waitForText(page, "Success!");
      await waitForText(page, "Your review has been posted.");
      await waitForPath(page, "/feed");

      const card = feedCard(page, dish);
      await card.waitFor();
      await card.getByText("$15.99", { exact: true }).waitFor();
      await card.getByText("Dish", { exact: true }).waitFor();
      await card.getByRole("link", { name: restaurant }).waitFor();
      // Date as MM/dd/yyyy.
      expect(await card.locator("time").textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      // The uploaded photo is on the card and loads.
      const image = card.locator("img").first();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
    });
  });

  test("restaurant review on /post: validation, then the restaurant's page", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "resto");
      await page.goto("/post");
      await page.getByRole("heading", { name: "New Review" }).waitFor();
      await page.getByRole("tab", { name: "Restaurant Review" }).click();
      const form = reviewForm(page);
      await form.restaurant.waitFor();
      expect(await form.dishName.count()).toBe(0);

      await form.submit.click();
      await toastWith(page, "Validation Error").waitFor();
      await page.getByText(MESSAGES.restaurantRequired, { exact: true }).first().waitFor();
      await page.getByText(MESSAGES.ratingRequired, { exact: true }).waitFor();
      // Photos are optional here.
      expect(await page.getByText(MESSAGES.photoRequired).count()).toBe(0);

      const name = unique("Harbor Grill");
      await form.restaurant.fill(name);
      // Moving on from the field closes its place suggestions, which lie over the stars below.
      await page.keyboard.press("Tab");
      await page.getByRole("listbox", { name: "Place suggestions" }).waitFor({ state: "hidden" });
      await form.rating(5).check();
      await page.getByRole("radio", { name: "Moderate ($$)" }).check();
      await form.experience.fill("Great service and a view of the boats.");
      await addPhotos(page.locator("form"), [photo]);

      const created = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === "/api/reviews" &&
          response.request().method() === "POST",
      );
      await form.submit.click();
      const response = await created;
      expect(response.status()).toBe(201);
      const review = (await response.json()) as { restaurant: { id: string } };
      await waitForText(page, MESSAGES.restaurantPosted);
      await waitForPath(page, `/restaurant/${review.restaurant.id}`);
      await page.getByRole("heading", { name, level: 2 }).waitFor();
    });
  });

  test("post through the chooser: validation, then /feed with a Post card", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "poster");
      await page.goto("/feed");
      const chooser = await openAddChooser(page);
      await chooserChoice(chooser, "Post").click();
      const dialog = page.getByRole("dialog", { name: "Create Post" });
      await dialog.waitFor();
      const submit = dialog.getByRole("button", { name: "Create Post" });

      await submit.click();
      await toastWith(page, "Validation Error").waitFor();
      await dialog.getByText(MESSAGES.titleRequired, { exact: true }).waitFor();

      const title = unique("Half-price tacos on Tuesday");
      await dialog.getByRole("textbox", { name: "Title" }).fill(title);
      await dialog
        .getByRole("textbox", { name: "Content" })
        .fill("Every Tuesday at the corner taqueria, all day.");
      await submit.click();
      await waitForText(page, MESSAGES.postCreated);
      await waitForPath(page, "/feed");
      const card = feedCard(page, title);
      await card.waitFor();
      await card.getByText("Post", { exact: true }).waitFor();
      await card.getByText("Every Tuesday at the corner taqueria, all day.").waitFor();
      // Posts show relative time, not a date.
      expect(await card.locator("time").textContent()).not.toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    });
  });

  test("a tap on Add while the session is still loading is answered once it is known", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await signUpViaApi(page, "eager");
      // The page comes without the reads it usually carries (as the offline shell does), so the
      // app asks for its session, and that answer is held.
      await withoutFirstReads(page, "/feed");
      const session = await holdRequests(page, "/api/auth/get-session", "GET");
      await page.goto("/feed");
      await addButton(page).click();
      const chooser = page.getByRole("dialog", { name: CHOOSER_TITLE });
      await page.waitForTimeout(300);
      expect(await chooser.isVisible()).toBe(false);
      session.release();
      await chooser.waitFor();
      await chooserChoice(chooser, "Dish Review").waitFor();
    });
  });
});

describe("own reviews: edit and delete from the detail view", () => {
  test("Edit Review keeps the restaurant, saves, and shows the new title without a reload", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "editor");
      const title = unique("Pork Buns");
      await seedDishReview(page, { title, photos: [photo], cost: 8 });
      await page.goto("/feed");
      // Marks this document: a reload would lose it.
      await page.evaluate(() => {
        (window as unknown as { e2eMarker: string }).e2eMarker = "same document";
      });
      const detail = await openDetail(page, title, "Dish Review");
      await detail.getByRole("button", { name: "Review options" }).click();
      await page.getByRole("menuitem", { name: "Edit" }).click();

      const dialog = page.getByRole("dialog", { name: "Edit Review" });
      await dialog.waitFor();
      const form = reviewForm(dialog);
      expect(await form.restaurant.isDisabled()).toBe(true);
      expect(await form.restaurant.inputValue()).toBe("E2E Diner");
      await dialog.getByText("The restaurant of a review cannot be changed").waitFor();
      expect(await form.dishName.inputValue()).toBe(title);
      // The photo is there, already uploaded.
      await dialog.getByText("Photo 1 · Main", { exact: true }).waitFor();
      await expectNoAxeViolations(page);

      const newTitle = unique("Crispy Pork Buns");
      await form.dishName.fill(newTitle);
      await form.cost.fill("9.5");
      await form.submit.click();
      await waitForText(page, MESSAGES.reviewUpdated);
      await dialog.waitFor({ state: "detached" });

      await detail.getByRole("heading", { name: newTitle, exact: true }).waitFor();
      await detail.getByText("$9.50", { exact: true }).waitFor();
      await detail.getByRole("button", { name: "Close" }).click();
      await feedCard(page, newTitle).waitFor();
      expect(await feedCard(page, title).count()).toBe(0);
      expect(
        await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker),
      ).toBe("same document");
    });
  });

  test("Delete Review: the dialog's text, Deleting..., then /profile; gone from the feed", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "deleter");
      const title = unique("Soggy Fries");
      const review = await seedDishReview(page, { title, photos: [photo], rating: 2 });
      await page.goto("/feed");
      const detail = await openDetail(page, title, "Dish Review");
      await detail.getByRole("button", { name: "Review options" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();

      const confirm = page.getByRole("dialog", { name: "Delete Review" });
      await confirm.waitFor();
      await confirm.getByText(MESSAGES.deleteText, { exact: true }).waitFor();
      // The options menu closes as the confirmation opens; axe looks at the settled page.
      await page.getByRole("menu").waitFor({ state: "detached" });
      await expectNoAxeViolations(page);
      // Cancel keeps it.
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "detached" });
      await detail.getByRole("heading", { name: title }).waitFor();

      await detail.getByRole("button", { name: "Review options" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await confirm.waitFor();
      const deleting = await holdRequests(page, `/api/reviews/${review.id}`, "DELETE");
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      const busy = confirm.getByRole("button", { name: "Deleting..." });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      expect(await confirm.getByRole("button", { name: "Cancel" }).isDisabled()).toBe(true);
      deleting.release();
      await waitForText(page, MESSAGES.reviewDeleted);
      await waitForPath(page, "/profile");

      // Gone for the API and from the feed.
      const gone = await page.request.get(`/api/reviews/${review.id}`);
      expect(gone.status()).toBe(404);
      await page.goto("/feed");
      // The feed, or its empty state when this test runs alone and the review was all there was.
      await page
        .getByRole("region", { name: "Feed" })
        .or(page.getByText(feedMessages.empty, { exact: true }))
        .waitFor();
      expect(await feedCard(page, title).count()).toBe(0);
    });
  });

  test("another user sees no Edit or Delete, and the API refuses their edit and delete", async () => {
    const title = unique("Guarded Dumplings");
    let reviewId = "";
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "owner");
      reviewId = (await seedDishReview(page, { title, photos: [photo] })).id;
      await page.goto("/feed");
      const detail = await openDetail(page, title, "Dish Review");
      await detail.getByRole("button", { name: "Review options" }).waitFor();
    });
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "other");
      await page.goto("/feed");
      const detail = await openDetail(page, title, "Dish Review");
      // The comment box is there (signed in); the menu offers a report, not Edit or Delete.
      await detail.getByRole("textbox", { name: "Add a comment" }).waitFor();
      await detail.getByRole("button", { name: "Review options" }).click();
      await page.getByRole("menuitem", { name: "Report review" }).waitFor();
      expect(await page.getByRole("menuitem", { name: /^(Edit|Delete)$/ }).count()).toBe(0);
      await page.keyboard.press("Escape");
      const headers = { origin: baseURL() };
      const edit = await page.request.patch(`/api/reviews/${reviewId}`, {
        data: { title: "Not mine" },
        headers,
      });
      expect(edit.status()).toBe(403);
      const remove = await page.request.delete(`/api/reviews/${reviewId}`, { headers });
      expect(remove.status()).toBe(403);
    });
  });
});

describe("photos and /view", () => {
  test("a JPEG with GPS EXIF comes back to the browser without any metadata", async () => {
    const original = await sharp(gpsPhoto).metadata();
    expect(original.exif, "the fixture carries EXIF").toBeDefined();
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "exif");
      await page.goto("/feed");
      const dish = unique("Garden Salad");
      await postDishReviewViaUi(page, {
        restaurant: unique("Green Leaf"),
        dish,
        rating: 5,
        photos: [gpsPhoto],
      });
      const image = feedCard(page, dish).locator("img").first();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
      const { src, srcset, current } = await image.evaluate((element: HTMLImageElement) => ({
        src: element.src,
        srcset: element.srcset,
        current: element.currentSrc,
      }));
      const urls = new Set([
        src,
        current,
        ...srcset
          .split(",")
          .map((entry) => entry.trim().split(/\s+/)[0] ?? "")
          .filter(Boolean)
          .map((url) => new URL(url, baseURL()).href),
      ]);
      expect(urls.size).toBeGreaterThanOrEqual(2);
      for (const url of urls) {
        // Fetched the way the page fetches it: same origin, from inside the page.
        const bytes = await page.evaluate(async (address) => {
          const response = await fetch(address);
          const data = Array.from(new Uint8Array(await response.arrayBuffer()));
          return { status: response.status, data };
        }, url);
        expect(bytes.status, url).toBe(200);
        const metadata = await sharp(Buffer.from(bytes.data)).metadata();
        expect(metadata.format, url).toBe("webp");
        expect(metadata.exif, `${url} has no EXIF`).toBeUndefined();
        expect(metadata.xmp, `${url} has no XMP`).toBeUndefined();
      }
    });
  });

  test("/view/dish/{id} shows the review, titled by its kind; an unknown id goes back, saying so", async () => {
    const missing = randomUUID();
    const expected = [
      { status: 404, path: `/api/reviews/${missing}` },
      { console: "Could not load /view item" },
      { status: 404, path: `/api/reviews/${missing}` },
      { console: "Could not load /view item" },
    ];
    await withPageExpectingErrors(browser, { viewport: MOBILE }, expected, async (page) => {
      await signUpViaApi(page, "viewer");
      const title = unique("Mapo Tofu");
      const review = await seedDishReview(page, { title, photos: [photo], cost: 11 });
      await page.goto(`/view/dish/${review.id}`);
      await page.getByRole("heading", { name: "Dish Review", level: 1 }).waitFor();
      await page.getByRole("heading", { name: title, exact: true }).waitFor();
      await page.getByText("$11.00", { exact: true }).waitFor();
      // "food" is the other name /view links use for a dish.
      await page.goto(`/view/food/${review.id}`);
      await page.getByRole("heading", { name: "Dish Review", level: 1 }).waitFor();
      await page.getByRole("heading", { name: title, exact: true }).waitFor();
      // The title follows the item, whatever kind the address names.
      for (const type of ["review", "restaurant"]) {
        await page.goto(`/view/${type}/${review.id}`);
        await page.getByRole("heading", { name: title, exact: true }).waitFor();
        await page.getByRole("heading", { name: "Dish Review", level: 1 }).waitFor();
      }

      // Opened straight from a link: nowhere to go back to, so the feed, saying why.
      await page.goto(`/view/dish/${missing}`);
      await waitForPath(page, "/feed");
      await toastWith(page, "This review isn't available").waitFor();

      // Reached from another screen: back to it.
      await page.goto("/explore");
      await page.getByRole("heading", { name: "Explore", level: 1 }).waitFor();
      await page.evaluate((target) => {
        // What a router link does: push an entry with the router's state, then tell it.
        window.history.pushState({ usr: null, key: "e2e", idx: 1 }, "", target);
        window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
      }, `/view/dish/${missing}`);
      await page.waitForURL((url) => url.pathname === "/explore");
      await page.getByRole("heading", { name: "Explore", level: 1 }).waitFor();
      await toastWith(page, "This review isn't available").waitFor();
    });
  });
});
