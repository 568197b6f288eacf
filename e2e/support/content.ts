import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIResponse, Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { uniqueEmail, uniqueUsername } from "./auth.ts";
import { baseURL, newPage, type PageOptions, waitForPath, waitForText } from "./browser.ts";
import { waitForEmailLink } from "./server-log.ts";

/**
 * Content for the reviews and feed suites: real JPEG files made by sharp, a fast way to a
 * signed-in account through the API (the /auth and /setup screens have their own suite), reviews
 * and posts seeded through the same endpoints the app calls, and the dish review posted through
 * the Add chooser exactly as a person does it.
 */

export const PASSWORD = "correct horse 42";

export interface PhotoOptions {
  width?: number;
  height?: number;
  /** Solid fill, e.g. { r: 220, g: 90, b: 40 }. */
  color?: { r: number; g: number; b: number };
  /** Adds EXIF with a GPS position, which the server must strip. */
  gps?: boolean;
  /** File name in dir; defaults to one made from the size and colour. */
  name?: string;
}

/** EXIF a phone camera writes: make, model and where the photo was taken. */
const GPS_EXIF = {
  IFD0: { Make: "TastedTestCam", Model: "E2E 1", Copyright: "e2e" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "48/1 51/1 2976/100",
    GPSLongitudeRef: "E",
    GPSLongitude: "2/1 17/1 4020/100",
  },
};

/** Writes a real JPEG (sharp) into dir and returns its path. */
/**
 * A scratch folder for the test file's fixtures (photos, files to upload): made before its first
 * test, removed after its last. `path()` gives it once made.
 */
export function useFixtureDir(label: string): { path: () => string } {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), `tasted-e2e-${label}-`));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    path: () => {
      if (!dir) throw new Error("useFixtureDir: the folder is made in beforeAll");
      return dir;
    },
  };
}

export async function makePhoto(dir: string, options: PhotoOptions = {}): Promise<string> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const color = options.color ?? { r: 220, g: 90, b: 40 };
  const name =
    options.name ??
    `photo-${width}x${height}-${color.r}-${color.g}-${color.b}${options.gps ? "-gps" : ""}.jpg`;
  const file = path.join(dir, name);
  // A diagonal band, so the picture is not one flat colour (previews and zoom show something).
  const band = Buffer.from(
    `<svg width="${width}" height="${height}"><polygon points="0,${height} ${width * 0.6},0 ${width},0 ${width * 0.4},${height}" fill="rgb(255,240,200)" fill-opacity="0.45"/></svg>`,
  );
  let image = sharp({ create: { width, height, channels: 3, background: color } })
    .composite([{ input: band }])
    .jpeg({ quality: 85 });
  if (options.gps) image = image.withExif(GPS_EXIF);
  await image.toFile(file);
  return file;
}

/** Headers every state-changing request needs (the server checks Origin). */
function originHeaders(): Record<string, string> {
  return { origin: baseURL() };
}

async function expectStatus(response: APIResponse, status: number, what: string) {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status);
}

export interface SeededUser {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  /** The name cards show: "First Last". */
  displayName: string;
}

/**
 * A new account with a finished profile, signed in on page's context (the session cookie lands
 * in the context's cookie jar): email sign-up and PUT /api/profile through page.request. The
 * address is a fresh one unless given (an ADMIN_EMAILS one, say).
 */
export async function signUpViaApi(
  page: Page,
  label = "user",
  email = uniqueEmail(label),
): Promise<SeededUser> {
  const username = uniqueUsername(label);
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: "" },
    headers: originHeaders(),
  });
  await expectStatus(signUp, 200, "sign-up");
  const firstName = "Test";
  const lastName = label.charAt(0).toUpperCase() + label.slice(1);
  const profile = await page.request.put("/api/profile", {
    data: { firstName, lastName, username },
    headers: originHeaders(),
  });
  await expectStatus(profile, 200, "profile setup");
  return { email, username, firstName, lastName, displayName: `${firstName} ${lastName}` };
}

/**
 * An admin: signs up with one of the suite's ADMIN_EMAILS (e2e/support/admins.ts, each used by
 * one test file) and confirms the address, which makes the account admin.
 */
