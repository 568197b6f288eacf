import type { Page } from "playwright-core";
import { beforeEach, expect, test } from "vitest";
import type { MeDto } from "#domain/profile.ts";
import { signOutFromUserMenu } from "./support/auth.ts";
import {
  baseURL,
  checkEveryLook,
  DESKTOP,
  expectNoAxeViolations,
  MOBILE,
  newPage,
  type PageOptions,
  screenshot,
  useBrowser,
} from "./support/browser.ts";
import {
  chooserChoice,
  closeToasts,
  endSessionsViaApi,
  feedCard,
  makePhoto,
  openAddChooser,
  reviewForm,
  signInViaApi,
  signUpViaApi,
  toastWith,
  useFixtureDir,
} from "./support/content.ts";

/**
 * Posting a review with no network (issue 31, docs/decisions/0040): "Post Review" with a photo
 * keeps it on the device and shows "Waiting to post"; it can be opened and edited, still
 * offline; once the network is back it is sent with its submission key and appears exactly
 * once. A discarded one is never sent, and sign-out drops what waits; a session the server ends
 * keeps them for the same person, and another account signing in drops them. The service worker sends
 * them too (Background Sync, docs/decisions/0043), with no page of the app open, and the pages
 * hear of it; one the server refuses stays, saying why and what to do, and is not sent again.
 * Axe and screenshots of the waiting and refused states in every look.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("waiting-to-post");
/** Unique to each attempt of a test, so a retry's reviews are told apart from the first's. */
let token = "";
beforeEach(() => {
  token = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
});

/** Chromium's own report of each request the emulated offline network refused. */
const OFFLINE_REQUEST = /net::ERR_INTERNET_DISCONNECTED/;

const WAITING_HINT = "Your review will be posted when you're back online.";

/** The "Waiting to post" list above every in-app screen. */
const waitingList = (page: Page) => page.getByRole("region", { name: "Waiting to post" });

/** The own profile's id and the titles of their dish reviews, as the API has them. */
async function ownDishTitles(page: Page): Promise<string[]> {
  const me = (await (await page.request.get("/api/me")).json()) as { profile: { id: string } };
  const response = await page.request.get(`/api/profiles/${me.profile.id}/items?tab=dishes`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { items: { title: string }[] };
  return body.items.map((item) => item.title);
}

/** The keys idb-keyval's store holds (web/lib/waiting-reviews.ts keeps reviews there). */
function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open("keyval-store");
        request.onupgradeneeded = () => request.result.createObjectStore("keyval");
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const keys = db.transaction("keyval").objectStore("keyval").getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
        };
      }),
  );
}

const waitingKeys = async (page: Page) =>
  (await storedKeys(page)).filter((key) => key.startsWith("tasted-waiting-reviews:"));

/** The Background Sync tags the app's service worker holds (a page registers one per person). */
function syncTags(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync: { getTags(): Promise<string[]> };
    };
    return registration.sync.getTags();
  });
}

/**
 * Fires Background Sync's `sync` event with `tag` in the app's service worker (DevTools'
 * ServiceWorker.dispatchSyncEvent). Chromium fires it too when the emulated network comes back
 * (the worker posts with no dispatch); firing it here makes the test wait for no timing of
 * Chromium's, and a second event must find nothing left to send.
 */
async function dispatchSync(page: Page, tag: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const origin = new URL(baseURL()).origin;
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const app = registrations.find(
          (registration) => new URL(registration.scopeURL).origin === origin,
        );
        if (app && !app.isDeleted) resolve(app.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.dispatchSyncEvent", {
      origin,
      registrationId: await registrationId,
      tag,
      lastChance: false,
    });
  } finally {
    await cdp.detach();
  }
}

/**
 * Opens Add → Dish Review online, once the service worker controls the page (as in the installed
 * app, every screen's code is then on the device), then takes the network away.
 */
