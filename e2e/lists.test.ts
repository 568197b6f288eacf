import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { restaurantPageMessages } from "#domain/restaurant-rules.ts";
import {
  baseURL,
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
  addToListViaApi,
  closeToasts,
  createListViaApi,
  followListViaApi,
  followViaApi,
  makePhoto,
  type SeededItem,
  type SeededList,
  type SeededUser,
  seedDishReview,
  seedRestaurantReview,
  signUpViaApi,
  toastWith,
  useFixtureDir,
  withPageExpectingErrors,
} from "./support/content.ts";
import { tabTo } from "./support/keyboard.ts";

/**
 * Named lists in a real browser against the real server: making a list from the own profile by
 * keyboard, adding a dish review from its explore card and a restaurant from its page, moving an
 * entry by keyboard, making the list "Anyone with the link" and copying that link; a visitor
 * opening the link sees the entries while the same address without the key is "List not found";
 * someone else following it through the link finds it under "Lists you follow" and on the
 * owner's profile; a visitor's Add to list asks them to sign in; and axe plus screenshots of the
 * list, the profile's Lists tab and the Add to list popover at 375 and 1280 px, light and dark.
 * Every test also fails on any console error.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("lists");

/** Unique to this run, so a search for it finds this file's content and nothing else. */
const token = `l${Date.now().toString(36)}`;
const names = {
  dish: `Tonkotsu Ramen ${token}`,
  dishPlace: `Ichiran Corner ${token}`,
  place: `Dough Lab ${token}`,
  list: `Best of Brooklyn ${token}`,
  reviewerList: `Reviewer picks ${token}`,
};
let photo: string;
let dishReview: SeededItem;
let placeReview: SeededItem;
/** The person whose reviews the lists hold, with a Followers list of their own. */
let reviewer: SeededUser;
let reviewerList: SeededList;

/** What the first test made and shares: the owner and the link it copied. */
let owner: SeededUser;
let listId: string;
let sharedLink: string;

beforeAll(async () => {
  photo = await makePhoto(fixtures.path(), {
    width: 800,
    height: 600,
    color: { r: 180, g: 90, b: 50 },
  });
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    reviewer = await signUpViaApi(page, "reviewer");
    dishReview = await seedDishReview(page, {
      title: names.dish,
      restaurant: { name: names.dishPlace, lat: 40.7128, lng: -73.9573 },
      rating: 5,
      description: "Rich broth, thin noodles, a soft egg.",
      photos: [photo],
    });
    placeReview = await seedRestaurantReview(page, {
      restaurant: { name: names.place, lat: 40.6782, lng: -73.9442 },
      rating: 4,
      priceRange: 2,
      description: "Sourdough worth crossing the bridge for.",
    });
    reviewerList = await createListViaApi(page, {
      name: names.reviewerList,
      description: "Where I take visiting friends.",
      visibility: "followers",
    });
    await addToListViaApi(page, reviewerList.id, { reviewId: dishReview.id });
  });
});

function restaurantId(item: SeededItem): string {
  if (!item.restaurant) throw new Error("the seeded review names a restaurant");
  return item.restaurant.id;
}

/** The names of the list's entries in their order, read off their Move up buttons. */
function entryOrder(page: Page): Promise<string[]> {
  return page
    .getByRole("button", { name: /^Move .+ up$/ })
    .evaluateAll((buttons) =>
      buttons.map((button) =>
        (button.getAttribute("aria-label") ?? "").replace(/^Move | up$/g, ""),
      ),
    );
}

/** Opens a card's or header's Add to list and returns its popover. */
async function openAddToList(page: Page, scope: Locator | Page): Promise<Locator> {
  const button = scope.getByRole("button", { name: "Add to list", exact: true }).first();
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
  const popover = page.getByRole("dialog", { name: "Add to list" });
  await popover.waitFor();
  return popover;
}