export async function signUpAdminViaApi(page: Page, email: string): Promise<SeededUser> {
  const admin = await signUpViaApi(page, "admin", email);
  await page.goto(await waitForEmailLink(email));
  const me = (await (await page.request.get("/api/me")).json()) as { isAdmin: boolean };
  expect(me.isAdmin, `${email} is admin once confirmed`).toBe(true);
  return admin;
}

/** Signs an existing account in on page's context (POST /api/auth/sign-in/email). */
export async function signInViaApi(page: Page, { email }: { email: string }): Promise<void> {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: PASSWORD },
    headers: originHeaders(),
  });
  await expectStatus(response, 200, "sign-in");
}

/**
 * Ends every session of the person signed in on page's context on the server, as signing out
 * everywhere from another device does (POST /api/auth/revoke-sessions); the context keeps its
 * cookie, which the server then refuses.
 */
export async function endSessionsViaApi(page: Page): Promise<void> {
  const response = await page.request.post("/api/auth/revoke-sessions", {
    data: {},
    headers: originHeaders(),
  });
  await expectStatus(response, 200, "revoke sessions");
}

/** Uploads a photo file as the app does (POST /api/uploads/images); returns the upload id. */
async function uploadPhotoViaApi(page: Page, file: string, alt?: string): Promise<string> {
  const response = await page.request.post("/api/uploads/images", {
    multipart: {
      file: { name: path.basename(file), mimeType: "image/jpeg", buffer: await readFile(file) },
      ...(alt ? { alt } : {}),
    },
    headers: originHeaders(),
  });
  await expectStatus(response, 201, "upload");
  return ((await response.json()) as { id: string }).id;
}

export interface SeededItem {
  id: string;
  title: string;
  restaurant?: { id: string; name: string; slug: string | null };
}

/**
 * A restaurant as a review names it. One with any of Google's details (price level, rating,
 * website, phone, position) is registered with the fake Google Places service first and named by its place
 * id, as picking it from place search does; the server takes the details from there. Without
 * them it is typed by hand.
 */
export interface RestaurantSeed {
  name: string;
  address?: string;
  priceLevel?: number;
  googleRating?: number;
  website?: string;
  phone?: string;
  /** Where Google puts it; a food map pins it there. */
  lat?: number;
  lng?: number;
}

/**
 * Where the browser says it is (PageOptions.geolocation), and where a place `km` due north of it
 * is (RestaurantSeed's lat and lng; 1° of latitude ≈ 111.2 km).
 */
export function positionAt(latitude: number, longitude: number) {
  return {
    here: { latitude, longitude },
    north: (km: number) => ({ lat: latitude + km / 111.195, lng: longitude }),
  };
}

/** What a review or post sends for `seed` (see RestaurantSeed). */
async function restaurantInput(seed: RestaurantSeed): Promise<Record<string, unknown>> {
  const { name, address, ...details } = seed;
  if (Object.values(details).every((value) => value === undefined)) return { name, address };
  const placeId = `e2e-${createHash("sha256")
    .update(`${name}|${address ?? ""}`)
    .digest("hex")
    .slice(0, 16)}`;
  const registered = await fetch(inject("placesRegisterURL"), {
    method: "POST",
    body: JSON.stringify({ placeId, ...seed }),
  });
  expect(registered.status, "registering the place").toBe(200);
  return { name, address, placeId };
}

export interface DishReviewSeed {
  title: string;
  restaurant?: RestaurantSeed;
  rating?: number;
  cost?: number | null;
  description?: string;
  photos: string[];
  /** "Date visited" `YYYY-MM-DD`; today by default. */
  visitedOn?: string;
  /** The category it is ranked in; none by default. */
  category?: string;
}

