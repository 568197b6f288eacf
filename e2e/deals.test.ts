import type { Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { dealMessages } from "#domain/deals-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import {
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  newPage,
  type PageOptions,
  screenshot,
  type TestPage,
  useBrowser,
  waitForText,
  withPage,
  withPages,
} from "./support/browser.ts";
import {
  addButton,
  CHOOSER_TITLE,
  chooserChoice,
  type SeededUser,
  seedDeal,
  signUpViaApi,
  voteOnDealViaApi,
} from "./support/content.ts";
import { tabTo } from "./support/keyboard.ts";

/**
 * Deals in a real browser: one shared through the Add chooser's fourth choice by keyboard alone
 * and found on its restaurant's Deals tab; one in the feed, liked from its card and commented on
 * by keyboard, its author told; one voted "Still on" then "Gone" then taken back by keyboard;
 * and the New Deal dialog, the Deals tab, the feed card, the deal's own page and an author's
 * Deals tab with votes, a deal reported gone and one ended checked with axe (and photographed
 * locally) in every look.
 */

const browser = useBrowser();

let sequence = 0;
function unique(label: string): string {
  sequence += 1;
  return `${label} ${Date.now().toString(36)}${sequence}`;
}

describe("deals", () => {
  test("shares a weekly deal by keyboard and finds it on the restaurant's Deals tab", async () => {
    await withPage(browser, {}, async (page) => {
      await signUpViaApi(page, "dealer");
      await page.goto("/feed");
      await tabTo(page, addButton(page));
      await page.keyboard.press("Enter");
      const chooser = page.getByRole("dialog", { name: CHOOSER_TITLE });
      await tabTo(page, chooserChoice(chooser, "Deal"));
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "New Deal" });
      await dialog.waitFor();

      const place = unique("Corner Tap");
      const title = unique("Half-price oysters");
      await tabTo(page, dialog.getByRole("textbox", { name: "Restaurant" }));
      await page.keyboard.type(place);
      await tabTo(page, dialog.getByRole("textbox", { name: "What's the deal?" }));
      await page.keyboard.type(title);
      // With no end chosen the deal is refused at the Ends field, which takes the focus.
      await tabTo(page, dialog.getByRole("button", { name: "Share Deal" }));
      await page.keyboard.press("Enter");
      const ends = dialog.getByLabel("Ends");
      await expect.poll(() => ends.getAttribute("aria-invalid")).toBe("true");
      await expect
        .poll(() => ends.evaluate((input) => input === document.activeElement))
        .toBe(true);
      await dialog.getByText(dealMessages.dateInvalid, { exact: true }).waitFor();
      const weekly = dialog.getByRole("checkbox", { name: "Repeats weekly" });
      await tabTo(page, weekly);
      await page.keyboard.press("Space");
      expect(await weekly.isChecked()).toBe(true);
      // Without a day the deal is refused with the message.
      await tabTo(page, dialog.getByRole("button", { name: "Share Deal" }));
      await page.keyboard.press("Enter");
      await dialog.getByText(dealMessages.dayRequired, { exact: true }).waitFor();
      // Said at the days, whose group it describes.
      expect(
        await dialog.getByRole("group", { name: "Days" }).getAttribute("aria-describedby"),
      ).toBe("deal-days-error");
      for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri"]) {
        await tabTo(page, dialog.getByRole("checkbox", { name: day }));
        await page.keyboard.press("Space");
      }
      await tabTo(page, dialog.getByRole("button", { name: "Share Deal" }));
      await page.keyboard.press("Enter");

      await waitForText(page, "Deal shared!");
      const deals = page.getByRole("tab", { name: "Deals (1)" });
      await deals.waitFor();
      expect(await deals.getAttribute("aria-selected")).toBe("true");
      const card = page.getByRole("tabpanel").getByRole("article", { name: title });
      await card.waitFor();
      await card.getByText("Deal", { exact: true }).waitFor();
      await card.getByText("Mon–Fri 4–7 pm").waitFor();
      await page.getByRole("heading", { name: place, level: 2 }).waitFor();
    });
  });

  test("a deal in the feed is liked from its card and commented on by keyboard", async () => {
    const title = unique("Happy hour oysters");
    await withPages(
      browser,
      [{ viewport: DESKTOP }, { viewport: DESKTOP }],
      async (host, guest) => {
        await signUpViaApi(host, "dealHost");
        const deal = await seedDeal(host, { title, restaurant: unique("Oyster Bar") });
        await signUpViaApi(guest, "dealFan");

        await guest.goto("/feed");
        const card = guest.getByRole("article", { name: title });
        await card.getByText("Deal", { exact: true }).waitFor();
        await card.getByText("Mon–Fri 4–7 pm").waitFor();
        const like = card.getByRole("button", { name: /^Like, / });
        await tabTo(guest, like);
        await guest.keyboard.press("Enter");
        await card.getByRole("button", { name: "Like, 1 like" }).waitFor();
        expect(await like.getAttribute("aria-pressed")).toBe("true");

        await guest.goto(screenPaths.view("deal", deal.id));
        await guest.getByRole("heading", { name: title }).waitFor();
        const comments = guest.getByRole("region", { name: /^Comments/ });
        await tabTo(guest, comments.getByRole("textbox", { name: "Add a comment" }));
        await guest.keyboard.type("Still on at 6, go!");
        await guest.keyboard.press("Enter");
        await comments.getByText("Still on at 6, go!").waitFor();

        await host.goto(screenPaths.notifications);
        const rows = host.getByRole("list", { name: "Notifications" }).getByRole("listitem");
        await rows.filter({ hasText: `liked your ${title}` }).waitFor();
        await rows.filter({ hasText: `commented on your ${title}` }).waitFor();
      },
    );
  });

  test("votes Still on, switches to Gone and takes the vote back by keyboard", async () => {
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      const title = unique("Dollar oysters");
      await signUpViaApi(page, "dealVoteHost");
      await seedDeal(page, { title, restaurant: unique("Oyster Shack") });
      await signUpViaApi(page, "dealVoter");
      await page.goto("/feed");
      const card = page.getByRole("article", { name: title });
      const button = (name: string) => card.getByRole("button", { name, exact: true });

      await tabTo(page, button("Still on, 0 votes"));
      await page.keyboard.press("Enter");
      await button("Still on, 1 vote").waitFor();
      expect(await button("Still on, 1 vote").getAttribute("aria-pressed")).toBe("true");

      await tabTo(page, button("Gone, 0 votes"));
      await page.keyboard.press("Enter");
      await button("Gone, 1 vote").waitFor();
      await button("Still on, 0 votes").waitFor();
      expect(await button("Gone, 1 vote").getAttribute("aria-pressed")).toBe("true");

      // Pressing the chosen one again takes the vote back, as a like works.
      await page.keyboard.press("Enter");
      await button("Gone, 0 votes").waitFor();
      expect(await button("Gone, 0 votes").getAttribute("aria-pressed")).toBe("false");
    });
  });

  test("a deal's card has its Still on and Gone from its first paint, before the voting code arrives", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      const title = unique("Buck-a-shuck");
      await signUpViaApi(page, "dealFirstPaint");
      const deal = await seedDeal(page, { title, restaurant: unique("Clam Bar") });
      await voteOnDealViaApi(page, deal.id, "still_on");
      // The code that votes is held back: what the card shows without it is its first paint.
      const votingCode = /\/assets\/deal-votes-[^/]+\.js$/;
      const held: Route[] = [];
      await page.route(votingCode, (route) => {
        held.push(route);
      });
      await page.goto("/feed");
      const card = page.getByRole("article", { name: title });
      const stillOn = card.getByRole("button", { name: "Still on, 1 vote", exact: true });
      await stillOn.waitFor();
      await card.getByRole("button", { name: "Gone, 0 votes", exact: true }).waitFor();
      await expect.poll(() => held.length).toBe(1);
      const firstPaint = await stillOn.boundingBox();

      // Once the code arrives the buttons take votes, in the place they already had.
      for (const route of held) await route.continue();
      await page.unroute(votingCode);
      await expect.poll(() => stillOn.isEnabled()).toBe(true);
      expect(await stillOn.boundingBox()).toEqual(firstPaint);
    });
  });

  /**
   * An author's deals as their profile's Deals tab shows them: one with votes, one that Gone
   * leads by 3 ("Reported gone", out of every other listing) and one whose end has passed
   * ("Ended"). Made once for every look.
   */
  const profileDeals = {
    author: undefined as SeededUser | undefined,
    titles: { voted: unique("Taco Tuesday"), gone: unique("Oyster hour"), ended: unique("Brunch") },
  };
  const profilePages: TestPage[] = [];
  beforeAll(async () => {
    const author = await newPage(browser);
    profilePages.push(author);
    profileDeals.author = await signUpViaApi(author.page, "dealProfile");
    const { titles } = profileDeals;
    // Ends in two seconds: it has ended by the time the looks are checked (waited for below).
    const ended = await seedDeal(author.page, {
      title: titles.ended,
      restaurant: unique("Diner"),
      endsAt: new Date(Date.now() + 2_000).toISOString(),
    });
    const voted = await seedDeal(author.page, { title: titles.voted, restaurant: unique("Tacos") });
    const gone = await seedDeal(author.page, { title: titles.gone, restaurant: unique("Shack") });
    for (const [index, vote] of (["still_on", "gone", "gone"] as const).entries()) {
      const voter = await newPage(browser);
      profilePages.push(voter);
      await signUpViaApi(voter.page, `dealVoter${index}`);
      await voteOnDealViaApi(voter.page, voted.id, vote);
      await voteOnDealViaApi(voter.page, gone.id, "gone");
    }
    // Its end passes on the server's clock: asked until it says so (at most ten seconds).
    const hasEnded = async () =>
      (await (await author.page.request.get(`/api/deals/${ended.id}`)).json()).hasEnded === true;
    for (let tries = 0; !(await hasEnded()); tries += 1) {
      if (tries === 40) throw new Error("the deal did not end");
      await author.page.waitForTimeout(250);
    }
  });
  afterAll(async () => {
    for (const page of profilePages) await page.close();
  });

  describe.each(LOOKS)("at $label", ({ viewport, colorScheme }) => {
    const options: PageOptions = { viewport, colorScheme };

    test("the New Deal dialog and a restaurant's Deals tab", async () => {
      await withPage(browser, options, async (page) => {
        await signUpViaApi(page, "dealLooks");
        const deal = await seedDeal(page, {
          title: "Two-for-one margaritas",
          restaurant: unique("Cantina"),
          details: "At the bar, with any main.",
        });
        await page.goto(`/restaurant/${deal.restaurant.id}?tab=deals`);
        await page.getByRole("article", { name: "Two-for-one margaritas" }).waitFor();
        await screenshot(page, "restaurant-deals");
        await expectNoAxeViolations(page);

        await addButton(page).click();
        await chooserChoice(page.getByRole("dialog", { name: CHOOSER_TITLE }), "Deal").click();
        const dialog = page.getByRole("dialog", { name: "New Deal" });
        await dialog.waitFor();
        await dialog.getByRole("checkbox", { name: "Repeats weekly" }).check();
        await dialog.getByText("Last day", { exact: true }).waitFor();
        await screenshot(page, "new-deal-dialog", { fullPage: false });
        await expectNoAxeViolations(page);
      });
    });

    test("a deal's feed card and its own page", async () => {
      await withPage(browser, options, async (page) => {
        await signUpViaApi(page, "dealFeed");
        const title = unique("Half-price tacos");
        const deal = await seedDeal(page, {
          title,
          restaurant: unique("Taqueria"),
          details: "Every taco, all afternoon.",
        });
        await page.goto("/feed");
        const card = page.getByRole("article", { name: title });
        await card.getByText("Mon–Fri 4–7 pm").waitFor();
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, "feed-deal-card", { fullPage: false });
        await expectNoAxeViolations(page);

        await page.goto(screenPaths.view("deal", deal.id));
        await page.getByRole("heading", { name: title }).waitFor();
        await page.getByText("Every taco, all afternoon.").waitFor();
        await screenshot(page, "deal-page");
        await expectNoAxeViolations(page);
      });
    });

    test("an author's Deals tab: votes, Reported gone and Ended", async () => {
      await withPage(browser, options, async (page) => {
        const { author, titles } = profileDeals;
        if (!author) throw new Error("the profile's deals were not made");
        await page.goto(`${screenPaths.user(author.username)}?tab=deals`);
        await page.getByRole("tab", { name: "Deals (3)" }).waitFor();
        const card = (title: string) => page.getByRole("article", { name: title });
        await card(titles.voted).getByRole("button", { name: "Still on, 1 vote" }).waitFor();
        await card(titles.voted).getByRole("button", { name: "Gone, 2 votes" }).waitFor();
        await card(titles.gone).getByText("Reported gone", { exact: true }).waitFor();
        await card(titles.gone).getByRole("button", { name: "Gone, 3 votes" }).waitFor();
        await card(titles.ended).getByText("Ended", { exact: true }).waitFor();
        await screenshot(page, "profile-deals");
        await expectNoAxeViolations(page);
      });
    });
  });
});
