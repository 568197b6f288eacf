import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  baseURL,
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  newPage,
  type PageOptions,
  renderedColorScheme,
  screenshot,
  type TestPage,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import {
  chooserChoice,
  feedCard,
  makePhoto,
  openAddChooser,
  openDetail,
  reviewForm,
  type SeededItem,
  seedDishReview,
  seedPost,
  signUpViaApi,
  toastWith,
  useFixtureDir,
} from "./support/content.ts";

/**
 * The feed in a real browser against the real server: what visitors see and are asked to
 * sign in for, likes, comments, the fullscreen photo viewer, the Everyone/Following switch, and
 * screenshots plus axe of the feed, the detail view, the viewer and the reviews issue's forms at
 * 375 and 1280 px in light and dark. Every test also fails on any console error.
 */

const MESSAGES = {
  signInToLike: "Please sign in to like posts",
  signInToComment: "Please sign in to comment",
  noComments: "No comments yet. Be the first to comment!",
  commentAdded: "Comment added!",
  emptyFeed: "No posts yet. Be the first to post!",
  followingHint: "Reviews and posts from people you follow show up here.",
};

const browser = useBrowser();
const fixtures = useFixtureDir("feed");
/** Three photos of different shapes and colours, so the viewer visibly changes between them. */
let photos: string[];

beforeAll(async () => {
  const fixtureDir = fixtures.path();
  photos = [
    await makePhoto(fixtureDir, { width: 800, height: 600, color: { r: 196, g: 84, b: 44 } }),
    await makePhoto(fixtureDir, { width: 600, height: 800, color: { r: 52, g: 110, b: 160 } }),
    await makePhoto(fixtureDir, { width: 960, height: 540, color: { r: 70, g: 140, b: 80 } }),
  ];
});

let sequence = 0;
function unique(label: string): string {
  sequence += 1;
  return `${label} ${Date.now().toString(36)}${sequence}`;
}

/** Signs up an author in a throwaway context and lets them seed content; returns what seed returns. */
async function asAnotherUser<T>(label: string, seed: (page: Page) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    await signUpViaApi(page, label);
    result = await seed(page);
  });
  return result as T;
}

function likeButton(scope: Locator): Locator {
  return scope.getByRole("button", { name: /^Like, \d+ likes?$/ });
}

async function expectLike(scope: Locator, pressed: boolean, count: number) {
  const button = likeButton(scope);
  await expect
    .poll(async () => [
      await button.getAttribute("aria-pressed"),
      await button.getAttribute("aria-label"),
    ])
    .toEqual([String(pressed), `Like, ${count} ${count === 1 ? "like" : "likes"}`]);
}

/** The detail view's comments section and its rows. */
function comments(detail: Locator) {
  const section = detail.getByRole("region", { name: /^Comments/ });
  return { section, rows: section.getByRole("listitem") };
}

/** The fullscreen viewer's controls. */
function viewer(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Photo viewer" });
  return {
    dialog,
    counter: dialog.getByText(/^\d+ \/ \d+$/),
    zoom: dialog.getByText(/^\d+%$/),
    zoomIn: dialog.getByRole("button", { name: "Zoom in" }),
    zoomOut: dialog.getByRole("button", { name: "Zoom out" }),
    next: dialog.getByRole("button", { name: "Next photo" }),
    previous: dialog.getByRole("button", { name: "Previous photo" }),
    close: dialog.getByRole("button", { name: "Close photo viewer" }),
    image: dialog.locator("img"),
  };
}

async function expectText(locator: Locator, text: string) {
  await expect.poll(() => locator.textContent()).toBe(text);
}

describe("visitors", () => {
  test("read the feed; liking and commenting ask them to sign in", async () => {
    const title = unique("Visitor Ramen");
    await asAnotherUser("author", (page) =>
      seedDishReview(page, { title, photos: [photos[0] as string], cost: 14 }),
    );
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await page.goto("/feed");
      const card = feedCard(page, title);
      await card.waitFor();
      await card.getByText("$14.00", { exact: true }).waitFor();
      // Visitors have no Everyone/Following switch.
      expect(await page.getByText("Following", { exact: true }).count()).toBe(0);

      await likeButton(card).click();
      const prompt = toastWith(page, MESSAGES.signInToLike);
      await prompt.waitFor();
      await prompt
        .getByRole("button", { name: "Sign in" })
        .or(prompt.getByRole("link", { name: "Sign in" }))
        .waitFor();
      // Nothing was liked.
      await expectLike(card, false, 0);

      const detail = await openDetail(page, title, "Dish Review");
      const { section } = comments(detail);
      await section.getByText(MESSAGES.signInToComment, { exact: true }).waitFor();
      const signIn = section.getByRole("link", { name: "Sign in" });
      expect(await signIn.getAttribute("href")).toBe("/auth");
      expect(await detail.getByRole("textbox", { name: "Add a comment" }).count()).toBe(0);
      expect(await detail.getByRole("button", { name: "Review options" }).count()).toBe(0);
      await signIn.click();
      await waitForPath(page, "/auth");
    });
  });
});