async function openDishFormOffline(page: Page) {
  await page.goto("/feed");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const chooser = await openAddChooser(page);
  await chooserChoice(chooser, "Dish Review").click();
  const dialog = page.getByRole("dialog", { name: "New Review - Dish" });
  await dialog.waitFor();
  await page.context().setOffline(true);
  await page.getByRole("status").filter({ hasText: "Offline" }).waitFor();
  return dialog;
}

/**
 * Runs `body` with a page the app's service worker may control, then requires that the page
 * reported no error but Chromium's report of the requests refused on purpose: those made
 * offline, and those `refused` matches.
 */
async function withAppPage(
  options: PageOptions,
  body: (page: Page) => Promise<void>,
  refused?: RegExp,
) {
  const { page, errors, close } = await newPage(browser, { ...options, serviceWorker: true });
  try {
    await body(page);
    // The Everyone feed shows other test files' items, which they hide, make private and
    // delete meanwhile: their photos then answer 404. This person's own photos may not.
    const me = await page.request.get("/api/me");
    const ownPhotos = me.ok() ? `/uploads/photos/${((await me.json()) as MeDto).user.id}/` : null;
    const othersPhotoGone = (error: string) =>
      error.includes("status of 404") &&
      error.includes("/uploads/photos/") &&
      !(ownPhotos && error.includes(ownPhotos));
    expect(
      errors.filter(
        (error) => !OFFLINE_REQUEST.test(error) && !refused?.test(error) && !othersPhotoGone(error),
      ),
      "errors other than the requests refused on purpose",
    ).toEqual([]);
  } finally {
    await close();
  }
}

/** Writes a 3-star dish review with a photo offline and posts it: it waits on the device. */
async function keepWaiting(
  page: Page,
  review: { restaurant: string; dish: string; photo: string },
) {
  const dialog = await openDishFormOffline(page);
  const form = reviewForm(dialog);
  await form.restaurant.fill(review.restaurant);
  await form.photoInput.setInputFiles(review.photo);
  await form.dishName.fill(review.dish);
  await form.rating(3).check();
  await form.submit.click();
  await waitingList(page)
    .getByText(`${review.dish} · ${review.restaurant}`, { exact: true })
    .waitFor();
}

test("a review posted offline waits on the device, can be edited, and is posted once when the network is back", async () => {
  const photo = await makePhoto(fixtures.path());
  await withAppPage(
    {
      viewport: MOBILE,
      colorScheme: "auto",
    },
    async (page) => {
      await signUpViaApi(page, "waiter");
      const restaurant = `Harbor Noodles ${token}`;
      const dish = `Tonkotsu ${token}`;
      const edited = `Tonkotsu extra chashu ${token}`;

      const dialog = await openDishFormOffline(page);
      const form = reviewForm(dialog);
      await form.restaurant.fill(restaurant);
      await form.photoInput.setInputFiles(photo);
      // No upload without a network: the photo waits, no "Upload failed".
      await dialog
        .getByText("Photo 1 · Uploads when you're back online", { exact: true })
        .waitFor();
      await form.dishName.fill(dish);
      await form.rating(5).check();
      await form.experience.fill("Rich broth, written on the train.");
      await form.submit.click();

      await toastWith(page, "Waiting to post").waitFor();
      await toastWith(page, WAITING_HINT).waitFor();
      await dialog.waitFor({ state: "detached" });
      const list = waitingList(page);
      await list.getByText(`${dish} · ${restaurant}`, { exact: true }).waitFor();
      await list.getByText(WAITING_HINT, { exact: true }).waitFor();
      expect(await waitingKeys(page)).toHaveLength(1);
      expect(await ownDishTitles(page)).toEqual([]);
      await closeToasts(page);

      await checkEveryLook(page, "waiting-to-post");

      // Opened by keyboard, edited and posted again, still offline: the same one, changed.
      const open = list.getByRole("button", { name: `Open ${dish} · ${restaurant}` });
      await open.focus();
      await page.keyboard.press("Enter");
      const reopened = page.getByRole("dialog", { name: "New Review - Dish" });
      const again = reviewForm(reopened);
      expect(await again.dishName.inputValue()).toBe(dish);
      expect(await again.restaurant.inputValue()).toBe(restaurant);
      expect(await again.rating(5).isChecked()).toBe(true);
      await reopened
        .getByText("Photo 1 · Uploads when you're back online", { exact: true })
        .waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, "waiting-to-post-opened", { fullPage: false });
      await again.dishName.fill(edited);
      await again.submit.click();
      await reopened.waitFor({ state: "detached" });
      await list.getByText(`${edited} · ${restaurant}`, { exact: true }).waitFor();
      expect(await list.getByRole("listitem").count()).toBe(1);
      expect(await waitingKeys(page)).toHaveLength(1);
      // Still there when the app is opened again offline.
      await page.reload();
      await list.getByText(`${edited} · ${restaurant}`, { exact: true }).waitFor();

      // The network is back: sent once, with its photo; the list goes, the feed shows it once.
      await page.context().setOffline(false);
      await toastWith(page, "Dish review posted successfully!").waitFor();
      await list.waitFor({ state: "detached" });
      const card = feedCard(page, edited);
      await card.waitFor();
      const image = card.locator("img").first();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
      expect(await feedCard(page, edited).count()).toBe(1);
      expect(await ownDishTitles(page)).toEqual([edited]);
      // A fresh open sends nothing again.
      await page.reload();
      await feedCard(page, edited).waitFor();
      expect(await waitingList(page).count()).toBe(0);
      expect(await ownDishTitles(page)).toEqual([edited]);
    },
  );
}, 120_000);

