import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { adminMessages } from "#domain/moderation.ts";
import { useTestApp } from "#server/test/app.ts";
import { createReportRow, createReview, createUser } from "#server/test/factories.ts";
import { type Staff, signUpStaff } from "#server/test/moderation.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

type Persona = "visitor" | "user" | "moderator" | "admin";
const personas: Persona[] = ["visitor", "user", "moderator", "admin"];
const rank: Record<Persona, number> = { visitor: 0, user: 1, moderator: 2, admin: 3 };

/** What one call needs: a fresh review by someone else, a pending report on it, a plain person. */
interface Fixture {
  reviewId: string;
  reportId: string;
  personId: string;
}

interface RouteCase {
  name: string;
  /** The least role that may call it. */
  least: Exclude<Persona, "visitor">;
  status: number;
  call: (fixture: Fixture) => {
    method: NonNullable<InjectOptions["method"]>;
    url: string;
    body?: unknown;
  };
}

const routes: RouteCase[] = [
  {
    name: "POST /api/reports",
    least: "user",
    status: 201,
    call: (f) => ({
      method: "POST",
      url: "/api/reports",
      body: { targetType: "review", targetId: f.reviewId, reason: "spam" },
    }),
  },
  {
    name: "GET /api/admin/stats",
    least: "admin",
    status: 200,
    call: () => ({ method: "GET", url: "/api/admin/stats" }),
  },
  {
    name: "GET /api/admin/reports",
    least: "moderator",
    status: 200,
    call: () => ({ method: "GET", url: "/api/admin/reports" }),
  },
  {
    name: "PATCH /api/admin/reports/:id",
    least: "moderator",
    status: 200,
    call: (f) => ({
      method: "PATCH",
      url: `/api/admin/reports/${f.reportId}`,
      body: { status: "resolved" },
    }),
  },
  {
    name: "PUT /api/admin/content/:type/:id/hidden",
    least: "moderator",
    status: 200,
    call: (f) => ({
      method: "PUT",
      url: `/api/admin/content/review/${f.reviewId}/hidden`,
      body: { hidden: true },
    }),
  },
  {
    name: "GET /api/admin/activity",
    least: "moderator",
    status: 200,
    call: () => ({ method: "GET", url: "/api/admin/activity" }),
  },
  {
    name: "GET /api/admin/team",
    least: "admin",
    status: 200,
    call: () => ({ method: "GET", url: "/api/admin/team" }),
  },
  {
    name: "PUT /api/admin/users/:id/role",
    least: "admin",
    status: 200,
    call: (f) => ({
      method: "PUT",
      url: `/api/admin/users/${f.personId}/role`,
      body: { role: "moderator" },
    }),
  },
];

/** Everything a moderation route could change, as one comparable value. */
async function moderationState() {
  const result = await testApp.db.execute(sql`
    select (select count(*)::int from user_reports) as reports,
           (select count(*)::int from user_reports where status <> 'pending') as handled,
           (select count(*)::int from moderation_actions) as actions,
           (select count(*)::int from reviews where is_hidden) as hidden_reviews,
           (select string_agg(user_id || ':' || role, ',' order by user_id) from user_roles)
             as roles`);
  return result.rows[0];
}

describe("moderation route access", () => {
  it("lets each role call exactly its routes; the rest get 401 or 403 and change nothing", async () => {
    const { app } = await testApp.start();
    const staff: Staff = await signUpStaff(app);
    const author = await createUser(testApp.db);
    const reporter = await createUser(testApp.db);
    const cookies: Record<Persona, string | undefined> = {
      visitor: undefined,
      user: staff.user.cookie,
      moderator: staff.moderator.cookie,
      admin: staff.admin.cookie,
    };

    for (const route of routes) {
      for (const persona of personas) {
        const review = await createReview(testApp.db, { userId: author.id });
        const report = await createReportRow(testApp.db, {
          reporterId: reporter.id,
          reportedType: "review",
          reportedId: review.id,
        });
        const person = await createUser(testApp.db);
        const call = route.call({ reviewId: review.id, reportId: report.id, personId: person.id });
        const before = await moderationState();
        const response = await request(app, call.method, call.url, {
          cookie: cookies[persona],
          body: call.body,
        });
        const label = `${route.name} as ${persona}`;
        if (rank[persona] >= rank[route.least]) {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(route.status);
          continue;
        }
        if (persona === "visitor") {
          expect(response.statusCode, label).toBe(401);
          expect(response.json().error.code, label).toBe("UNAUTHORIZED");
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().error, label).toEqual({
            code: "FORBIDDEN",
            message: adminMessages.forbidden,
          });
        }
        expect(await moderationState(), label).toEqual(before);
      }
    }
  });

  it("checks the role before the request's shape, so nobody without it learns about it", async () => {
    const { app } = await testApp.start();
    const { user } = await signUpStaff(app);
    const invalid = await request(app, "PATCH", "/api/admin/reports/not-a-report", {
      cookie: user.cookie,
      body: { status: "nonsense" },
    });
    expect(invalid.statusCode).toBe(403);
    const visitor = await request(app, "POST", "/api/reports", { body: { targetType: "x" } });
    expect(visitor.statusCode).toBe(401);
  });

  it("follows role changes at once: a revoked moderator is refused on the next request", async () => {
    const { app } = await testApp.start();
    const { moderator, admin } = await signUpStaff(app);
    const queue = () => request(app, "GET", "/api/admin/reports", { cookie: moderator.cookie });
    expect((await queue()).statusCode).toBe(200);
    const revoked = await request(app, "PUT", `/api/admin/users/${moderator.userId}/role`, {
      cookie: admin.cookie,
      body: { role: "user" },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await queue()).statusCode).toBe(403);
    const me = await request(app, "GET", "/api/me", { cookie: moderator.cookie });
    expect(me.json()).toMatchObject({ role: "user", isModerator: false, isAdmin: false });
  });

  it("documents every moderation route in the OpenAPI document", async () => {
    const { app } = await testApp.start();
    const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    for (const route of routes) {
      const [method = "", path = ""] = route.name.split(" ");
      const documented = path.replace(/:(\w+)/g, "{$1}");
      expect(paths[documented]?.[method.toLowerCase()], route.name).toBeDefined();
    }
  });
});