/** Ticks the list in an open Add to list popover and waits for the toast naming it. */
async function addWithPopover(page: Page, popover: Locator, listName: string): Promise<void> {
  const box = popover.getByRole("checkbox", { name: listName, exact: true });
  await box.waitFor();
  expect(await box.isChecked()).toBe(false);
  // A click, not check(): the box is ticked a moment later, when the picker's state says so.
  await box.click();
  await toastWith(page, `Added to ${listName}`).waitFor();
  await expect.poll(() => box.isEnabled()).toBe(true);
  expect(await box.isChecked()).toBe(true);
  await page.keyboard.press("Escape");
  await closeToasts(page);
}

describe("making a list", () => {
  test("from the profile by keyboard, filled from explore and a restaurant page, reordered, shared by link", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      owner = await signUpViaApi(page, "owner");

      // A new list from the own profile's Lists tab, by keyboard alone.
      await page.goto("/profile?tab=lists");
      await page.getByText("No lists yet.", { exact: false }).waitFor();
      await page.getByText("You do not follow any lists yet.").waitFor();
      await tabTo(page, "New list");
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "New list" });
      await dialog.getByRole("textbox", { name: "Name" }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("INPUT");
      await page.keyboard.type(names.list);
      await page.keyboard.press("Enter");
      await toastWith(page, "List created").waitFor();
      await page.waitForURL((url) => url.pathname.startsWith("/lists/"));
      listId = new URL(page.url()).pathname.split("/").pop() ?? "";
      await page.getByRole("heading", { level: 2, name: names.list }).waitFor();
      await page
        .getByText("This list is empty. Use Add to list on a restaurant or a review to fill it.")
        .waitFor();
      await page.getByText("Only you can see it.").waitFor();
      await closeToasts(page);

      // A dish review from its explore card, then a restaurant from its page.
      await page.goto(`/explore?tab=dishes&q=${token}`);
      const card = page.getByRole("article", { name: names.dish, exact: true });
      await card.waitFor();
      await addWithPopover(page, await openAddToList(page, card), names.list);

      await page.goto(`/restaurant/${restaurantId(placeReview)}`);
      await page.getByRole("heading", { level: 2, name: names.place }).waitFor();
      await addWithPopover(page, await openAddToList(page, page), names.list);

      // Both on the list, in the order they were added.
      await page.goto(`/lists/${listId}`);
      await page.getByText("2 places").waitFor();
      expect(await entryOrder(page)).toEqual([names.dish, names.place]);
      await page.getByRole("heading", { name: names.dish, exact: true }).waitFor();
      expect(
        await page.getByRole("link", { name: names.place, exact: true }).getAttribute("href"),
      ).toMatch(/^\/(b\/r|restaurant)\//);

      // The restaurant moves up by keyboard; focus stays on it (now on Move down, at the top).
      await page.getByRole("button", { name: `Move ${names.place} up` }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => entryOrder(page)).toEqual([names.place, names.dish]);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
        .toBe(`Move ${names.place} down`);
      await page.reload();
      await page.getByText("2 places").waitFor();
      expect(await entryOrder(page)).toEqual([names.place, names.dish]);

      // Anyone with the link, then Copy link: the address carries the key.
      await page.getByRole("button", { name: "Edit list" }).click();
      const edit = page.getByRole("dialog", { name: "Edit list" });
      await edit.getByRole("radio", { name: "Anyone with the link" }).check();
      await edit.getByRole("button", { name: "Save" }).click();
      await toastWith(page, "List saved").waitFor();
      await page
        .getByText("Anyone with the link can see and follow it. It is not shown on your profile.")
        .waitFor();
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy link" }).click();
      await toastWith(page, "Link copied").waitFor();
      sharedLink = await page.evaluate(() => navigator.clipboard.readText());
      expect(sharedLink).toMatch(
        new RegExp(`^${baseURL()}/lists/${listId}\\?key=[A-Za-z0-9_-]{24}$`),
      );
    });
  });
});

