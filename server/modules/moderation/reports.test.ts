import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ReportDto, ReportTargetType } from "#domain/moderation.ts";
import { adminMessages, REPORT_LIMITS, reportMessages } from "#domain/moderation-rules.ts";
import { DEFAULT_CONTENT_RATE_LIMITS } from "#server/config.ts";
import { user as authUsers } from "#server/db/schema/auth.ts";
import { userReports } from "#server/db/schema/moderation.ts";
import { encodeCursor } from "#server/modules/shared/keyset.ts";
import { useTestApp } from "#server/test/app.ts";
import {
  createComment,
  createDeal,
  createPlanUsers,
  createPost,
  createPostImage,
  createReportRow,
  createRestaurant,
  createReview,
  createReviewImage,
  createUser,
} from "#server/test/factories.ts";
import { at, explainPlan } from "#server/test/item-lists.ts";
import { signUpStaff } from "#server/test/moderation.ts";
import { request } from "#server/test/request.ts";
import { reportQueueSql } from "./moderation.queries.ts";

const testApp = useTestApp();

function report(cookie: string | undefined, body: Record<string, unknown>) {
  return request(testApp.app, "POST", "/api/reports", { cookie, body });
}

function setStatus(cookie: string, reportId: string, status: string) {
  return request(testApp.app, "PATCH", `/api/admin/reports/${reportId}`, {
    cookie,
    body: { status },
  });
}

/** One of each reportable thing, none of them by `reporter`. */
async function targets() {
  const author = await createUser(testApp.db, { username: "author" });
  const review = await createReview(testApp.db, { userId: author.id });
  const post = await createPost(testApp.db, { userId: author.id });
  const comment = await createComment(testApp.db, { userId: author.id, reviewId: review.id });
  const postComment = await createComment(testApp.db, { userId: author.id, postId: post.id });
  const place = await createRestaurant(testApp.db);
  const deal = await createDeal(testApp.db, { userId: author.id, restaurantId: place.id });
  const dealComment = await createComment(testApp.db, { userId: author.id, dealId: deal.id });
  const ids: Record<ReportTargetType, string> = {
    review: review.id,
    post: post.id,
    deal: deal.id,
    comment: comment.id,
    post_comment: postComment.id,
    deal_comment: dealComment.id,
    user: author.id,
  };
  return { author, review, post, ids };
}

