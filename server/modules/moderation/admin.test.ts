import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ActivityEntryDto } from "#domain/moderation.ts";
import { adminMessages, REPORT_LIMITS, reportMessages } from "#domain/moderation-rules.ts";
import { moderationActions } from "#server/db/schema/moderation.ts";
import { userRoles } from "#server/db/schema/profiles.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpWithProfile } from "#server/test/auth-helpers.ts";
import {
  createComment,
  createPlanUsers,
  createPost,
  createReportRow,
  createReview,
  createUser,
  setRole,
} from "#server/test/factories.ts";
import { at, explainPlan } from "#server/test/item-lists.ts";
import { signUpStaff } from "#server/test/moderation.ts";
import { request } from "#server/test/request.ts";
import { activitySql } from "./moderation.queries.ts";

const testApp = useTestApp();

async function get(path: string, cookie: string) {
  const response = await request(testApp.app, "GET", path, { cookie });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json();
}

function changeRole(cookie: string, userId: string, role: string) {
  return request(testApp.app, "PUT", `/api/admin/users/${userId}/role`, {
    cookie,
    body: { role },
  });
}

async function logRows() {
  return testApp.db.select().from(moderationActions);
}

describe("admin totals", () => {
  it("counts people, visible reviews, visible comments of both kinds and pending reports exactly", async () => {
    const { app } = await testApp.start();
    const { admin, moderator } = await signUpStaff(app);
    const people = [await createUser(testApp.db), await createUser(testApp.db)];
    const [ann, bob] = people as [(typeof people)[0], (typeof people)[0]];
    const reviews = [
      await createReview(testApp.db, { userId: ann.id }),
      await createReview(testApp.db, { userId: ann.id }),
      await createReview(testApp.db, { userId: bob.id }),
    ];
    await createReview(testApp.db, { userId: bob.id, isHidden: true });
    const post = await createPost(testApp.db, { userId: bob.id });
    await createPost(testApp.db, { userId: ann.id });
    for (const review of reviews.slice(0, 2)) {
      await createComment(testApp.db, { userId: bob.id, reviewId: review.id });
    }
    await createComment(testApp.db, {
      userId: bob.id,
      reviewId: reviews[2]?.id ?? "",
      isHidden: true,
    });
    await createComment(testApp.db, { userId: ann.id, postId: post.id });
    await createComment(testApp.db, { userId: ann.id, postId: post.id, isHidden: true });
    for (const review of reviews) {
      await createReportRow(testApp.db, {
        reporterId: ann.id,
        reportedType: "review",
        reportedId: review.id,
      });
    }
    await createReportRow(testApp.db, {
      reporterId: bob.id,
      reportedType: "user",
      reportedId: ann.id,
      status: "resolved",
      reviewedBy: moderator.userId,
      reviewedAt: new Date(),
    });

    // Three staff and two more people; four reviews, one hidden; five comments, two hidden.
    expect(await get("/api/admin/stats", admin.cookie)).toEqual({
      totalUsers: 5,
      totalReviews: 3,
      totalComments: 3,
      pendingReports: 3,
    });

    // Hiding through the API moves the totals at once.
    await request(app, "PUT", `/api/admin/content/review/${reviews[0]?.id}/hidden`, {
      cookie: moderator.cookie,
      body: { hidden: true },
    });
    expect(await get("/api/admin/stats", admin.cookie)).toMatchObject({ totalReviews: 2 });
  });
});