test("a discarded waiting review is never sent; sign-out drops what waits", async () => {
  const photo = await makePhoto(fixtures.path(), { color: { r: 40, g: 90, b: 160 } });
  await withAppPage(
    {
      viewport: DESKTOP,
    },
    async (page) => {
      await signUpViaApi(page, "discarder");
      const restaurant = `Corner Deli ${token}`;

      const keepOne = (dish: string) => keepWaiting(page, { restaurant, dish, photo });

      const discarded = `Pastrami ${token}`;
      await keepOne(discarded);
      await waitingList(page)
        .getByRole("button", { name: `Discard ${discarded} · ${restaurant}` })
        .click();
      const confirm = page.getByRole("dialog", { name: "Discard this review?" });
      await confirm
        .getByText("It has not been posted yet. It will be deleted from this device.")
        .waitFor();
      await confirm.getByRole("button", { name: "Discard" }).click();
      await waitingList(page).waitFor({ state: "detached" });
      await page.context().setOffline(false);
      await page.getByRole("status").filter({ hasText: "Offline" }).waitFor({ state: "detached" });
      expect(await ownDishTitles(page)).toEqual([]);

      // One left waiting, its photo upload refused by the network when it is back, then sign-out:
      // nothing of it stays on the device, and it is never sent.
      const left = `Reuben ${token}`;
      await keepOne(left);
      await onlineWithUploadsRefused(page);
      await waitingList(page).getByText(`${left} · ${restaurant}`, { exact: true }).waitFor();
      expect(await waitingKeys(page)).toHaveLength(1);
      await signOutFromUserMenu(page);
      await expect.poll(() => waitingKeys(page)).toEqual([]);
      await page.context().unroute("**/api/uploads/images");
    },
  );
}, 120_000);

/** The network is back, but photo uploads are refused, so what waits stays waiting. */
async function onlineWithUploadsRefused(page: Page) {
  // The context's route: the service worker's Background Sync is refused the network too.
  await page
    .context()
    .route("**/api/uploads/images", (route) => route.abort("internetdisconnected"));
  await page.context().setOffline(false);
  await page.getByRole("status").filter({ hasText: "Offline" }).waitFor({ state: "detached" });
}

const savedReadKeys = async (page: Page) =>
  (await storedKeys(page)).filter((key) => key.startsWith("tasted-query-cache:"));

