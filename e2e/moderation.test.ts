import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { ADMIN_EMAILS } from "./support/admins.ts";
import {
  baseURL,
  DESKTOP,
  expectNoAxeViolations,
  LOOKS,
  MOBILE,
  newPage,
  type PageOptions,
  screenshot,
  type TestPage,
  useBrowser,
  waitForPath,
  withPage,
} from "./support/browser.ts";
import {
  feedCard,
  makePhoto,
  type SeededItem,
  type SeededUser,
  seedDishReview,
  seedPost,
  signInViaApi,
  signUpAdminViaApi,
  signUpViaApi,
  toastWith,
  useFixtureDir,
  withPageExpectingErrors,
} from "./support/content.ts";

/**
 * Moderation in a real browser against the real server: a person reports a post from its menu
 * by keyboard alone; the admin finds it in /admin's queue with a preview, hides the post and
 * resolves the report, and the post is gone from the feed for the reporter, a visitor and the
 * admin's own app, while its author sees it marked hidden. The Activity Log names both actions.
 * Comments and people are reported too, and a second report of the same thing is refused. The
 * /admin guard: visitors to /auth, people to /feed, moderators (made in the Team tab) see the
 * queue and the log but no totals, and lose /admin when the admin takes the role back. Axe and
 * screenshots of every /admin tab, the report dialog and a hidden item at 375 and 1280 px in
 * light and dark. Every test also fails on any console error.
 */

const browser = useBrowser();
const fixtures = useFixtureDir("moderation");

const MESSAGES = {
  sent: "Report sent",
  sentText: "Thanks for letting us know. A moderator will look at it.",
  alreadyReported: "You have already reported this. A moderator will look at it.",
  statusUpdated: "Report status updated",
  hidden: "Content hidden",
  roleUpdated: "Role updated",
  hiddenBadge: "Hidden by a moderator",
};

let photo: string;

beforeAll(async () => {
  photo = await makePhoto(fixtures.path(), { width: 800, height: 600 });
});

/**
 * Once per file, made by whichever test needs them first (inside a test: confirming the address
 * waits on the server log with expect.poll), so any test also runs alone.
 */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/** The file's admin: each test signs them in on its own page. */
const fileAdmin = once(async () => {
  let admin: SeededUser | undefined;
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    admin = await signUpAdminViaApi(page, ADMIN_EMAILS.moderation);
  });
  return admin as SeededUser;
});

/** A new page signed in as the file's admin. */
async function signInAdmin(page: Page): Promise<SeededUser> {
  const admin = await fileAdmin();
  await signInViaApi(page, admin);
  return admin;
}

let sequence = 0;
function unique(label: string): string {
  sequence += 1;
  return `${label} ${Date.now().toString(36)}${sequence}`;
}

/** Signs up someone in a throwaway context, lets them seed content, and returns both. */
async function anotherUser<T>(label: string, seed: (page: Page) => Promise<T>) {
  let user: SeededUser | undefined;
  let seeded: T | undefined;
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    user = await signUpViaApi(page, label);
    seeded = await seed(page);
  });
  return { user: user as SeededUser, seeded: seeded as T };
}

/** State-changing API calls from a page's context (its session cookie), as the app makes them. */
async function apiCall(page: Page, method: "POST" | "PUT" | "PATCH", path: string, data: unknown) {
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { origin: baseURL() },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

async function myId(page: Page): Promise<string> {
  const me = (await (await page.request.get("/api/me")).json()) as { profile: { id: string } };
  return me.profile.id;
}

/** Opens /admin and waits for the dashboard's heading. */
async function openAdmin(page: Page, tab?: "activity" | "team"): Promise<void> {
  await page.goto(tab ? `/admin?tab=${tab}` : "/admin");
  await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
}

/** A report in the queue, by the heading its card has ("Post · Pasta night"). */
function reportCard(page: Page, heading: string): Locator {
  return page
    .getByRole("list", { name: "Reports" })
    .getByRole("article", { name: heading, exact: true });
}

function activityRows(page: Page): Locator {
  return page.getByRole("list", { name: "Activity Log" }).getByRole("listitem");
}

async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
}