describe("the picker's New list", () => {
  test("makes a list with the restaurant inside, typed straight into the name; Delete removes it", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await signUpViaApi(page, "picker");
      await page.goto(`/restaurant/${restaurantId(placeReview)}`);
      await page.getByRole("heading", { level: 2, name: names.place }).waitFor();
      const popover = await openAddToList(page, page);
      await popover.getByText("No lists yet.", { exact: false }).waitFor();
      await popover.getByRole("button", { name: "New list" }).click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("id")))
        .toBe(await popover.getByRole("textbox", { name: "Name" }).getAttribute("id"));
      const name = `Bakeries ${token}`;
      await page.keyboard.type(name);
      await page.keyboard.press("Enter");
      await toastWith(page, `Added to ${name}`).waitFor();
      const box = popover.getByRole("checkbox", { name, exact: true });
      await box.waitFor();
      expect(await box.isChecked()).toBe(true);
      await page.keyboard.press("Escape");

      // Deleting it (after the confirmation) leads back to the own Lists tab, now empty.
      await page.goto("/profile?tab=lists");
      await page.getByRole("link", { name, exact: true }).click();
      await page.getByText("1 place", { exact: true }).waitFor();
      await page.getByRole("button", { name: "More list actions" }).click();
      await page.getByRole("menuitem", { name: "Delete list" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete list" });
      await confirm.getByText("Delete this list?", { exact: false }).waitFor();
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await toastWith(page, "List deleted").waitFor();
      await waitForPath(page, "/profile");
      expect(new URL(page.url()).searchParams.get("tab")).toBe("lists");
      await page.getByText("No lists yet.", { exact: false }).waitFor();
    });
  });
});

describe("sharing", () => {
  test("a visitor opens the link and sees the entries; without the key the list is not found", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await page.goto(sharedLink);
      await page.getByRole("heading", { level: 2, name: names.list }).waitFor();
      expect(await page.getByRole("button", { name: /^Move / }).count()).toBe(0);
      await page.getByRole("heading", { name: names.dish, exact: true }).waitFor();
      await page.getByRole("link", { name: names.place, exact: true }).waitFor();
      await page.getByRole("link", { name: owner.displayName }).waitFor();
      await page.getByRole("button", { name: "Follow list" }).click();
      const prompt = toastWith(page, "Please sign in to follow lists");
      await prompt.waitFor();

      // The same places on a map, switched to by keyboard: one pin per restaurant, the key kept.
      await page.getByRole("radio", { name: "List" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => new URL(page.url()).searchParams.get("view")).toBe("map");
      expect(new URL(page.url()).searchParams.get("key")).not.toBeNull();
      const pins = page.locator(".maplibregl-marker").getByRole("button");
      // MapLibre loads on first use; its markers then go in together.
      await pins.first().waitFor();
      await expect.poll(() => pins.count()).toBe(2);
      expect(
        await pins.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label"))),
      ).toEqual(
        expect.arrayContaining([
          `${names.place}, rated 4.0 of 5`,
          // A dish review rates the dish, not the place: a place with only those has no rating.
          `${names.dishPlace}, ${restaurantPageMessages.noRestaurantReviews}`,
        ]),
      );
      await expectNoAxeViolations(page);
      await screenshot(page, "lists-map");
    });
    await withPageExpectingErrors(
      browser,
      { viewport: MOBILE },
      [{ status: 404, path: `/api/lists/${listId}` }],
      async (page) => {
        await page.goto(`/lists/${listId}`);
        await page.getByText("List not found").waitFor();
        await page.getByText("It may be private, or the link may be out of date.").waitFor();
        expect(await page.getByText(names.list).count()).toBe(0);
        await page.getByRole("link", { name: "Go to Feed" }).click();
        await waitForPath(page, "/feed");
      },
    );
  });

  test("someone else follows it through the link: it shows under Lists you follow and on the owner's profile", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await signUpViaApi(page, "follower");
      await page.goto(sharedLink);
      const follow = page.getByRole("button", { name: "Follow list" });
      await follow.click();
      const following = page.getByRole("button", { name: "Following" });
      await following.waitFor();
      expect(await following.getAttribute("aria-pressed")).toBe("true");
      await page.getByText("1 follower").waitFor();

      await page.goto("/profile?tab=lists");
      await page
        .getByRole("list", { name: "Lists you follow" })
        .getByRole("link", { name: names.list })
        .waitFor();

      await page.goto(`/user/${owner.username}?tab=lists`);
      await page
        .getByRole("list", { name: "Lists", exact: true })
        .getByRole("link", { name: names.list })
        .click();
      await waitForPath(page, `/lists/${listId}`);
      await page.getByRole("button", { name: "Following" }).waitFor();
    });
  });

  test("a stranger sees no lists on the owner's profile, and a visitor's Add to list asks them to sign in", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await page.goto(`/restaurant/${restaurantId(placeReview)}`);
      await page.getByRole("heading", { level: 2, name: names.place }).waitFor();
      await page.getByRole("button", { name: "Add to list" }).first().click();
      const prompt = toastWith(page, "Please sign in to make lists");
      await prompt.waitFor();
      await prompt.getByRole("button", { name: "Sign in" }).click();
      await waitForPath(page, "/auth");

      await signUpViaApi(page, "stranger");
      await page.goto(`/user/${owner.username}?tab=lists`);
      await page.getByText("No lists to show").waitFor();
    });
  });
});