describe("filing reports", () => {
  it("reports each kind of target with a reason and details, stored with the reporter", async () => {
    const { app } = await testApp.start();
    const { user } = await signUpStaff(app);
    const { ids } = await targets();
    for (const [targetType, targetId] of Object.entries(ids)) {
      const response = await report(user.cookie, {
        targetType,
        targetId,
        reason: "harassment",
        details: `  About this ${targetType}  `,
      });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await testApp.db
        .select()
        .from(userReports)
        .where(eq(userReports.id, response.json().id));
      expect(row).toMatchObject({
        reporterId: user.userId,
        reportedType: targetType,
        reportedId: targetId,
        reason: "harassment",
        details: `About this ${targetType}`,
        status: "pending",
        reviewedBy: null,
        reviewedAt: null,
      });
    }
    const empty = await report(user.cookie, {
      targetType: "user",
      targetId: (await createUser(testApp.db)).id,
      reason: "other",
      details: "   ",
    });
    expect(empty.statusCode).toBe(201);
    const [row] = await testApp.db
      .select()
      .from(userReports)
      .where(eq(userReports.id, empty.json().id));
    expect(row?.details).toBeNull();
  });

  it("refuses reports of your own content and of yourself", async () => {
    const { app } = await testApp.start();
    const { user } = await signUpStaff(app);
    const other = await createUser(testApp.db);
    const review = await createReview(testApp.db, { userId: user.userId });
    const post = await createPost(testApp.db, { userId: other.id });
    const ownComment = await createComment(testApp.db, { userId: user.userId, postId: post.id });
    const hiddenOwn = await createPost(testApp.db, { userId: user.userId, isHidden: true });
    for (const [targetType, targetId] of [
      ["review", review.id],
      ["post_comment", ownComment.id],
      ["post", hiddenOwn.id],
      ["user", user.userId],
    ]) {
      const response = await report(user.cookie, { targetType, targetId, reason: "spam" });
      expect(response.statusCode, `${targetType}`).toBe(400);
      expect(response.json().error.message).toBe(reportMessages.ownContent);
    }
    // Someone else's comment on your review is theirs to answer for.
    const theirs = await createComment(testApp.db, { userId: other.id, reviewId: review.id });
    const response = await report(user.cookie, {
      targetType: "comment",
      targetId: theirs.id,
      reason: "spam",
    });
    expect(response.statusCode).toBe(201);
    expect(await testApp.db.select().from(userReports)).toHaveLength(1);
  });

  it("answers 404 for unknown and hidden targets, comments on hidden items included", async () => {
    // Refused reports count towards the limit too; this test files more than it allows.
    const { app } = await testApp.start({
      contentRateLimits: { ...DEFAULT_CONTENT_RATE_LIMITS, reports: { window: 3600, max: 100 } },
    });
    const { user } = await signUpStaff(app);
    const author = await createUser(testApp.db);
    const hiddenReview = await createReview(testApp.db, { userId: author.id, isHidden: true });
    const hiddenPost = await createPost(testApp.db, { userId: author.id, isHidden: true });
    const visiblePost = await createPost(testApp.db, { userId: author.id });
    const hiddenComment = await createComment(testApp.db, {
      userId: author.id,
      postId: visiblePost.id,
      isHidden: true,
    });
    const onHiddenReview = await createComment(testApp.db, {
      userId: author.id,
      reviewId: hiddenReview.id,
    });
    const unknown = crypto.randomUUID();
    const cases: [ReportTargetType, string][] = [
      ["review", unknown],
      ["review", "not-a-uuid"],
      ["post", unknown],
      ["comment", unknown],
      ["post_comment", "123"],
      ["user", "nobody-by-this-id"],
      ["review", hiddenReview.id],
      ["post", hiddenPost.id],
      ["post_comment", hiddenComment.id],
      ["comment", onHiddenReview.id],
      // A post's id names no review.
      ["review", visiblePost.id],
    ];
    for (const [targetType, targetId] of cases) {
      const response = await report(user.cookie, { targetType, targetId, reason: "spam" });
      expect(response.statusCode, `${targetType} ${targetId}`).toBe(404);
      expect(response.json().error.message).toBe(reportMessages.notFound[targetType]);
    }
    expect(await testApp.db.select().from(userReports)).toEqual([]);
  });

  it("answers 404 for what a block or a deletion keeps out of the reporter's sight, as the reads do", async () => {
    const { app } = await testApp.start({
      contentRateLimits: { ...DEFAULT_CONTENT_RATE_LIMITS, reports: { window: 3600, max: 100 } },
    });
    const { user } = await signUpStaff(app);
    const blocker = await targets();
    await testApp.db.execute(sql`
      insert into user_blocks (blocker_id, blocked_id) values (${blocker.author.id}, ${user.userId})`);
    const blocked = await createUser(testApp.db);
    await testApp.db.execute(sql`
      insert into user_blocks (blocker_id, blocked_id) values (${user.userId}, ${blocked.id})`);
    const leaving = await createUser(testApp.db);
    await testApp.db.execute(sql`
      insert into account_deletions (user_id, erase_after) values (${leaving.id}, now() + interval '14 days')`);
    // A stranger's comment on the blocker's review is out of sight with the review.
    const stranger = await createUser(testApp.db);
    const onBlockersReview = await createComment(testApp.db, {
      userId: stranger.id,
      reviewId: blocker.review.id,
    });
    const cases: [ReportTargetType, string][] = [
      ...(Object.entries(blocker.ids) as [ReportTargetType, string][]),
      ["user", blocked.id],
      ["review", (await createReview(testApp.db, { userId: blocked.id })).id],
      ["user", leaving.id],
      ["post", (await createPost(testApp.db, { userId: leaving.id })).id],
      ["comment", onBlockersReview.id],
    ];
    for (const [targetType, targetId] of cases) {
      const response = await report(user.cookie, { targetType, targetId, reason: "spam" });
      expect(response.statusCode, `${targetType} ${targetId}`).toBe(404);
      expect(response.json().error.message).toBe(reportMessages.notFound[targetType]);
    }
    expect(await testApp.db.select().from(userReports)).toEqual([]);
  });

  it("keeps one open report per reporter and target; another is allowed once it was handled", async () => {
    const { app } = await testApp.start();
    const { user, moderator } = await signUpStaff(app);
    const { ids } = await targets();
    const body = { targetType: "post", targetId: ids.post, reason: "spam" };
    const first = await report(user.cookie, body);
    expect(first.statusCode).toBe(201);
    const again = await report(user.cookie, { ...body, reason: "other", details: "Still there" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "ALREADY_REPORTED",
      message: reportMessages.alreadyReported,
    });
    // The same id in capitals names the same post.
    const shouted = await report(user.cookie, { ...body, targetId: ids.post.toUpperCase() });
    expect(shouted.statusCode).toBe(409);
    // Someone else may report the same post meanwhile.
    expect((await report(moderator.cookie, body)).statusCode).toBe(201);

    expect((await setStatus(moderator.cookie, first.json().id, "reviewed")).statusCode).toBe(200);
    const afterHandled = await report(user.cookie, { ...body, targetId: ids.post.toUpperCase() });
    expect(afterHandled.statusCode, afterHandled.body).toBe(201);
    const rows = await testApp.db.select().from(userReports);
    expect(rows.map((row) => row.reportedId)).toEqual([ids.post, ids.post, ids.post]);
  });

  it("accepts one of two identical reports sent at the same moment", async () => {
    const { app } = await testApp.start();
    const { user, moderator, admin } = await signUpStaff(app);
    const { ids } = await targets();
    const body = { targetType: "user", targetId: ids.user, reason: "spam" };
    const answers = await Promise.all([report(user.cookie, body), report(user.cookie, body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await testApp.db.select().from(userReports)).toHaveLength(1);

    // Two moderators acting on it at once: one wins, the other hears it is no longer pending.
    const reportId = answers.find((answer) => answer.statusCode === 201)?.json().id;
    const changes = await Promise.all([
      setStatus(moderator.cookie, reportId, "reviewed"),
      setStatus(admin.cookie, reportId, "resolved"),
    ]);
    expect(changes.map((change) => change.statusCode).sort()).toEqual([200, 409]);
    const log = await testApp.db.execute(sql`select action from moderation_actions`);
    expect(log.rows).toHaveLength(1);
  });

  it("refuses bad reasons, NUL characters and over-long details with 400", async () => {
    const { app } = await testApp.start();
    const { user } = await signUpStaff(app);
    const { ids } = await targets();
    const base = { targetType: "review", targetId: ids.review, reason: "spam" };
    const tooLong = await report(user.cookie, {
      ...base,
      details: "x".repeat(REPORT_LIMITS.detailsMax + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(reportMessages.detailsTooLong);
    for (const body of [
      { ...base, details: "bad\u0000byte" },
      { ...base, targetId: "bad\u0000id" },
      { ...base, reason: "boring" },
      { ...base, targetType: "restaurant" },
      { targetType: "review", targetId: ids.review },
    ]) {
      const response = await report(user.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_ERROR");
    }
    const exact = await report(user.cookie, {
      ...base,
      details: "x".repeat(REPORT_LIMITS.detailsMax),
    });
    expect(exact.statusCode).toBe(201);
  });

  it("rate-limits reports per person with 429 and Retry-After", async () => {
    const { app } = await testApp.start({
      contentRateLimits: { ...DEFAULT_CONTENT_RATE_LIMITS, reports: { window: 3600, max: 2 } },
    });
    const { user, moderator } = await signUpStaff(app);
    const author = await createUser(testApp.db);
    const reviewOf = async () => (await createReview(testApp.db, { userId: author.id })).id;
    const body = async () => ({ targetType: "review", targetId: await reviewOf(), reason: "spam" });
    expect((await report(user.cookie, await body())).statusCode).toBe(201);
    expect((await report(user.cookie, await body())).statusCode).toBe(201);
    const third = await report(user.cookie, await body());
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe("RATE_LIMITED");
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(3500);
    // The limit is each person's own.
    expect((await report(moderator.cookie, await body())).statusCode).toBe(201);
    expect(await testApp.db.select().from(userReports)).toHaveLength(3);
  });
});

describe("report status", () => {
  it("moves a pending report once, recording the reviewer; later changes are 409", async () => {
    const { app } = await testApp.start();
    const { user, moderator, admin } = await signUpStaff(app);
    const { ids } = await targets();
    const filed = await report(user.cookie, {
      targetType: "review",
      targetId: ids.review,
      reason: "misleading",
    });
    const reportId = filed.json().id as string;

    const reviewed = await setStatus(moderator.cookie, reportId, "reviewed");
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const body = reviewed.json() as ReportDto;
    expect(body).toMatchObject({
      id: reportId,
      status: "reviewed",
      reason: "misleading",
      reviewedBy: { id: moderator.userId, username: "maria" },
      reporter: { id: user.userId, username: "plain" },
    });
    expect(Date.now() - Date.parse(body.reviewedAt ?? "")).toBeLessThan(60_000);
    const [row] = await testApp.db.select().from(userReports).where(eq(userReports.id, reportId));
    expect(row).toMatchObject({ status: "reviewed", reviewedBy: moderator.userId });

    for (const status of ["resolved", "reviewed"]) {
      const again = await setStatus(admin.cookie, reportId, status);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({
        code: "REPORT_NOT_PENDING",
        message: adminMessages.notPending,
      });
    }
    const [unchanged] = await testApp.db
      .select()
      .from(userReports)
      .where(eq(userReports.id, reportId));
    expect(unchanged).toEqual(row);

    const second = await report(user.cookie, {
      targetType: "review",
      targetId: ids.review,
      reason: "spam",
    });
    const resolved = await setStatus(admin.cookie, second.json().id, "resolved");
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      status: "resolved",
      reviewedBy: { id: admin.userId },
    });
  });

  it("answers 404 for unknown reports and 400 for statuses other than reviewed or resolved", async () => {
    const { app } = await testApp.start();
    const { moderator } = await signUpStaff(app);
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      const response = await setStatus(moderator.cookie, id, "resolved");
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(adminMessages.reportNotFound);
    }
    const { ids } = await targets();
    const reporter = await createUser(testApp.db);
    const row = await createReportRow(testApp.db, {
      reporterId: reporter.id,
      reportedType: "user",
      reportedId: ids.user,
    });
    for (const status of ["pending", "deleted", ""]) {
      expect((await setStatus(moderator.cookie, row.id, status)).statusCode).toBe(400);
    }
  });
});

describe("the moderation queue", () => {
  async function queuePage(cookie: string, cursor?: string | null) {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
    const response = await request(testApp.app, "GET", `/api/admin/reports${query}`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: ReportDto[]; nextCursor: string | null };
  }

  it("lists pending reports first, newest first in each group, ten a page", async () => {
    const { app } = await testApp.start();
    const { moderator } = await signUpStaff(app);
    const author = await createUser(testApp.db);
    const reporter = await createUser(testApp.db);
    const seeded: { id: string; pending: boolean; at: string }[] = [];
    // 23 reports, several sharing a timestamp, every third one handled.
    for (let index = 0; index < 23; index++) {
      const pending = index % 3 !== 0;
      const createdAt = `2024-05-0${1 + (index % 4)}T10:00:00.000001Z`;
      const review = await createReview(testApp.db, { userId: author.id });
      const row = await createReportRow(testApp.db, {
        reporterId: reporter.id,
        reportedType: "review",
        reportedId: review.id,
        createdAt: at(createdAt),
        ...(pending
          ? {}
          : { status: "resolved", reviewedBy: moderator.userId, reviewedAt: new Date() }),
      });
      seeded.push({ id: row.id, pending, at: createdAt });
    }
    const expected = [...seeded]
      .sort(
        (l, r) =>
          Number(r.pending) - Number(l.pending) ||
          r.at.localeCompare(l.at) ||
          r.id.localeCompare(l.id),
      )
      .map((row) => row.id);

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await queuePage(moderator.cookie, cursor);
      sizes.push(page.items.length);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([10, 10, 3]);
    expect(seen).toEqual(expected);
  });

  it("previews each target with its author and link, and shows deleted ones and people as null", async () => {
    const { app } = await testApp.start();
    const { user, moderator } = await signUpStaff(app);
    const author = await createUser(testApp.db, {
      username: "chef",
      fullName: "Chef Ana",
      bio: "I cook",
      avatarUrl: "/uploads/avatars/chef.webp",
    });
    const place = await createRestaurant(testApp.db);
    const review = await createReview(testApp.db, {
      userId: author.id,
      restaurantId: place.id,
      reviewType: "restaurant",
      title: "Noisy night",
      description: "Too loud",
    });
    await createReviewImage(testApp.db, {
      reviewId: review.id,
      imageUrl: "/uploads/r/second-1280.webp",
      displayOrder: 1,
    });
    await createReviewImage(testApp.db, {
      reviewId: review.id,
      imageUrl: "/uploads/r/first-1280.webp",
      displayOrder: 0,
    });
    const post = await createPost(testApp.db, {
      userId: author.id,
      title: "Hidden post",
      content: "Gone",
      isHidden: true,
    });
    await createPostImage(testApp.db, { postId: post.id, imageUrl: "/uploads/p/one-1280.webp" });
    const comment = await createComment(testApp.db, {
      userId: author.id,
      reviewId: review.id,
      content: "A comment",
    });
    const postComment = await createComment(testApp.db, {
      userId: author.id,
      postId: post.id,
      content: "On a post",
    });
    const doomed = await createReview(testApp.db, { userId: author.id });
    const leaving = await createUser(testApp.db);

    const file = (type: ReportTargetType, id: string, reporterId = user.userId) =>
      createReportRow(testApp.db, { reporterId, reportedType: type, reportedId: id });
    const reports = {
      review: await file("review", review.id),
      post: await file("post", post.id),
      comment: await file("comment", comment.id),
      postComment: await file("post_comment", postComment.id),
      user: await file("user", author.id),
      deleted: await file("review", doomed.id),
      byLeaver: await file("review", review.id, leaving.id),
    };
    await testApp.db.execute(sql`delete from reviews where id = ${doomed.id}`);
    await testApp.db.delete(authUsers).where(eq(authUsers.id, leaving.id));

    const page = await queuePage(moderator.cookie);
    const byId = new Map(page.items.map((item) => [item.id, item]));
    const chef = {
      id: author.id,
      username: "chef",
      slug: "chef",
      fullName: "Chef Ana",
      avatarUrl: "/uploads/avatars/chef.webp",
    };
    expect(byId.get(reports.review.id)?.target).toEqual({
      author: chef,
      title: "Noisy night",
      text: "Too loud",
      imageUrl: "/uploads/r/first-480.webp",
      isHidden: false,
      href: `/view/restaurant/${review.id}`,
    });
    expect(byId.get(reports.post.id)?.target).toEqual({
      author: chef,
      title: "Hidden post",
      text: "Gone",
      imageUrl: "/uploads/p/one-480.webp",
      isHidden: true,
      href: `/view/post/${post.id}`,
    });
    expect(byId.get(reports.comment.id)?.target).toEqual({
      author: chef,
      title: null,
      text: "A comment",
      imageUrl: null,
      isHidden: false,
      href: `/view/restaurant/${review.id}`,
    });
    expect(byId.get(reports.postComment.id)?.target).toMatchObject({
      text: "On a post",
      href: `/view/post/${post.id}`,
    });
    expect(byId.get(reports.user.id)?.target).toEqual({
      author: chef,
      title: null,
      text: "I cook",
      imageUrl: "/uploads/avatars/chef.webp",
      isHidden: false,
      href: "/user/chef",
    });
    expect(byId.get(reports.deleted.id)).toMatchObject({
      targetType: "review",
      targetId: doomed.id,
      target: null,
    });
    expect(byId.get(reports.byLeaver.id)?.reporter).toBeNull();
    expect(byId.get(reports.review.id)).toMatchObject({
      reason: "spam",
      details: null,
      status: "pending",
      reporter: { id: user.userId, username: "plain" },
      reviewedBy: null,
      reviewedAt: null,
    });
  });

  it("refuses a cursor it did not make", async () => {
    const { app } = await testApp.start();
    const { moderator } = await signUpStaff(app);
    const foreign = encodeCursor({
      createdAt: "2024-01-01T00:00:00.000000Z",
      id: crypto.randomUUID(),
      kind: "review",
    });
    for (const cursor of ["garbage", foreign]) {
      const response = await request(app, "GET", `/api/admin/reports?cursor=${cursor}`, {
        cookie: moderator.cookie,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("INVALID_CURSOR");
    }
  });

  it("reads a page of the queue through user_reports_queue_idx, deep pages included", async () => {
    await testApp.start();
    await createPlanUsers(testApp.db, 50);
    await testApp.db.execute(sql`
      insert into user_reports (reporter_id, reported_type, reported_id, reason, status,
                                reviewed_at, created_at)
      select 'plan-' || (1 + g % 50), 'user', 'someone-' || g, 'spam',
             case when g % 5 = 0 then 'pending' else 'resolved' end,
             case when g % 5 = 0 then null else now() end,
             now() - g * interval '1 minute'
        from generate_series(1, 5000) as g`);
    await testApp.db.execute(sql`analyze`);
    const cursor = {
      createdAt: "2024-01-01T00:00:00.000000Z",
      id: crypto.randomUUID(),
      kind: "report",
    };
    for (const after of [undefined, { ...cursor, pending: true }, { ...cursor, pending: false }]) {
      const plan = await explainPlan(testApp.db, reportQueueSql(REPORT_LIMITS.pageSize + 1, after));
      expect(plan, JSON.stringify(after)).toMatch(/user_reports_queue_idx/);
      expect(plan, JSON.stringify(after)).not.toMatch(/Seq Scan on user_reports/);
      // A deep page starts at its cursor inside the index instead of filtering its way there.
      if (after)
        expect(plan).toMatch(/Index Cond: \(ROW\(\(status = 'pending'::text\), created_at, id\) </);
    }
  });
});