/** A dish review through POST /api/reviews, its photos uploaded first, in order. */
export async function seedDishReview(page: Page, seed: DishReviewSeed): Promise<SeededItem> {
  const images = [];
  for (const photo of seed.photos) images.push({ uploadId: await uploadPhotoViaApi(page, photo) });
  const response = await page.request.post("/api/reviews", {
    data: {
      reviewType: "dish",
      restaurant: await restaurantInput(
        seed.restaurant ?? { name: "E2E Diner", address: "1 Main St, Springfield, IL" },
      ),
      title: seed.title,
      rating: seed.rating ?? 4,
      cost: seed.cost === undefined ? 12.5 : seed.cost,
      description: seed.description ?? "Seeded for the browser tests.",
      images,
      visitedOn: seed.visitedOn,
      category: seed.category,
    },
    headers: originHeaders(),
  });
  await expectStatus(response, 201, "dish review");
  return (await response.json()) as SeededItem;
}

export interface RestaurantReviewSeed {
  restaurant: RestaurantSeed;
  rating: number;
  /** The price range 1-4 (dollar signs); none by default. */
  priceRange?: number;
  description?: string;
}

/** A restaurant review (no photos) through POST /api/reviews. */
export async function seedRestaurantReview(
  page: Page,
  seed: RestaurantReviewSeed,
): Promise<SeededItem> {
  const response = await page.request.post("/api/reviews", {
    data: {
      reviewType: "restaurant",
      restaurant: await restaurantInput(seed.restaurant),
      rating: seed.rating,
      priceRange: seed.priceRange ?? null,
      description: seed.description ?? "Seeded for the browser tests.",
      images: [],
    },
    headers: originHeaders(),
  });
  await expectStatus(response, 201, "restaurant review");
  return (await response.json()) as SeededItem;
}

export interface PostSeed {
  title: string;
  content?: string;
  restaurant?: RestaurantSeed | null;
  photos?: string[];
}

/** A post through POST /api/posts. */
export async function seedPost(page: Page, seed: PostSeed): Promise<SeededItem> {
  const images = [];
  for (const photo of seed.photos ?? []) {
    images.push({ uploadId: await uploadPhotoViaApi(page, photo) });
  }
  const response = await page.request.post("/api/posts", {
    data: {
      title: seed.title,
      content: seed.content ?? "",
      restaurant: seed.restaurant ? await restaurantInput(seed.restaurant) : null,
      images,
    },
    headers: originHeaders(),
  });
  await expectStatus(response, 201, "post");
  return (await response.json()) as SeededItem;
}

/**
 * A deal at a restaurant typed by name (or one the place search finds, see RestaurantSeed),
 * through POST /api/deals: weekly (Mon–Fri 4–7 pm), or until `endsAt`.
 */
export async function seedDeal(
  page: Page,
  seed: { title: string; restaurant: string | RestaurantSeed; details?: string; endsAt?: string },
): Promise<{ id: string; restaurant: { id: string; slug: string | null } }> {
  const response = await page.request.post("/api/deals", {
    data: {
      restaurant:
        typeof seed.restaurant === "string"
          ? { name: seed.restaurant }
          : await restaurantInput(seed.restaurant),
      title: seed.title,
      details: seed.details ?? null,
      schedule: seed.endsAt
        ? { kind: "ends", endsAt: seed.endsAt }
        : { kind: "weekly", days: [1, 2, 3, 4, 5], from: "16:00", to: "19:00" },
      timeZone: "UTC",
    },
    headers: originHeaders(),
  });
  await expectStatus(response, 201, "deal");
  return (await response.json()) as { id: string; restaurant: { id: string; slug: string | null } };
}

/** The signed-in person's "Still on" or "Gone" on a deal, through PUT /api/deals/:id/vote. */
export async function voteOnDealViaApi(
  page: Page,
  dealId: string,
  vote: "still_on" | "gone",
): Promise<void> {
  const response = await page.request.put(`/api/deals/${dealId}/vote`, {
    data: { vote },
    headers: originHeaders(),
  });
  await expectStatus(response, 200, "deal vote");
}

/**
 * Saves to the signed-in person's Want to try through the API the Save toggles call: a
 * restaurant by id, or the dish a dish review names.
 */
export async function saveToWantToTryViaApi(
  page: Page,
  target: { restaurantId: string } | { reviewId: string },
): Promise<void> {
  const path =
    "restaurantId" in target
      ? `/api/restaurants/${target.restaurantId}/want-to-try`
      : `/api/reviews/${target.reviewId}/want-to-try`;
  const response = await page.request.put(path, { headers: originHeaders() });
  await expectStatus(response, 200, "save to Want to try");
}