describe("reporting and acting on a report", () => {
  test("a post reported by keyboard is hidden and resolved from /admin and leaves every feed", async () => {
    const title = unique("Too Good Deal");
    const content = "Free lobster for everyone who clicks this link!";
    const neighbour = unique("Honest Noodle Shop");
    const { user: author, seeded: post } = await anotherUser("author", async (page) => {
      // Another post stays on every feed: the feed shows, without the hidden one.
      await seedPost(page, { title: neighbour });
      return seedPost(page, { title, content, photos: [photo] });
    });
    let reporter: TestPage | undefined;
    try {
      reporter = await newPage(browser, { viewport: DESKTOP });
      const reporterPage = reporter.page;
      const reporterUser = await signUpViaApi(reporterPage, "reporter");
      await reporterPage.goto("/feed");
      const card = feedCard(reporterPage, title);
      await card.waitFor();

      // The post's menu, the dialog and its answers by keyboard alone.
      await card.getByRole("button", { name: "Post options" }).focus();
      await reporterPage.keyboard.press("Enter");
      const reportItem = reporterPage.getByRole("menuitem", { name: "Report post" });
      await reportItem.waitFor();
      // Past "Mute @them" and "Block @them".
      for (let presses = 0; presses < 4; presses++) {
        if (await reportItem.evaluate((node) => node === document.activeElement)) break;
        await reporterPage.keyboard.press("ArrowDown");
      }
      expect(await reportItem.evaluate((node) => node === document.activeElement)).toBe(true);
      await reporterPage.keyboard.press("Enter");
      const dialog = reporterPage.getByRole("dialog", { name: "Report post" });
      await dialog.waitFor();
      const reasons = dialog.getByRole("radiogroup", { name: /Why are you reporting this post/ });
      await expect.poll(() => reasons.getByRole("radio").count()).toBe(5);
      // The first reason has the focus; arrows choose.
      await expect
        .poll(() =>
          reasons
            .getByRole("radio", { name: "Spam" })
            .evaluate((n) => n === document.activeElement),
        )
        .toBe(true);
      for (let step = 0; step < 3; step++) await reporterPage.keyboard.press("ArrowDown");
      expect(await reasons.getByRole("radio", { name: "Misleading or false" }).isChecked()).toBe(
        true,
      );
      await reporterPage.keyboard.press("Tab");
      await reporterPage.keyboard.type("The link is a phishing page.");
      await dialog.getByText("Optional · 28/500 characters").waitFor();
      await reporterPage.keyboard.press("Tab"); // Cancel
      await reporterPage.keyboard.press("Tab"); // Report
      await reporterPage.keyboard.press("Enter");
      await toastWith(reporterPage, MESSAGES.sent).getByText(MESSAGES.sentText).waitFor();
      await dialog.waitFor({ state: "detached" });

      // The admin has the feed open, then goes to /admin from the account menu.
      await withPage(browser, { viewport: DESKTOP }, async (page) => {
        const admin = await signInAdmin(page);
        await page.goto("/feed");
        await feedCard(page, title).waitFor();
        await page.getByRole("button", { name: "Account menu" }).click();
        await page.getByRole("menuitem", { name: "Admin Dashboard" }).click();
        await waitForPath(page, "/admin");
        await page.getByText(`Welcome back, ${admin.displayName}.`).waitFor();

        const report = reportCard(page, `Post · ${title}`);
        await report.waitFor();
        const text = await textOf(report);
        expect(text).toContain("Pending");
        expect(text).toContain(author.displayName);
        expect(text).toContain(`@${author.username}`);
        expect(text).toContain(content);
        expect(text).toContain("Misleading or false");
        expect(text).toContain("The link is a phishing page.");
        expect(text).toContain(`Reported by${reporterUser.displayName}`);
        expect(await report.locator("img").count()).toBe(1);
        expect(await report.getByRole("link", { name: "Open post" }).getAttribute("href")).toBe(
          `/view/post/${post.id}`,
        );
        expect(await report.locator("time").first().getAttribute("title")).toMatch(
          /^\d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M$/,
        );

        await report.getByRole("button", { name: "Hide post" }).click();
        await toastWith(page, MESSAGES.hidden).waitFor();
        await report.getByRole("button", { name: "Unhide post" }).waitFor();
        await report.getByText("Hidden", { exact: true }).waitFor();

        await report.getByRole("button", { name: "Resolve" }).click();
        await toastWith(page, MESSAGES.statusUpdated).waitFor();
        await report.getByText("Resolved", { exact: true }).waitFor();
        expect(await textOf(report)).toContain(`Resolved by${admin.displayName}`);
        expect(await report.getByRole("button", { name: "Mark Reviewed" }).count()).toBe(0);
        expect(await report.getByRole("button", { name: "Resolve" }).count()).toBe(0);

        await page.getByRole("tab", { name: "Activity Log" }).click();
        expect(new URL(page.url()).search).toBe("?tab=activity");
        const rows = activityRows(page);
        await rows.first().waitFor();
        // Newest first.
        expect(await textOf(rows.nth(0).locator("p"))).toMatch(
          new RegExp(`^${admin.displayName} resolved a report on the post “${title}”`),
        );
        expect(await textOf(rows.nth(1).locator("p"))).toMatch(
          new RegExp(`^${admin.displayName} hid the post “${title}”`),
        );
        expect(await rows.nth(1).getByRole("link").getAttribute("href")).toBe(
          `/view/post/${post.id}`,
        );

        // Back in the admin's own app, without a reload, the post is gone.
        await page.getByRole("link", { name: "Back to Feed" }).click();
        await waitForPath(page, "/feed");
        await feedCard(page, neighbour).waitFor();
        await expect.poll(() => feedCard(page, title).count()).toBe(0);
      });

      await reporterPage.reload();
      await feedCard(reporterPage, neighbour).waitFor();
      expect(await feedCard(reporterPage, title).count()).toBe(0);

      await withPage(browser, { viewport: MOBILE }, async (visitor) => {
        await visitor.goto("/feed");
        await feedCard(visitor, neighbour).waitFor();
        expect(await feedCard(visitor, title).count()).toBe(0);
      });

      // A user cannot open /admin; nor can the reporter act on reports through the API.
      await reporterPage.goto("/admin");
      await waitForPath(reporterPage, "/feed");
      expect(reporter.errors, "errors reported by the reporter's browser").toEqual([]);
    } finally {
      await reporter?.close();
    }
  });

  test("comments and people are reported too; a second report of the same thing is refused", async () => {
    const title = unique("Corner Bakery");
    const comment = unique("Buy followers at");
    const { user: author, seeded: post } = await anotherUser("baker", async (page) => {
      const seeded = await seedPost(page, { title, content: "Fresh croissants today." });
      await apiCall(page, "POST", `/api/posts/${seeded.id}/comments`, { content: comment });
      return seeded;
    });
    await withPageExpectingErrors(
      browser,
      { viewport: MOBILE },
      [{ status: 409, path: "/api/reports" }],
      async (page) => {
        await signUpViaApi(page, "watcher");
        await page.goto(`/view/post/${post.id}`);
        const row = page.getByRole("listitem").filter({ hasText: comment });
        await row.getByRole("button", { name: "Report comment" }).click();
        const dialog = page.getByRole("dialog", { name: "Report comment" });
        await dialog.getByRole("radio", { name: "Spam" }).check();
        await dialog.getByRole("button", { name: "Report", exact: true }).click();
        await toastWith(page, MESSAGES.sent).waitFor();
        await dialog.waitFor({ state: "detached" });

        await page.goto(`/user/${author.username}`);
        for (const attempt of ["first", "again"]) {
          await page.getByRole("button", { name: `Options for @${author.username}` }).click();
          await page.getByRole("menuitem", { name: "Report user" }).click();
          const userDialog = page.getByRole("dialog", { name: "Report user" });
          await userDialog.getByRole("radio", { name: "Harassment or bullying" }).check();
          await userDialog.getByRole("button", { name: "Report", exact: true }).click();
          if (attempt === "first") {
            await toastWith(page, MESSAGES.sent).waitFor();
            await userDialog.waitFor({ state: "detached" });
          } else {
            await toastWith(page, MESSAGES.alreadyReported).waitFor();
            // Still open with the choice made, to cancel or try later.
            expect(
              await userDialog.getByRole("radio", { name: "Harassment or bullying" }).isChecked(),
            ).toBe(true);
            await userDialog.getByRole("button", { name: "Cancel" }).click();
            await userDialog.waitFor({ state: "detached" });
          }
        }
      },
    );

    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signInAdmin(page);
      await openAdmin(page);
      const commentReport = page
        .getByRole("list", { name: "Reports" })
        .getByRole("article", { name: "Comment on a post" })
        .filter({ hasText: comment });
      await commentReport.waitFor();
      expect(
        await commentReport.getByRole("link", { name: "Open post" }).getAttribute("href"),
      ).toBe(`/view/post/${post.id}`);
      const userReport = page
        .getByRole("list", { name: "Reports" })
        .getByRole("article", { name: "User" })
        .filter({ hasText: `@${author.username}` });
      await userReport.waitFor();
      expect(await textOf(userReport)).toContain("Harassment or bullying");
      // People cannot be hidden; their report can still be marked reviewed.
      expect(await userReport.getByRole("button", { name: /^Hide/ }).count()).toBe(0);
      await userReport.getByRole("button", { name: "Mark Reviewed" }).click();
      await toastWith(page, MESSAGES.statusUpdated).waitFor();
      await userReport.getByText("Reviewed", { exact: true }).waitFor();

      await commentReport.getByRole("button", { name: "Hide comment" }).click();
      await toastWith(page, MESSAGES.hidden).waitFor();
      await page.goto(`/view/post/${post.id}`);
      await page.getByRole("heading", { name: title, exact: true }).waitFor();
      await page.getByText("No comments yet. Be the first to comment!").waitFor();
      expect(await page.getByText(comment).count()).toBe(0);
    });
  });

  test("the author sees their hidden review marked, and cannot like or comment on it", async () => {
    let author: TestPage | undefined;
    try {
      author = await newPage(browser, { viewport: DESKTOP });
      await signUpViaApi(author.page, "hidden");
      const review = await seedDishReview(author.page, {
        title: unique("Mystery Meat"),
        photos: [photo],
      });
      await hideAsAdmin("review", review);
      await author.page.goto("/profile?tab=dishes");
      const tile = author.page.getByRole("article", { name: review.title });
      await tile.getByText(MESSAGES.hiddenBadge).waitFor();
      await tile.getByRole("button", { name: review.title }).click();
      const detail = author.page.getByRole("dialog", { name: "Dish Review" });
      await detail.getByText(MESSAGES.hiddenBadge).waitFor();
      await detail.getByText("Comments are off while this is hidden.").waitFor();
      expect(await detail.getByRole("button", { name: /^Like/ }).isDisabled()).toBe(true);
      expect(await detail.getByRole("textbox", { name: "Add a comment" }).count()).toBe(0);
      expect(author.errors, "errors reported by the author's browser").toEqual([]);
    } finally {
      await author?.close();
    }
  });
});