describe("team and roles", () => {
  it("lists admins, then moderators, each by username", async () => {
    const { app } = await testApp.start();
    const { admin, moderator } = await signUpStaff(app);
    const zed = await createUser(testApp.db, { username: "zed" });
    const bea = await createUser(testApp.db, { username: "bea", fullName: "Bea" });
    const carl = await createUser(testApp.db, { username: "carl" });
    await createUser(testApp.db, { username: "nobody_special" });
    await setRole(testApp.db, zed.id, "admin");
    await setRole(testApp.db, bea.id, "moderator");
    await setRole(testApp.db, carl.id, "user");
    const team = await get("/api/admin/team", admin.cookie);
    expect(
      team.members.map((member: { profile: { username: string }; role: string }) => [
        member.profile.username,
        member.role,
      ]),
    ).toEqual([
      ["alex", "admin"],
      ["zed", "admin"],
      ["bea", "moderator"],
      ["maria", "moderator"],
    ]);
    expect(team.members[2].profile).toEqual({
      id: bea.id,
      username: "bea",
      slug: "bea",
      fullName: "Bea",
      avatarUrl: null,
    });
    expect(team.members[3].profile.id).toBe(moderator.userId);
  });

  it("makes a person a moderator and back, logging each change once", async () => {
    const { app } = await testApp.start();
    const { admin } = await signUpStaff(app);
    const sam = await signUpWithProfile(app, { username: "sam" });
    const queue = () => request(app, "GET", "/api/admin/reports", { cookie: sam.cookie });
    expect((await queue()).statusCode).toBe(403);

    const granted = await changeRole(admin.cookie, sam.userId, "moderator");
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toEqual({ role: "moderator" });
    expect(await get("/api/me", sam.cookie)).toMatchObject({
      role: "moderator",
      isModerator: true,
      isAdmin: false,
    });
    expect((await queue()).statusCode).toBe(200);
    // Moderators see reports, never the totals or the team.
    const stats = await request(app, "GET", "/api/admin/stats", { cookie: sam.cookie });
    expect(stats.statusCode).toBe(403);
    expect(await logRows()).toHaveLength(1);

    // The same role again changes and logs nothing.
    expect((await changeRole(admin.cookie, sam.userId, "moderator")).json()).toEqual({
      role: "moderator",
    });
    expect(await logRows()).toHaveLength(1);

    expect((await changeRole(admin.cookie, sam.userId, "user")).json()).toEqual({ role: "user" });
    expect((await queue()).statusCode).toBe(403);
    const log = await logRows();
    expect(
      log
        .map((row) => [row.action, row.actorId, row.subjectType, row.subjectId, row.subjectLabel])
        .sort(),
    ).toEqual([
      ["role_granted", admin.userId, "user", sam.userId, "@sam"],
      ["role_revoked", admin.userId, "user", sam.userId, "@sam"],
    ]);
  });

  it("gives a role to a person who never had a role row", async () => {
    const { app } = await testApp.start();
    const { admin } = await signUpStaff(app);
    const imported = await createUser(testApp.db, { username: "imported" });
    expect((await changeRole(admin.cookie, imported.id, "moderator")).statusCode).toBe(200);
    const [row] = await testApp.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, imported.id));
    expect(row?.role).toBe("moderator");
  });

  it("refuses your own role, an admin's role, unknown people and other roles", async () => {
    const { app } = await testApp.start();
    const { admin, moderator } = await signUpStaff(app);
    const own = await changeRole(admin.cookie, admin.userId, "user");
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toEqual({ code: "OWN_ROLE", message: adminMessages.ownRole });

    const otherAdmin = await createUser(testApp.db);
    await setRole(testApp.db, otherAdmin.id, "admin");
    const fixed = await changeRole(admin.cookie, otherAdmin.id, "moderator");
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().error).toEqual({
      code: "ADMIN_ROLE_FIXED",
      message: adminMessages.adminRoleFixed,
    });

    const unknown = await changeRole(admin.cookie, "nobody-with-this-id", "moderator");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(reportMessages.notFound.user);

    for (const role of ["admin", "owner", ""]) {
      expect((await changeRole(admin.cookie, moderator.userId, role)).statusCode).toBe(400);
    }
    const roles = await testApp.db.select().from(userRoles).orderBy(userRoles.userId);
    expect(roles.find((row) => row.userId === otherAdmin.id)?.role).toBe("admin");
    expect(roles.find((row) => row.userId === moderator.userId)?.role).toBe("moderator");
    expect(await logRows()).toEqual([]);
  });
});