/** A list as its page's API answers it: what the tests need of domain/lists.ts' summary. */
export interface SeededList {
  id: string;
  name: string;
  shareKey: string | null;
}

/** A named list of the signed-in person (POST /api/lists), private unless told. */
export async function createListViaApi(
  page: Page,
  input: { name: string; description?: string; visibility?: "private" | "followers" | "link" },
): Promise<SeededList> {
  const response = await page.request.post("/api/lists", {
    data: input,
    headers: originHeaders(),
  });
  await expectStatus(response, 201, "create list");
  return ((await response.json()) as { list: SeededList }).list;
}

/** Adds a restaurant or a review to one of the signed-in person's lists, at its end. */
export async function addToListViaApi(
  page: Page,
  listId: string,
  target: { restaurantId: string } | { reviewId: string },
): Promise<void> {
  const response = await page.request.post(`/api/lists/${listId}/entries`, {
    data: target,
    headers: originHeaders(),
  });
  await expectStatus(response, 201, "add to list");
}

/** The signed-in person on page follows a list (PUT /api/lists/:id/follow, a link list's key). */
export async function followListViaApi(page: Page, list: SeededList, key?: string): Promise<void> {
  const response = await page.request.put(`/api/lists/${list.id}/follow`, {
    data: { key },
    headers: originHeaders(),
  });
  await expectStatus(response, 200, "follow list");
}

/** The signed-in person on page follows `user` (PUT /api/profiles/:id/follow). */
export async function followViaApi(page: Page, user: SeededUser): Promise<void> {
  const profile = await page.request.get(`/api/profiles/${user.username}`);
  await expectStatus(profile, 200, "profile lookup");
  const { profile: found } = (await profile.json()) as { profile: { id: string } };
  const response = await page.request.put(`/api/profiles/${found.id}/follow`, {
    headers: originHeaders(),
  });
  await expectStatus(response, 200, "follow");
}

/** The signed-in person on page switches Private Profile on (PUT /api/profile/privacy). */
export async function makePrivateViaApi(page: Page): Promise<void> {
  const response = await page.request.put("/api/profile/privacy", {
    data: { private: true },
    headers: originHeaders(),
  });
  await expectStatus(response, 200, "private profile");
}

/** The Add button of whichever navigation is showing (top bar on desktop, bottom bar on phones). */
export function addButton(page: Page): Locator {
  return page.getByRole("button", { name: "Add", exact: true });
}

export const CHOOSER_TITLE = "What would you like to review?";

/** Opens the Add chooser and waits for its three choices. */
export async function openAddChooser(page: Page): Promise<Locator> {
  await addButton(page).click();
  const chooser = page.getByRole("dialog", { name: CHOOSER_TITLE });
  await chooser.waitFor();
  await chooserChoice(chooser, "Post").waitFor();
  return chooser;
}

/** A choice of the chooser by its label (its accessible name also holds the hint under it). */
export function chooserChoice(
  chooser: Locator,
  label: "Dish Review" | "Restaurant Review" | "Post" | "Deal",
): Locator {
  return chooser.getByRole("button", { name: new RegExp(`^${label}\\b`) });
}

/** The controls of an open review form (in a dialog or on /post), by accessible name. */
export function reviewForm(scope: Locator | Page) {
  return {
    restaurant: scope.getByRole("textbox", { name: /^Restaurant( Name)?$/ }),
    photoInput: scope.locator('input[type="file"]'),
    photoList: scope.getByRole("list", { name: "Selected photos" }),
    dishName: scope.getByRole("textbox", { name: "Dish Name" }),
    rating: (stars: number) =>
      scope.getByRole("radio", { name: stars === 1 ? "1 star" : `${stars} stars`, exact: true }),
    cost: scope.getByRole("textbox", { name: "Cost" }),
    experience: scope.getByRole("textbox", { name: "Your Experience" }),
    submit: scope.getByRole("button", { name: /^(Post Review|Update Review)$/ }),
  };
}

/**
 * Adds photo files to a review or post form and waits until each row has finished uploading
 * ("Photo n" shows instead of "Uploading… n%").
 */