test("a session the server ends keeps the reviews waiting for the same person; another person signing in ends them", async () => {
  const photo = await makePhoto(fixtures.path(), { color: { r: 90, g: 160, b: 40 } });
  await withAppPage(
    {
      viewport: DESKTOP,
    },
    async (page) => {
      const author = await signUpViaApi(page, "returner");
      const me = (await (await page.request.get("/api/me")).json()) as MeDto;
      const restaurant = `Night Market ${token}`;
      const kept = `Bao ${token}`;
      await keepWaiting(page, { restaurant, dish: kept, photo });
      await onlineWithUploadsRefused(page);
      await endSessionsViaApi(page);

      // The next open finds nobody signed in: the reads saved for them go, the list is not shown.
      await page.goto("/feed");
      await page.getByRole("link", { name: "Sign In" }).first().waitFor();
      await expect.poll(() => savedReadKeys(page)).toEqual([]);
      expect(await waitingList(page).count()).toBe(0);

      // The same person signs in again: what they left waiting is posted, once.
      await page.context().unroute("**/api/uploads/images");
      await signInViaApi(page, author);
      await page.goto("/feed");
      await expect.poll(() => ownDishTitles(page)).toEqual([kept]);
      await waitingList(page).waitFor({ state: "detached" });

      // Another one waits and their session ends again; someone else signs in on this browser:
      // it is deleted from the device, never shown to them nor posted.
      const dropped = `Gyoza ${token}`;
      await keepWaiting(page, { restaurant, dish: dropped, photo });
      await onlineWithUploadsRefused(page);
      await endSessionsViaApi(page);
      await signUpViaApi(page, "nextperson");
      await page.goto("/feed");
      await expect.poll(() => waitingKeys(page)).toEqual([]);
      expect(await waitingList(page).count()).toBe(0);
      await page.context().unroute("**/api/uploads/images");
      const authorsDishes = await page.request.get(
        `/api/profiles/${me.profile.id}/items?tab=dishes`,
      );
      expect(((await authorsDishes.json()) as { items: { title: string }[] }).items).toEqual([
        expect.objectContaining({ title: kept }),
      ]);
    },
    // The first open after a session ended asks /api/me as the person last signed in here.
    /status of 401 \(Unauthorized\) \(http[^ ]*\/api\/me:/,
  );
}, 150_000);

test("the service worker posts a waiting review once (Background Sync), with no page of the app open or while one is", async () => {
  const photo = await makePhoto(fixtures.path(), { color: { r: 160, g: 90, b: 40 } });
  await withAppPage(
    {
      viewport: DESKTOP,
    },
    async (page) => {
      await signUpViaApi(page, "syncer");
      const restaurant = `Night Market ${token}`;

      // Kept offline: the page asks the worker to send it. The app is closed (about:blank), then
      // the network is back: only the worker can send it.
      const first = `Gua bao ${token}`;
      await keepWaiting(page, { restaurant, dish: first, photo });
      const [tag, ...others] = await syncTags(page);
      expect(tag).toMatch(/^tasted-waiting-reviews:/);
      expect(others).toEqual([]);
      await page.goto("about:blank");
      await page.context().setOffline(false);
      await dispatchSync(page, tag as string);
      await expect.poll(() => ownDishTitles(page)).toEqual([first]);
      // Fired again (Chromium's own try, say): nothing is left to send.
      await dispatchSync(page, tag as string);
      await page.goto("/feed");
      const card = feedCard(page, first);
      await card.waitFor();
      const image = card.locator("img").first();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
      expect(await waitingList(page).count()).toBe(0);
      expect(await ownDishTitles(page)).toEqual([first]);
      await closeToasts(page);

      // With the app open, but its own sends cut off: the worker posts it, and the page shows
      // it as if it had (the list goes, the toast, the feed).
      const second = `Oyster omelette ${token}`;
      await keepWaiting(page, { restaurant, dish: second, photo });
      await page.route("**/api/reviews", (route) => route.abort("internetdisconnected"));
      await page.context().setOffline(false);
      await dispatchSync(page, tag as string);
      await toastWith(page, "Dish review posted successfully!").waitFor();
      await waitingList(page).waitFor({ state: "detached" });
      await feedCard(page, second).waitFor();
      expect(await feedCard(page, second).count()).toBe(1);
      expect((await ownDishTitles(page)).sort()).toEqual([first, second].sort());
      await page.unroute("**/api/reviews");
    },
  );
}, 120_000);

test("a waiting review the server refuses stays, saying why and what to do, and is not sent again; a server failure leaves it for the next try", async () => {
  const photo = await makePhoto(fixtures.path(), { color: { r: 90, g: 160, b: 40 } });
  await withAppPage(
    {
      viewport: MOBILE,
      colorScheme: "auto",
    },
    async (page) => {
      await signUpViaApi(page, "refused");
      const restaurant = `Gone Diner ${token}`;
      const refused = `Patty melt ${token}`;
      const failed = `Onion rings ${token}`;

      // Every create the page or the worker sends is answered here: first "the restaurant is
      // gone", then the server failing.
      const posts: string[] = [];
      let answer = { status: 404, code: "NOT_FOUND", message: "Restaurant not found" };
      await page.context().route("**/api/reviews", async (route) => {
        if (route.request().method() !== "POST") return route.fallback();
        posts.push((route.request().postDataJSON() as { title: string }).title);
        await route.fulfill({
          status: answer.status,
          json: { error: { code: answer.code, message: answer.message } },
        });
      });

      await keepWaiting(page, { restaurant, dish: refused, photo });
      const [tag] = await syncTags(page);
      await page.context().setOffline(false);
      const list = waitingList(page);
      await list.getByText("Not posted: Restaurant not found", { exact: true }).waitFor();
      await list.getByText("Open it to edit it, or discard it.", { exact: true }).waitFor();
      expect(posts).toEqual([refused]);
      // Not sent again: not by the worker, not when the app opens, not when the network is back.
      await dispatchSync(page, tag as string);
      await page.reload();
      await list.getByText("Not posted: Restaurant not found", { exact: true }).waitFor();
      await page.context().setOffline(true);
      await page.getByRole("status").filter({ hasText: "Offline" }).waitFor();
      await page.context().setOffline(false);
      await page.getByRole("status").filter({ hasText: "Offline" }).waitFor({ state: "detached" });
      expect(posts).toEqual([refused]);
      await closeToasts(page);

      await checkEveryLook(page, "waiting-to-post-refused");

      // The server failing: it waits, with no refusal, for the next try.
      answer = { status: 503, code: "UNAVAILABLE", message: "Try again later" };
      await keepWaiting(page, { restaurant, dish: failed, photo });
      await page.context().setOffline(false);
      // Tried by the page, and maybe by the worker too; the refused one not again.
      await expect.poll(() => posts.includes(failed)).toBe(true);
      await page.getByRole("status").filter({ hasText: "Offline" }).waitFor({ state: "detached" });
      expect(posts.filter((title) => title === refused)).toEqual([refused]);
      expect(await list.getByRole("listitem").count()).toBe(2);
      expect(await list.getByText("Not posted:").count()).toBe(1);

      // The server is back: the failed one is sent when the app opens (or by the worker, which
      // may have waited for the page's send to end); the refused one waits for its author, who
      // opens it by keyboard, edits it and posts it.
      await page.context().unroute("**/api/reviews");
      await page.reload();
      await list.getByText(`${failed} · ${restaurant}`).waitFor({ state: "detached" });
      expect(await ownDishTitles(page)).toEqual([failed]);
      await closeToasts(page);
      const open = list.getByRole("button", { name: `Open ${refused} · ${restaurant}` });
      await open.focus();
      await page.keyboard.press("Enter");
      const reopened = page.getByRole("dialog", { name: "New Review - Dish" });
      const form = reviewForm(reopened);
      expect(await form.dishName.inputValue()).toBe(refused);
      const edited = `Patty melt on rye ${token}`;
      await form.dishName.fill(edited);
      await form.submit.click();
      await toastWith(page, "Dish review posted successfully!").waitFor();
      await list.waitFor({ state: "detached" });
      expect((await ownDishTitles(page)).sort()).toEqual([edited, failed].sort());
    },
    /the server responded with a status of (404|503)/,
  );
}, 150_000);