describe("signed in", () => {
  test("like toggles on the card, survives a reload, and unlike takes it back", async () => {
    const title = unique("Likeable Tacos");
    await asAnotherUser("chef", (page) => seedPost(page, { title, content: "Two for five." }));
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "liker");
      await page.goto("/feed");
      const card = feedCard(page, title);
      await card.waitFor();
      await expectLike(card, false, 0);

      await likeButton(card).click();
      await expectLike(card, true, 1);
      // The detail view shows the same state.
      const detail = await openDetail(page, title, "Post");
      await expectLike(detail, true, 1);
      await detail.getByRole("button", { name: "Close" }).click();
      await detail.waitFor({ state: "detached" });

      await page.reload();
      await card.waitFor();
      await expectLike(card, true, 1);

      const unliked = page.waitForResponse(
        (response) => response.url().endsWith("/like") && response.request().method() === "DELETE",
      );
      await likeButton(card).click();
      await expectLike(card, false, 0);
      expect((await unliked).status()).toBe(200);
      await page.reload();
      await card.waitFor();
      await expectLike(card, false, 0);
    });
  });

  test("comments: empty text, send disabled while blank, 3 added, 2 shown, View all and Show less", async () => {
    const title = unique("Chatty Pho");
    await asAnotherUser("host", (page) =>
      seedDishReview(page, { title, photos: [photos[1] as string] }),
    );
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "commenter");
      await page.goto("/feed");
      const detail = await openDetail(page, title, "Dish Review");
      const { section, rows } = comments(detail);
      await section.getByText(MESSAGES.noComments, { exact: true }).waitFor();
      const input = section.getByRole("textbox", { name: "Add a comment" });
      expect(await input.getAttribute("placeholder")).toBe("Add a comment...");
      const send = section.getByRole("button", { name: "Send comment" });
      expect(await send.isDisabled()).toBe(true);
      await input.fill("   ");
      expect(await send.isDisabled()).toBe(true);

      const texts = ["First!", "  The broth is excellent.  ", "Go early, it fills up."];
      for (const [index, text] of texts.entries()) {
        await input.fill(text);
        await expect.poll(() => send.isDisabled()).toBe(false);
        const added = page.waitForResponse(
          (response) =>
            response.url().endsWith("/comments") && response.request().method() === "POST",
        );
        if (index === 1) await input.press("Enter");
        else await send.click();
        expect((await added).status()).toBe(201);
        await expect.poll(() => toastWith(page, MESSAGES.commentAdded).count()).toBeGreaterThan(0);
        // Sent trimmed; the box empties for the next one.
        await section.getByText(text.trim(), { exact: true }).waitFor();
        await expect.poll(() => input.inputValue()).toBe("");
      }

      // Newest first, the 2 newest while collapsed.
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.nth(0).textContent()).toContain("Go early, it fills up.");
      expect(await rows.nth(1).textContent()).toContain("The broth is excellent.");
      await section.getByRole("heading", { name: "Comments (3)" }).waitFor();
      await detail.getByText("3 comments", { exact: true }).waitFor();

      await section.getByRole("button", { name: "View all 3 comments" }).click();
      await expect.poll(() => rows.count()).toBe(3);
      expect(await rows.nth(2).textContent()).toContain("First!");
      await section.getByRole("button", { name: "Show less" }).click();
      await expect.poll(() => rows.count()).toBe(2);
      await section.getByRole("button", { name: "View all 3 comments" }).waitFor();

      // The card's count followed.
      await detail.getByRole("button", { name: "Close" }).click();
      await feedCard(page, title).getByRole("button", { name: "Comments, 3" }).waitFor();
    });
  });

  test("viewer: n / total, next/previous wrap around, arrow keys, zoom 100%–300%, Escape", async () => {
    const title = unique("Three Photo Platter");
    await asAnotherUser("photographer", (page) => seedDishReview(page, { title, photos }));
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "looker");
      await page.goto("/feed");
      const detail = await openDetail(page, title, "Dish Review");
      await detail.getByRole("button", { name: "View photo 1 of 3 full screen" }).click();
      const view = viewer(page);
      await view.dialog.waitFor();
      await expectText(view.counter, "1 / 3");
      await expectText(view.zoom, "100%");
      const width = () => view.image.getAttribute("width");
      expect(await width()).toBe("800");
      await expect
        .poll(() => view.image.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);

      await view.next.click();
      await expectText(view.counter, "2 / 3");
      expect(await width()).toBe("600");
      await view.previous.click();
      await expectText(view.counter, "1 / 3");
      // Wraps both ways.
      await view.previous.click();
      await expectText(view.counter, "3 / 3");
      expect(await width()).toBe("960");
      await view.next.click();
      await expectText(view.counter, "1 / 3");
      await page.keyboard.press("ArrowRight");
      await expectText(view.counter, "2 / 3");
      await page.keyboard.press("ArrowLeft");
      await expectText(view.counter, "1 / 3");
      await page.keyboard.press("ArrowLeft");
      await expectText(view.counter, "3 / 3");

      // Zoom: 50 % steps, bounded at 100 % and 300 %.
      expect(await view.zoomOut.isDisabled()).toBe(true);
      for (const expected of ["150%", "200%", "250%", "300%"]) {
        await view.zoomIn.click();
        await expectText(view.zoom, expected);
      }
      expect(await view.zoomIn.isDisabled()).toBe(true);
      await page.keyboard.press("+");
      await expectText(view.zoom, "300%");
      await page.keyboard.press("-");
      await expectText(view.zoom, "250%");
      for (const expected of ["200%", "150%", "100%"]) {
        await view.zoomOut.click();
        await expectText(view.zoom, expected);
      }
      expect(await view.zoomOut.isDisabled()).toBe(true);
      expect(await view.zoomIn.isDisabled()).toBe(false);
      await page.keyboard.press("=");
      await expectText(view.zoom, "150%");
      // A new photo starts whole.
      await view.next.click();
      await expectText(view.counter, "1 / 3");
      await expectText(view.zoom, "100%");

      // Escape closes the viewer only; the detail stays, then a second Escape closes it.
      await page.keyboard.press("Escape");
      await view.dialog.waitFor({ state: "detached" });
      await detail.getByRole("heading", { name: title }).waitFor();
      await page.keyboard.press("Escape");
      await detail.waitFor({ state: "detached" });

      // The close button works too.
      const again = await openDetail(page, title, "Dish Review");
      await again.getByRole("button", { name: "View photo 1 of 3 full screen" }).click();
      await view.dialog.waitFor();
      await view.close.click();
      await view.dialog.waitFor({ state: "detached" });
      await again.getByRole("heading", { name: title }).waitFor();
    });
  });

  test("viewer: Escape closes the viewer only, even when focus fell to the page", async () => {
    const title = unique("Zoomed Platter");
    await asAnotherUser("zoomer", (page) => seedDishReview(page, { title, photos }));
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await page.goto("/feed");
      const detail = await openDetail(page, title, "Dish Review");
      await detail.getByRole("button", { name: "View photo 1 of 3 full screen" }).click();
      const view = viewer(page);
      await view.dialog.waitFor();
      // Zoom in to the end by mouse: the button disables itself and focus drops to the page.
      for (const expected of ["150%", "200%", "250%", "300%"]) {
        await view.zoomIn.click();
        await expectText(view.zoom, expected);
      }
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await page.keyboard.press("Escape");
      await view.dialog.waitFor({ state: "detached" });
      await detail.getByRole("heading", { name: title }).waitFor();
      await page.keyboard.press("Escape");
      await detail.waitFor({ state: "detached" });
    });
  });

  test("Everyone and Following: someone who follows nobody sees the empty Following feed", async () => {
    const title = unique("Everyone Sees This");
    await asAnotherUser("public", (page) => seedPost(page, { title }));
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await signUpViaApi(page, "loner");
      await page.goto("/feed");
      await feedCard(page, title).waitFor();
      const scope = page.getByRole("radiogroup", { name: "Whose posts to show" });
      const option = (name: string) =>
        page.locator("label").filter({ hasText: new RegExp(`^${name}$`) });
      await scope.or(option("Everyone")).first().waitFor();
      expect(await page.getByRole("radio", { name: "Everyone" }).isChecked()).toBe(true);

      await option("Following").click();
      await page.getByText(MESSAGES.emptyFeed, { exact: true }).waitFor();
      await page.getByText(MESSAGES.followingHint, { exact: true }).waitFor();
      expect(await feedCard(page, title).count()).toBe(0);

      await option("Everyone").click();
      await feedCard(page, title).waitFor();
    });
  });
});

