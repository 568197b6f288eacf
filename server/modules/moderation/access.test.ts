import { describe, expect, it } from "vitest";
import { adminMessages } from "#domain/moderation-rules.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpStaff } from "#server/test/moderation.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

// Who may call each moderation route, and that a refusal changes nothing, is the authorization
// matrix's (server/http/authorization.test.ts); these are what only roles have.

describe("moderation route access", () => {
  it("checks the role before the request's shape, so nobody without it learns about it", async () => {
    const { app } = await testApp.start();
    const { user } = await signUpStaff(app);
    const invalid = await request(app, "PATCH", "/api/admin/reports/not-a-report", {
      cookie: user.cookie,
      body: { status: "nonsense" },
    });
    expect(invalid.statusCode).toBe(403);
    expect(invalid.json().error).toEqual({ code: "FORBIDDEN", message: adminMessages.forbidden });
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
});
