import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { signInByEmail, signOutFromUserMenu } from "./support/auth.ts";
import {
  baseURL,
  checkEveryLook,
  DESKTOP,
  MOBILE,
  newPage,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import {
  feedCard,
  makePhoto,
  PASSWORD,
  type SeededUser,
  seedDishReview,
  signUpViaApi,
  useFixtureDir,
} from "./support/content.ts";

/**
 * Offline and repeat visits with the real service worker: feed, a review's page, explore,
 * notifications and the own profile, seen once online, open offline (by in-app navigation and
 * by a fresh load) with what was seen last and the "Offline" notice, and a screen never opened
 * still opens; back online they read again. The person's saved cache goes on sign-out, and the next person signed in on the same
 * browser sees none of it. Axe and screenshots of the offline feed in every look.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("offline");
const token = `o${Date.now().toString(36)}`;

/** Chromium's own report of each request the emulated offline network refused. */
const OFFLINE_REQUEST = /net::ERR_INTERNET_DISCONNECTED/;

/** The own profile's query key as saved (profileKeys.page in web/lib/query-keys.ts). */
const PROFILE_PAGE = String.raw`\["profiles","page"`;

/** The live region that says the screen shows what was seen last. */
const offlineNotice = (page: Page) => page.getByRole("status").filter({ hasText: "Offline" });

/** What the app saved in IndexedDB (web/lib/offline-cache.ts), by key, as JSON text. */
function savedCaches(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        // idb-keyval's database and store; made here as idb-keyval makes them if not there yet.
        const request = indexedDB.open("keyval-store");
        request.onupgradeneeded = () => request.result.createObjectStore("keyval");
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const store = db.transaction("keyval").objectStore("keyval");
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            db.close();
            resolve(
              Object.fromEntries(
                keys.result.map((key, index) => [
                  String(key),
                  JSON.stringify(values.result[index]),
                ]),
              ),
            );
          };
        };
      }),
  );
}

/** Waits until the address is `pathAndSearch` (in-app moves included). */
function waitForAddress(page: Page, pathAndSearch: string): Promise<void> {
  return page.waitForURL((url) => `${url.pathname}${url.search}` === pathAndSearch);
}

async function expectOwnProfile(page: Page, user: SeededUser) {
  await page.getByText(`@${user.username}`).first().waitFor();
}