describe("accessibility and screenshots", () => {
  describe.each(LOOKS)("at $label", ({ viewport, colorScheme: scheme }) => {
    let review: SeededItem;
    let post: SeededItem;
    let sam: TestPage;

    // Seeded for each look, so they are the top of the feed in its pictures: other files seed
    // at the same time, and within the minutes all four looks take, enough of their items to
    // push a review seeded once off the feed's first page. Deleted after the look, so the feed
    // holds one of each title at a time.
    beforeAll(async () => {
      sam = await newPage(browser, { viewport: DESKTOP });
      await signUpViaApi(sam.page, "sam");
      review = await seedDishReview(sam.page, {
        title: "Hand-pulled Lamb Noodles",
        restaurant: { name: "Silk Road Kitchen", address: "210 Mission St, San Francisco, CA" },
        rating: 5,
        cost: 16.5,
        description:
          "Chewy noodles, cumin lamb and a chili oil that builds slowly. Worth the queue at lunch; ask for extra cilantro and the smashed cucumbers on the side.",
        photos,
      });
      post = await seedPost(sam.page, {
        title: "Dumpling festival this weekend",
        content: "Stalls from twelve kitchens on the waterfront, Saturday and Sunday from noon.",
        restaurant: { name: "Silk Road Kitchen", address: "210 Mission St, San Francisco, CA" },
        photos: [photos[2] as string],
      });
    });

    afterAll(async () => {
      for (const path of [`/api/reviews/${review.id}`, `/api/posts/${post.id}`]) {
        const response = await sam.page.request.delete(path, { headers: { origin: baseURL() } });
        expect(response.status(), `DELETE ${path}`).toBe(204);
      }
      expect(sam.errors).toEqual([]);
      await sam.close();
    });

    const options: PageOptions = { viewport, colorScheme: scheme };

    test("the feed with both card kinds, the detail view and the viewer", async () => {
      await withPage(browser, options, async (page) => {
        await signUpViaApi(page, "looker");
        await page.goto("/feed");
        await feedCard(page, review.title).waitFor();
        await feedCard(page, post.title).waitFor();
        expect(await renderedColorScheme(page)).toBe(scheme);
        await screenshot(page, "feed");
        await expectNoAxeViolations(page);

        const detail = await openDetail(page, review.title, "Dish Review");
        await comments(detail).section.getByText(MESSAGES.noComments).waitFor();
        await screenshot(page, "detail", { fullPage: false });
        await expectNoAxeViolations(page);
        await comments(detail).section.scrollIntoViewIfNeeded();
        await screenshot(page, "detail-comments", { fullPage: false });

        await detail.getByRole("button", { name: "View photo 1 of 3 full screen" }).click();
        const view = viewer(page);
        await expectText(view.counter, "1 / 3");
        await expect
          .poll(() => view.image.evaluate((image: HTMLImageElement) => image.naturalWidth))
          .toBeGreaterThan(0);
        await screenshot(page, "viewer", { fullPage: false });
        await expectNoAxeViolations(page);
        await page.keyboard.press("Escape");
        await view.dialog.waitFor({ state: "detached" });
        await page.keyboard.press("Escape");
        await detail.waitFor({ state: "detached" });

        const postDetail = await openDetail(page, post.title, "Post");
        await comments(postDetail).section.getByText(MESSAGES.noComments).waitFor();
        await screenshot(page, "detail-post", { fullPage: false });
      });
    });

    test("the chooser, the dish form with errors and a photo uploading, the restaurant form, /view", async () => {
      await withPage(browser, options, async (page) => {
        await signUpViaApi(page, "writer");
        await page.goto("/feed");
        await feedCard(page, review.title).waitFor();
        const chooser = await openAddChooser(page);
        await screenshot(page, "add-chooser", { fullPage: false });
        await expectNoAxeViolations(page);

        await chooserChoice(chooser, "Dish Review").click();
        const dialog = page.getByRole("dialog", { name: "New Review - Dish" });
        const form = reviewForm(dialog);
        await form.submit.click();
        await dialog.getByText("Please add at least one photo for dish reviews").waitFor();
        await screenshot(page, "dish-form-errors", { fullPage: false });

        // A photo whose upload is held: its row shows the bar.
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route("**/api/uploads/images", async (route) => {
          await held;
          await route.continue();
        });
        await form.photoInput.setInputFiles(photos[0] as string);
        await dialog.getByText(/^Uploading… \d+%$/).waitFor();
        await form.photoList.scrollIntoViewIfNeeded();
        await expect
          .poll(() =>
            form.photoList.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth),
          )
          .toBeGreaterThan(0);
        await screenshot(page, "photo-list-uploading", { fullPage: false });
        release();
        await dialog.getByText("Photo 1 · Main", { exact: true }).waitFor();
        await screenshot(page, "photo-list", { fullPage: false });
        await expectNoAxeViolations(page);

        await page.goto("/post");
        await page.getByRole("tab", { name: "Restaurant Review" }).click();
        await reviewForm(page).submit.click();
        await page.getByText("Rating is required", { exact: true }).waitFor();
        // The focus jumped to the first invalid field; the full-page picture starts at the top.
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, "restaurant-form-errors");
        await expectNoAxeViolations(page);

        await page.goto(`/view/dish/${review.id}`);
        await page.getByRole("heading", { name: review.title, exact: true }).waitFor();
        await screenshot(page, "view");
        await expectNoAxeViolations(page);
      });
    });
  });
});