describe("the Activity Log", () => {
  async function activityPage(cookie: string, cursor?: string | null) {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
    return (await get(`/api/admin/activity${query}`, cookie)) as {
      items: ActivityEntryDto[];
      nextCursor: string | null;
    };
  }

  it("writes one entry per action with who, what and a label that outlives the subject", async () => {
    const { app } = await testApp.start();
    const { user, moderator, admin } = await signUpStaff(app);
    const author = await createUser(testApp.db, { username: "cook" });
    const review = await createReview(testApp.db, {
      userId: author.id,
      reviewType: "dish",
      title: "Saffron risotto",
    });
    const post = await createPost(testApp.db, { userId: author.id, title: "Old post" });
    const longText = `${"word ".repeat(30)}end`;
    const comment = await createComment(testApp.db, {
      userId: author.id,
      postId: post.id,
      content: longText,
    });
    const filed = await request(app, "POST", "/api/reports", {
      cookie: user.cookie,
      body: { targetType: "review", targetId: review.id, reason: "spam" },
    });
    const reportId = filed.json().id as string;
    const steps: [string, () => Promise<unknown>][] = [
      [
        "hide the reported review",
        () =>
          request(app, "PUT", `/api/admin/content/review/${review.id}/hidden`, {
            cookie: moderator.cookie,
            body: { hidden: true },
          }),
      ],
      [
        "resolve the report",
        () =>
          request(app, "PATCH", `/api/admin/reports/${reportId}`, {
            cookie: moderator.cookie,
            body: { status: "resolved" },
          }),
      ],
      [
        "hide a comment",
        () =>
          request(app, "PUT", `/api/admin/content/post_comment/${comment.id}/hidden`, {
            cookie: admin.cookie,
            body: { hidden: true },
          }),
      ],
      [
        "show it again",
        () =>
          request(app, "PUT", `/api/admin/content/post_comment/${comment.id}/hidden`, {
            cookie: admin.cookie,
            body: { hidden: false },
          }),
      ],
      ["make cook a moderator", () => changeRole(admin.cookie, author.id, "moderator")],
    ];
    for (const [index, [name, step]] of steps.entries()) {
      await step();
      expect((await logRows()).length, name).toBe(index + 1);
    }
    await testApp.db.execute(sql`delete from posts where id = ${post.id}`);

    const page = await activityPage(moderator.cookie);
    expect(page.nextCursor).toBeNull();
    const actor = (who: typeof moderator, username: string) => ({
      id: who.userId,
      username,
      slug: username,
      fullName: "Test User",
      avatarUrl: null,
    });
    expect(page.items.map(({ id: _id, createdAt: _at, ...entry }) => entry)).toEqual([
      {
        action: "role_granted",
        actor: actor(admin, "alex"),
        subjectType: "user",
        subjectId: author.id,
        subjectLabel: "@cook",
        subjectHref: "/user/cook",
        reportId: null,
      },
      {
        action: "content_unhidden",
        actor: actor(admin, "alex"),
        subjectType: "post_comment",
        subjectId: comment.id,
        subjectLabel: `${"word ".repeat(16).trim()}…`,
        // The post it was on is gone, and the comment with it.
        subjectHref: null,
        reportId: null,
      },
      {
        action: "content_hidden",
        actor: actor(admin, "alex"),
        subjectType: "post_comment",
        subjectId: comment.id,
        subjectLabel: `${"word ".repeat(16).trim()}…`,
        subjectHref: null,
        reportId: null,
      },
      {
        action: "report_resolved",
        actor: actor(moderator, "maria"),
        subjectType: "review",
        subjectId: review.id,
        subjectLabel: "Saffron risotto",
        subjectHref: `/view/dish/${review.id}`,
        reportId,
      },
      {
        action: "content_hidden",
        actor: actor(moderator, "maria"),
        subjectType: "review",
        subjectId: review.id,
        subjectLabel: "Saffron risotto",
        subjectHref: `/view/dish/${review.id}`,
        // Hidden while a report on it was pending: the entry names that report.
        reportId,
      },
    ]);
    const label = page.items[1]?.subjectLabel ?? "";
    expect(label.length).toBe(80);
  });

  it("pages newest first, twenty a page, entries of one instant included", async () => {
    const { app } = await testApp.start();
    const { moderator } = await signUpStaff(app);
    await testApp.db.execute(sql`
      insert into moderation_actions (actor_id, action, subject_type, subject_id, subject_label,
                                      created_at)
      select ${moderator.userId}, 'role_granted', 'user', 'someone-' || g, '@someone' || g,
             ${at("2024-06-01T00:00:00.000001Z")} - (g / 3) * interval '1 second'
        from generate_series(1, 45) as g`);
    const expected = (
      await testApp.db.execute<{ id: string }>(
        sql`select id from moderation_actions order by created_at desc, id desc`,
      )
    ).rows.map((row) => row.id);

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await activityPage(moderator.cookie, cursor);
      sizes.push(page.items.length);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([REPORT_LIMITS.activityPageSize, REPORT_LIMITS.activityPageSize, 5]);
    expect(seen).toEqual(expected);
    const bad = await request(app, "GET", "/api/admin/activity?cursor=nope", {
      cookie: moderator.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("shows entries of deleted moderators without an actor", async () => {
    const { app } = await testApp.start();
    const { admin } = await signUpStaff(app);
    const gone = await createUser(testApp.db);
    await setRole(testApp.db, gone.id, "moderator");
    const target = await createUser(testApp.db, { username: "target" });
    await testApp.db.insert(moderationActions).values({
      actorId: gone.id,
      action: "role_granted",
      subjectType: "user",
      subjectId: target.id,
      subjectLabel: "@target",
    });
    await testApp.db.execute(sql`delete from "user" where id = ${gone.id}`);
    const page = await activityPage(admin.cookie);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ actor: null, subjectLabel: "@target" });
  });

  it("reads a page through moderation_actions_created_idx, deep pages included", async () => {
    await testApp.start();
    await createPlanUsers(testApp.db, 20);
    await testApp.db.execute(sql`
      insert into moderation_actions (actor_id, action, subject_type, subject_id, subject_label,
                                      created_at)
      select 'plan-' || (1 + g % 20), 'content_hidden', 'review', gen_random_uuid()::text,
             'Dish ' || g, now() - g * interval '1 minute'
        from generate_series(1, 5000) as g`);
    await testApp.db.execute(sql`analyze`);
    const after = {
      createdAt: "2024-01-01T00:00:00.000000Z",
      id: crypto.randomUUID(),
      kind: "activity",
    };
    for (const cursor of [undefined, after]) {
      const plan = await explainPlan(
        testApp.db,
        activitySql(REPORT_LIMITS.activityPageSize + 1, cursor),
      );
      expect(plan).toMatch(/moderation_actions_created_idx/);
      expect(plan).not.toMatch(/Seq Scan on moderation_actions/);
      if (cursor) expect(plan).toMatch(/Index Cond: \(ROW\(created_at, id\) </);
    }
  });
});