describe("looks", () => {
  for (const look of LOOKS) {
    test(`the list, the profile's Lists tab and Add to list at ${look.label}: axe and screenshots`, async () => {
      await withPage(
        browser,
        { viewport: look.viewport, colorScheme: look.colorScheme },
        async (page) => {
          await signUpViaApi(page, "looker");
          await followViaApi(page, reviewer);
          await followListViaApi(page, reviewerList);
          const list = await createListViaApi(page, {
            name: names.list,
            description: "Ramen, bread and everything between. The places I send friends to.",
            visibility: "link",
          });
          await addToListViaApi(page, list.id, { restaurantId: restaurantId(placeReview) });
          await addToListViaApi(page, list.id, { reviewId: dishReview.id });
          await addToListViaApi(page, list.id, { restaurantId: restaurantId(dishReview) });
          await createListViaApi(page, { name: `Date nights ${token}`, visibility: "followers" });

          await page.goto(`/lists/${list.id}`);
          await page.getByText("3 places").waitFor();
          await page.getByRole("heading", { name: names.dish, exact: true }).waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "lists-page");

          // Its map: one pin per restaurant (the dish and its restaurant are one place).
          await page.goto(`/lists/${list.id}?view=map`);
          // MapLibre loads on first use; its markers then go in together.
          await page.locator(".maplibregl-marker").first().waitFor();
          await expect.poll(() => page.locator(".maplibregl-marker").count()).toBe(2);
          await expectNoAxeViolations(page);
          await screenshot(page, "lists-map");

          await page.goto("/profile?tab=lists");
          await page.getByRole("list", { name: "Lists you follow" }).waitFor();
          await page
            .getByRole("list", { name: "Lists", exact: true })
            .getByRole("link")
            .first()
            .waitFor();
          // The tabs wrap on a phone: every one is in sight, counts and all.
          await page.getByRole("tab", { name: "Want to try (0)" }).waitFor();
          await expect
            .poll(async () => {
              const box = await page.getByRole("tab", { name: "Lists", exact: true }).boundingBox();
              return box && box.x + box.width;
            })
            .toBeLessThanOrEqual(look.viewport.width);
          await expectNoAxeViolations(page);
          await screenshot(page, "lists-profile-tab");

          await page.goto(`/restaurant/${restaurantId(placeReview)}`);
          await page.getByRole("heading", { level: 2, name: names.place }).waitFor();
          const popover = await openAddToList(page, page);
          const box = popover.getByRole("checkbox", { name: names.list, exact: true });
          await box.waitFor();
          expect(await box.isChecked()).toBe(true);
          await popover.getByRole("button", { name: "New list" }).click();
          await popover.getByRole("textbox", { name: "Name" }).waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, "lists-add-popover", { fullPage: false });
        },
      );
    });
  }
});
