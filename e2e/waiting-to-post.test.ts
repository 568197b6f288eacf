import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { signOutFromUserMenu } from "./support/auth.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  newPage,
  renderedColorScheme,
  screenshot,
  useBrowser,
} from "./support/browser.ts";
import {
  chooserChoice,
  closeToasts,
  feedCard,
  makePhoto,
  openAddChooser,
  reviewForm,
  signUpViaApi,
  toastWith,
  useFixtureDir,
} from "./support/content.ts";

/**
 * Posting a review with no network (issue 31, docs/decisions/0040): "Post Review" with a photo
 * keeps it on the device and shows "Waiting to post"; it can be opened and edited, still
 * offline; once the network is back it is sent with its submission key and appears exactly
 * once. A discarded one is never sent, and sign-out drops what waits. Axe and screenshots of
 * the waiting state in every look.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("waiting-to-post");
const token = Date.now().toString(36);

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

test("a review posted offline waits on the device, can be edited, and is posted once when the network is back", async () => {
  const photo = await makePhoto(fixtures.path());
  const { page, errors, close } = await newPage(browser, {
    viewport: MOBILE,
    colorScheme: "auto",
    serviceWorker: true,
  });
  try {
    await signUpViaApi(page, "waiter");
    const restaurant = `Harbor Noodles ${token}`;
    const dish = `Tonkotsu ${token}`;
    const edited = `Tonkotsu extra chashu ${token}`;

    const dialog = await openDishFormOffline(page);
    const form = reviewForm(dialog);
    await form.restaurant.fill(restaurant);
    await form.photoInput.setInputFiles(photo);
    // No upload without a network: the photo waits, no "Upload failed".
    await dialog.getByText("Photo 1 · Uploads when you're back online", { exact: true }).waitFor();
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

    for (const look of LOOKS) {
      await page.setViewportSize(look.viewport);
      await page.emulateMedia({ colorScheme: look.colorScheme });
      await expect.poll(() => renderedColorScheme(page)).toBe(look.colorScheme);
      // Colours that ease into the new scheme have arrived (a cancelled animation counts too).
      await page.evaluate(() =>
        Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
      );
      await expectNoAxeViolations(page);
      await screenshot(page, "waiting-to-post", { fullPage: false });
    }
    await page.setViewportSize(MOBILE);
    await page.emulateMedia({ colorScheme: "light" });

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
    expect(
      errors.filter((error) => !OFFLINE_REQUEST.test(error)),
      "errors other than the requests made offline",
    ).toEqual([]);
  } finally {
    await close();
  }
}, 120_000);

test("a discarded waiting review is never sent; sign-out drops what waits", async () => {
  const photo = await makePhoto(fixtures.path(), { color: { r: 40, g: 90, b: 160 } });
  const { page, errors, close } = await newPage(browser, {
    viewport: DESKTOP,
    serviceWorker: true,
  });
  try {
    await signUpViaApi(page, "discarder");
    const restaurant = `Corner Deli ${token}`;

    async function keepOne(dish: string) {
      const dialog = await openDishFormOffline(page);
      const form = reviewForm(dialog);
      await form.restaurant.fill(restaurant);
      await form.photoInput.setInputFiles(photo);
      await form.dishName.fill(dish);
      await form.rating(3).check();
      await form.submit.click();
      await waitingList(page).getByText(`${dish} · ${restaurant}`, { exact: true }).waitFor();
    }

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
    await page.route("**/api/uploads/images", (route) => route.abort("internetdisconnected"));
    await page.context().setOffline(false);
    await page.getByRole("status").filter({ hasText: "Offline" }).waitFor({ state: "detached" });
    await waitingList(page).getByText(`${left} · ${restaurant}`, { exact: true }).waitFor();
    expect(await waitingKeys(page)).toHaveLength(1);
    await signOutFromUserMenu(page);
    await expect.poll(() => waitingKeys(page)).toEqual([]);
    await page.unroute("**/api/uploads/images");
    expect(
      errors.filter((error) => !OFFLINE_REQUEST.test(error)),
      "errors other than the requests made offline",
    ).toEqual([]);
  } finally {
    await close();
  }
}, 120_000);