export async function addPhotos(scope: Locator, files: string[]): Promise<void> {
  const before = await scope.getByRole("list", { name: "Selected photos" }).locator("li").count();
  await scope.locator('input[type="file"]').setInputFiles(files);
  for (let index = before; index < before + files.length; index++) {
    await scope
      .getByText(new RegExp(`^Photo ${index + 1}( · Main)?$`))
      .first()
      .waitFor();
  }
}

export interface DishReviewInput {
  restaurant: string;
  dish: string;
  rating: number;
  cost?: string;
  experience?: string;
  photos: string[];
}

/**
 * The chooser flow: Add → Dish Review → fill "New Review - Dish" → Post Review →
 * "Success!" / "Your review has been posted." on /feed.
 */
export async function postDishReviewViaUi(page: Page, input: DishReviewInput): Promise<void> {
  const chooser = await openAddChooser(page);
  await chooserChoice(chooser, "Dish Review").click();
  const dialog = page.getByRole("dialog", { name: "New Review - Dish" });
  await dialog.waitFor();
  const form = reviewForm(dialog);
  await form.restaurant.fill(input.restaurant);
  await addPhotos(dialog, input.photos);
  await form.dishName.fill(input.dish);
  await form.rating(input.rating).check();
  if (input.cost !== undefined) await form.cost.fill(input.cost);
  if (input.experience !== undefined) await form.experience.fill(input.experience);
  await form.submit.click();
  await waitForText(page, "Your review has been posted.");
  await waitForPath(page, "/feed");
}

/** The feed card (an article named by its title) of an item. */
export function feedCard(page: Page, title: string): Locator {
  return page
    .getByRole("region", { name: "Feed" })
    .getByRole("article", { name: title, exact: true });
}

/** Opens an item's detail dialog from its feed card's title and returns the dialog. */
export async function openDetail(page: Page, title: string, dialogTitle: string): Promise<Locator> {
  await feedCard(page, title).getByRole("button", { name: title, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: dialogTitle, exact: true });
  await dialog.getByRole("heading", { name: title, exact: true }).waitFor();
  return dialog;
}

/** A toast (Mantine notification, role alert) holding text, e.g. its title. */
export function toastWith(page: Page, text: string): Locator {
  return page.getByRole("alert").filter({ hasText: text });
}

/**
 * Closes every toast on screen, as a person does when one sits over the next thing to tap. A
 * toast may close itself meanwhile (a validation toast does once its field is fixed), so each
 * round closes whichever is first now, and a click that finds it gone is no failure; the poll
 * below is what must hold.
 */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole("button", { name: "Close notification" });
  for (let round = 0; round < 10 && (await close.count()) > 0; round++) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect.poll(() => page.getByRole("alert").count()).toBe(0);
}

/**
 * What a page may report on purpose: a failed request Chromium logs itself ("Failed to load
 * resource: … status of 404"), or a console.error the app writes about it.
 */
export type ExpectedError = { status: number; path: string } | { console: string };

/**
 * withPage for a test that provokes failures on purpose (a sign-in with a wrong password, an
 * unknown path). Chromium itself reports every 4xx answer as a console error ("Failed to load
 * resource"), which the page cannot prevent; so the page must have reported exactly these, in
 * this order, and nothing else.
 */
export async function withPageExpectingErrors(
  browser: Browser,
  options: PageOptions,
  expected: ExpectedError[],
  body: (page: Page) => Promise<void>,
): Promise<void> {
  const { page, errors, close } = await newPage(browser, options);
  try {
    await body(page);
    expect(errors, "errors reported by the browser").toHaveLength(expected.length);
    expected.forEach((failure, index) => {
      if ("console" in failure) {
        expect(errors[index]).toContain(`console.error on ${baseURL()}`);
        expect(errors[index]).toContain(failure.console);
        return;
      }
      expect(errors[index]).toContain(
        `Failed to load resource: the server responded with a status of ${failure.status} `,
      );
      expect(errors[index]).toContain(`(${baseURL()}${failure.path}:0)`);
    });
  } finally {
    await close();
  }
}