describe("telling the author", () => {
  test("the author is told a moderator hid their post, and the notice opens it by keyboard", async () => {
    let author: TestPage | undefined;
    try {
      author = await newPage(browser, { viewport: MOBILE });
      await signUpViaApi(author.page, "told");
      const post = await seedPost(author.page, { title: unique("Odd Stew") });
      await hideAsAdmin("post", post);
      await author.page.goto("/notifications");
      const notice = author.page.getByRole("link", {
        name: new RegExp(`^A moderator hid your post ${post.title}`),
      });
      await notice.focus();
      await author.page.keyboard.press("Enter");
      await waitForPath(author.page, `/view/post/${post.id}`);
      await author.page.getByText(MESSAGES.hiddenBadge).first().waitFor();
      expect(author.errors, "errors reported by the author's browser").toEqual([]);
    } finally {
      await author?.close();
    }
  });
});

/** Hides a review or post through the API as the file's admin. */
async function hideAsAdmin(kind: "review" | "post", item: SeededItem) {
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    await signInAdmin(page);
    await apiCall(page, "PUT", `/api/admin/content/${kind}/${item.id}/hidden`, { hidden: true });
  });
}

describe("who may open /admin", () => {
  test("visitors go to /auth and people to /feed", async () => {
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await page.goto("/admin");
      await waitForPath(page, "/auth");
      await signUpViaApi(page, "curious");
      await page.goto("/admin");
      await waitForPath(page, "/feed");
    });
  });

  test("a moderator made in the Team tab sees the queue and the log but no totals, until the role is taken back", async () => {
    let moderator: TestPage | undefined;
    try {
      moderator = await newPage(browser, { viewport: MOBILE });
      const mod = await signUpViaApi(moderator.page, "moderator");

      await withPage(browser, { viewport: DESKTOP }, async (page) => {
        await signInAdmin(page);
        const stats = page.waitForResponse((response) =>
          response.url().endsWith("/api/admin/stats"),
        );
        await openAdmin(page);
        // The totals are the server's exact numbers.
        const totals = (await (await stats).json()) as Record<string, number>;
        const totalsRegion = page.getByRole("region", { name: "Totals" });
        for (const [label, key] of [
          ["Total Users", "totalUsers"],
          ["Total Reviews", "totalReviews"],
          ["Total Comments", "totalComments"],
          ["Pending Reports", "pendingReports"],
        ] as const) {
          await expect
            .poll(() => textOf(totalsRegion.locator("div").filter({ hasText: label })))
            .toBe(`${label}${(totals[key] ?? -1).toLocaleString("en-US")}`);
        }

        await page.getByRole("tab", { name: "Team" }).click();
        expect(new URL(page.url()).search).toBe("?tab=team");
        await page.getByRole("textbox", { name: "Find a person" }).fill(mod.username);
        const found = page.getByRole("list", { name: "People found" }).getByRole("listitem");
        await found.filter({ hasText: `@${mod.username}` }).waitFor();
        await found
          .filter({ hasText: `@${mod.username}` })
          .getByRole("button", { name: "Make moderator" })
          .click();
        await toastWith(page, MESSAGES.roleUpdated).waitFor();
        await found
          .filter({ hasText: `@${mod.username}` })
          .getByText("Moderator", { exact: true })
          .waitFor();
      });

      const modPage = moderator.page;
      await openAdmin(modPage);
      await modPage.getByText(`Welcome back, ${mod.displayName}.`).waitFor();
      await modPage.getByRole("tab", { name: "Reports" }).waitFor();
      await modPage.getByRole("tab", { name: "Activity Log" }).click();
      await activityRows(modPage)
        .filter({ hasText: `made @${mod.username} a moderator` })
        .waitFor();
      expect(await modPage.getByRole("tab", { name: "Team" }).count()).toBe(0);
      expect(await modPage.getByText("Total Users").count()).toBe(0);
      await screenshot(modPage, "admin-moderator");
      await expectNoAxeViolations(modPage);
      // A hand-typed ?tab=team shows the queue instead.
      await openAdmin(modPage, "team");
      await modPage.getByRole("tab", { name: "Reports", selected: true }).waitFor();

      await withPage(browser, { viewport: DESKTOP }, async (page) => {
        await signInAdmin(page);
        await openAdmin(page, "team");
        const member = page
          .getByRole("listitem")
          .filter({ hasText: `@${mod.username}` })
          .filter({ has: page.getByRole("button", { name: "Remove" }) });
        await member.getByRole("button", { name: "Remove" }).click();
        await toastWith(page, MESSAGES.roleUpdated).waitFor();
        await member.waitFor({ state: "detached" });
      });

      await modPage.reload();
      await waitForPath(modPage, "/feed");
      expect(moderator.errors, "errors reported by the moderator's browser").toEqual([]);
    } finally {
      await moderator?.close();
    }
  });
});