test("screens seen online open offline with what was seen last; the next person sees none of it", async () => {
  const title = `Offline ramen ${token}`;
  const photo = await makePhoto(fixtures.path());
  // The next person on this browser, and a friend who follows and later likes from elsewhere.
  let next: SeededUser | undefined;
  await withPage(browser, { viewport: DESKTOP }, async (other) => {
    next = await signUpViaApi(other, "next");
  });
  const friend = await newPage(browser, { viewport: DESKTOP });
  const { page, errors, close } = await newPage(browser, {
    viewport: MOBILE,
    colorScheme: "auto",
    serviceWorker: true,
  });
  try {
    const owner = await signUpViaApi(page, "keeper");
    const review = await seedDishReview(page, { title, photos: [photo] });
    const me = (await (await page.request.get("/api/me")).json()) as {
      user: { id: string };
      profile: { id: string };
    };
    const ownerId = me.user.id;
    const friendUser = await signUpViaApi(friend.page, "friend");
    const follow = await friend.page.request.put(`/api/profiles/${me.profile.id}/follow`, {
      headers: { origin: baseURL() },
    });
    expect(follow.status()).toBeLessThan(300);
    const followed = page.getByText(`${friendUser.displayName} started following you`);

    // Online, one load, then in-app: feed, explore's results, the review's page (a phone opens
    // a result there), notifications, the own profile.
    await page.goto("/feed");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const nav = page.getByRole("navigation", { name: "Main" });
    // Signed in (Profile no longer leads to /auth): a phone then opens a review on its page.
    await nav.locator(`a[href="/profile"]`).waitFor();
    await feedCard(page, title).waitFor();
    await nav.getByRole("link", { name: "Explore" }).click();
    // The search's own answer, not the newest dishes shown before it (which hold the review too).
    const searched = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/search/dishes" &&
        new URL(response.url()).searchParams.get("q") === token,
    );
    await page.getByRole("searchbox", { name: "Search" }).fill(token);
    await searched;
    await page.waitForURL((url) => url.searchParams.get("q") === token);
    const explorePath = `${new URL(page.url()).pathname}${new URL(page.url()).search}`;
    const reviewCard = page.getByRole("article", { name: title, exact: true });
    await reviewCard.getByRole("button", { name: title, exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith(review.id));
    const reviewPath = new URL(page.url()).pathname;
    const reviewTitle = page.getByRole("heading", { name: "Dish Review", level: 1 });
    await reviewTitle.waitFor();
    await nav.getByRole("link", { name: /^Notifications/ }).click();
    await followed.waitFor();
    await nav.getByRole("link", { name: "Profile" }).click();
    await waitForAddress(page, "/profile");
    await expectOwnProfile(page, owner);
    expect(await offlineNotice(page).count()).toBe(0);
    // Everything seen is saved for this person before the network goes.
    await expect
      .poll(async () => (await savedCaches(page))[`tasted-query-cache:${ownerId}`] ?? "")
      .toMatch(new RegExp(`(?=.*${title})(?=.*${PROFILE_PAGE})(?=.*${friendUser.username})`));

    // Offline, in-app: back through what was seen, then Profile from the navigation.
    await page.context().setOffline(true);
    await offlineNotice(page).waitFor();
    await page.goBack();
    await waitForAddress(page, "/notifications");
    await followed.waitFor();
    await page.goBack();
    await waitForAddress(page, reviewPath);
    await reviewTitle.waitFor();
    await reviewCard.waitFor();
    await page.goBack();
    await waitForAddress(page, explorePath);
    await reviewCard.waitFor();
    await page.goBack();
    await waitForAddress(page, "/feed");
    await feedCard(page, title).waitFor();
    // A screen this page never opened still opens (its scripts and styles are precached); with
    // nothing seen there, it waits for the network.
    await feedCard(page, title).getByRole("link", { name: "E2E Diner" }).click();
    await page.getByLabel("Loading restaurant").waitFor();
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    await nav.getByRole("link", { name: "Profile" }).click();
    await waitForAddress(page, "/profile");
    await expectOwnProfile(page, owner);

    // Offline, fresh loads: the service worker serves the app, the saved cache the content, and
    // the failed session read signs nobody out.
    for (const [path, seen] of [
      ["/feed", feedCard(page, title)],
      [reviewPath, reviewTitle],
      [explorePath, reviewCard],
      ["/profile", page.getByText(`@${owner.username}`).first()],
      ["/notifications", followed],
    ] as const) {
      await page.goto(path);
      await seen.waitFor();
      await offlineNotice(page).waitFor();
      expect(await page.getByText("Something went wrong").count()).toBe(0);
    }

    // Back online, the screen reads again: a like given meanwhile arrives.
    const like = await friend.page.request.put(`/api/reviews/${review.id}/like`, {
      headers: { origin: baseURL() },
    });
    expect(like.status()).toBeLessThan(300);
    const liked = page.getByText(new RegExp(`${friendUser.displayName} liked your`));
    expect(await liked.count()).toBe(0);
    await page.context().setOffline(false);
    await liked.first().waitFor();
    await expect.poll(() => offlineNotice(page).count()).toBe(0);

    // The offline feed in every look: the notice is announced and readable.
    await page.goto("/feed");
    await feedCard(page, title).waitFor();
    await page.context().setOffline(true);
    await offlineNotice(page).waitFor();
    await checkEveryLook(page, "offline-feed");
    await page.context().setOffline(false);
    await expect.poll(() => offlineNotice(page).count()).toBe(0);

    // Signing out drops what was saved; the next person sees nothing of the first.
    await page.setViewportSize(DESKTOP);
    await signOutFromUserMenu(page);
    await expect.poll(async () => Object.keys(await savedCaches(page))).toEqual([]);
    if (!next) throw new Error("the next person was not signed up");
    await signInByEmail(page, { email: next.email, password: PASSWORD });
    await page.goto("/profile");
    await expectOwnProfile(page, next);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /^Notifications/ })
      .click();
    await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
    await expect
      .poll(async () => Object.values(await savedCaches(page)).join())
      .toMatch(new RegExp(`(?=.*${PROFILE_PAGE})(?=.*notifications)`));
    await page.context().setOffline(true);
    for (const path of ["/notifications", "/profile"]) {
      await page.goto(path);
      await offlineNotice(page).waitFor();
      if (path === "/profile") await expectOwnProfile(page, next);
      expect(await page.getByText(`@${owner.username}`).count()).toBe(0);
      expect(await page.getByText(friendUser.displayName).count()).toBe(0);
    }
    expect(Object.keys(await savedCaches(page)).join()).not.toContain(ownerId);
    await page.context().setOffline(false);
    await waitForPath(page, "/profile");

    expect(
      errors.filter((error) => !OFFLINE_REQUEST.test(error)),
      "errors other than the requests made offline",
    ).toEqual([]);
  } finally {
    await close();
    await friend.close();
  }
  // One flow through five screens three times (online, offline in-app, offline loads), four
  // looks, a sign-out and a sign-in: about 25 s alone, up to twice that beside another file.
}, 120_000);

test("a photo that fails to load leaves its placeholder in sight, and loads when the network is back", async () => {
  const title = `Offline photo ${token}`;
  const photo = await makePhoto(fixtures.path(), {
    width: 640,
    height: 480,
    color: { r: 40, g: 120, b: 60 },
  });
  const { page, errors, close } = await newPage(browser, { viewport: MOBILE });
  try {
    await signUpViaApi(page, "photographer");
    await seedDishReview(page, { title, photos: [photo] });
    // Every photo request fails as it does without a network; the rest of the app is online.
    await page.route("**/uploads/**", (route) => route.abort("internetdisconnected"));
    await page.goto("/feed");
    const image = feedCard(page, title).locator("img").first();
    await expect.poll(() => image.getAttribute("data-failed")).toBe("true");
    // Hidden, so the thumbhash behind it shows rather than a broken-image icon.
    expect(await image.evaluate((node) => getComputedStyle(node).opacity)).toBe("0");
    expect(
      await image.evaluate(
        (node) =>
          getComputedStyle(node.closest('[aria-roledescription="slide"]') as Element)
            .backgroundImage,
      ),
    ).toMatch(/^url\("data:image\/png/);

    await page.unroute("**/uploads/**");
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expect.poll(() => image.getAttribute("data-loaded")).toBe("true");
    expect(await image.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(
      0,
    );
    expect(
      errors.filter((error) => !OFFLINE_REQUEST.test(error)),
      "errors other than the failed photo requests",
    ).toEqual([]);
  } finally {
    await close();
  }
});