describe("the queue's paging and failures", () => {
  test("10 reports a page, pending first; Load more brings the rest", async () => {
    // Comments on one post, so the run's feed gains one post only (other files look for their
    // own posts on its first page). Two people report them: each may file 10 reports an hour.
    const { seeded: comments } = await anotherUser("prolific", async (page) => {
      const post = await seedPost(page, { title: unique("Comment magnet") });
      const seeded: { id: string }[] = [];
      for (let index = 0; index < 11; index++) {
        seeded.push(
          (await apiCall(page, "POST", `/api/posts/${post.id}/comments`, {
            content: unique(`Queue filler ${index}`),
          })) as { id: string },
        );
      }
      return seeded;
    });
    for (const batch of [comments.slice(0, 6), comments.slice(6)]) {
      await withPage(browser, { viewport: DESKTOP }, async (page) => {
        await signUpViaApi(page, "flagger");
        for (const comment of batch) {
          await apiCall(page, "POST", "/api/reports", {
            targetType: "post_comment",
            targetId: comment.id,
            reason: "spam",
          });
        }
      });
    }
    await withPage(browser, { viewport: MOBILE }, async (page) => {
      await signInAdmin(page);
      await openAdmin(page);
      const cards = page.getByRole("list", { name: "Reports" }).getByRole("article");
      await cards.first().waitFor();
      expect(await cards.count()).toBe(10);
      await page.getByRole("button", { name: "Load more" }).click();
      await expect.poll(() => cards.count()).toBeGreaterThan(10);
      const statuses = await cards.evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute("data-status")),
      );
      const firstDone = statuses.findIndex((status) => status !== "pending");
      if (firstDone >= 0) expect(statuses.slice(firstDone)).not.toContain("pending");
    });
  });

  test("a report another moderator settled meanwhile says so in a toast; a failed load offers Retry", async () => {
    const title = unique("Contested Curry");
    const { seeded: post } = await anotherUser("contested", (page) => seedPost(page, { title }));
    const report = (await withPageResult(async (page) => {
      await signUpViaApi(page, "twice");
      return apiCall(page, "POST", "/api/reports", {
        targetType: "post",
        targetId: post.id,
        reason: "misleading",
      });
    })) as { id: string };
    await withPageExpectingErrors(
      browser,
      { viewport: DESKTOP },
      [
        { status: 409, path: `/api/admin/reports/${report.id}` },
        { status: 503, path: "/api/admin/activity" },
        { status: 503, path: "/api/admin/activity" },
      ],
      async (page) => {
        await signInAdmin(page);
        await openAdmin(page);
        const card = reportCard(page, `Post · ${title}`);
        await card.waitFor();
        // Another moderator resolves it first.
        await apiCall(page, "PATCH", `/api/admin/reports/${report.id}`, { status: "resolved" });
        await card.getByRole("button", { name: "Mark Reviewed" }).click();
        await toastWith(page, "Only pending reports can be updated").waitFor();
        // The queue is read again: no more actions on it (it is resolved, or further down
        // behind the pending ones).
        await expect
          .poll(() => card.getByRole("button", { name: "Mark Reviewed" }).count())
          .toBe(0);

        let down = true;
        const activityList = (url: URL) => url.pathname === "/api/admin/activity";
        await page.route(activityList, async (route) => {
          if (!down) return route.continue();
          await route.fulfill({
            status: 503,
            json: { error: { code: "UNAVAILABLE", message: "Try later" } },
          });
        });
        await page.getByRole("tab", { name: "Activity Log" }).click();
        await page.getByText("We couldn't load the Activity Log").waitFor();
        await toastWith(page, "Try later").waitFor();
        down = false;
        await page.getByRole("button", { name: "Retry" }).click();
        await activityRows(page).first().waitFor();
      },
    );
  });
});

describe("accessibility and screenshots", () => {
  /** Reports of every kind, one of them hidden, so the queue shows each look of a card. */
  const seedQueue = once(async () => {
    const { seeded } = await anotherUser("chef", async (page) => {
      const dish = await seedDishReview(page, {
        title: unique("Smoked Brisket"),
        description: "Twelve hours over oak. The bark was perfect and the fat rendered.",
        photos: [photo],
      });
      const post = await seedPost(page, {
        title: unique("Pop-up Saturday"),
        content: "Come by the market this weekend for tacos and agua fresca.",
      });
      const comment = (await apiCall(page, "POST", `/api/posts/${post.id}/comments`, {
        content: "Use my code for 90% off at a totally real site",
      })) as { id: string };
      return { dish, post, comment, chefId: await myId(page) };
    });
    await withPage(browser, { viewport: DESKTOP }, async (page) => {
      await signUpViaApi(page, "critic");
      const reports = [
        {
          targetType: "review",
          targetId: seeded.dish.id,
          reason: "inappropriate",
          details: "The photo is not of food.",
        },
        { targetType: "post", targetId: seeded.post.id, reason: "spam" },
        { targetType: "post_comment", targetId: seeded.comment.id, reason: "spam" },
        {
          targetType: "user",
          targetId: seeded.chefId,
          reason: "other",
          details: "Same person as a banned account.",
        },
      ];
      for (const report of reports) await apiCall(page, "POST", "/api/reports", report);
    });
    await hideAsAdmin("review", seeded.dish);
  });

  /** One post for every look's report dialog. */
  const reportablePost = once(async () => {
    const { seeded } = await anotherUser("noodler", (page) =>
      seedPost(page, {
        title: unique("Chili Crisp Noodles"),
        content: "Spicy, numbing and worth every drop.",
        photos: [photo],
      }),
    );
    return seeded;
  });

  describe.each(LOOKS)("at $label", ({ viewport, colorScheme }) => {
    const options: PageOptions = { viewport, colorScheme };

    test("every /admin tab", async () => {
      await seedQueue();
      await withPage(browser, options, async (page) => {
        await signInAdmin(page);
        await openAdmin(page);
        await page.getByRole("list", { name: "Reports" }).waitFor();
        await page.getByRole("region", { name: "Totals" }).getByText(/^\d/).first().waitFor();
        await screenshot(page, "admin-reports");
        await expectNoAxeViolations(page);

        await page.getByRole("tab", { name: "Activity Log" }).click();
        await activityRows(page).first().waitFor();
        await screenshot(page, "admin-activity");
        await expectNoAxeViolations(page);

        await page.getByRole("tab", { name: "Team" }).click();
        await page.getByRole("textbox", { name: "Find a person" }).fill("chef");
        await page.getByRole("list", { name: "People found" }).waitFor();
        await screenshot(page, "admin-team");
        await expectNoAxeViolations(page);
      });
    });

    test("the report dialog and a hidden item as its author sees it", async () => {
      const post = await reportablePost();
      await withPage(browser, options, async (page) => {
        await signUpViaApi(page, "viewer");
        await page.goto(`/view/post/${post.id}`);
        await page.getByRole("button", { name: "Post options" }).click();
        await page.getByRole("menuitem", { name: "Report post" }).click();
        const dialog = page.getByRole("dialog", { name: "Report post" });
        await dialog.getByRole("radio", { name: "Spam" }).check();
        await dialog.getByRole("textbox", { name: "Details" }).fill("Posted five times today.");
        await screenshot(page, "report-dialog", { fullPage: false });
        await expectNoAxeViolations(page);
      });

      await withPage(browser, options, async (page) => {
        await signUpViaApi(page, "unseen");
        const review = await seedDishReview(page, { title: unique("Gone Gumbo"), photos: [photo] });
        await hideAsAdmin("review", review);
        await page.goto("/profile?tab=dishes");
        await page.getByText(MESSAGES.hiddenBadge).first().waitFor();
        await screenshot(page, "hidden-item-profile");
        await expectNoAxeViolations(page);
        await page.goto(`/view/dish/${review.id}`);
        await page.getByText("Comments are off while this is hidden.").waitFor();
        await screenshot(page, "hidden-item-detail");
        await expectNoAxeViolations(page);
      });
    });
  });
});

/** Runs body on a throwaway page and returns what it returns. */
async function withPageResult<T>(body: (page: Page) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await withPage(browser, { viewport: DESKTOP }, async (page) => {
    result = await body(page);
  });
  return result as T;
}
