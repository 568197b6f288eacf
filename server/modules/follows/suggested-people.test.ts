import { describe, expect, it } from "vitest";
import { accountDeletions } from "#server/db/schema/account-data.ts";
import { userBlocks } from "#server/db/schema/safety.ts";
import { followRequests } from "#server/db/schema/social.ts";
import { useTestApp } from "#server/test/app.ts";
import { signedInPerson } from "#server/test/conversation.ts";
import { createFollow, createReview, createUser } from "#server/test/factories.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

const person = (overrides: Parameters<typeof signedInPerson>[2] = {}) =>
  signedInPerson(testApp.app, testApp.db, overrides);

async function suggested(cookie?: string) {
  const response = await request(testApp.app, "GET", "/api/people/suggested", { cookie });
  return {
    status: response.statusCode,
    usernames: () => response.json().items.map((p: { username: string }) => p.username),
  };
}

describe("GET /api/people/suggested", () => {
  it("offers the people followed by those you follow, the most such follows first", async () => {
    await testApp.start();
    const me = await person();
    const ana = await createUser(testApp.db, { username: "ana_f" });
    const ben = await createUser(testApp.db, { username: "ben_f" });
    const cy = await createUser(testApp.db, { username: "cy_f" });
    const dee = await createUser(testApp.db, { username: "dee_f" });
    const blocker = await createUser(testApp.db, { username: "blocker_f" });
    const leaving = await person({ username: "leaving_f" });
    const asked = await createUser(testApp.db, { username: "asked_f", isPrivate: true });
    const privy = await createUser(testApp.db, { username: "privy_f", isPrivate: true });
    await createFollow(testApp.db, me.id, ana.id);
    await createFollow(testApp.db, me.id, ben.id);
    for (const target of [cy, dee, blocker, leaving, asked, privy, me, ben]) {
      await createFollow(testApp.db, ana.id, target.id);
    }
    await createFollow(testApp.db, ben.id, dee.id);
    await testApp.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: me.id });
    await testApp.db
      .insert(accountDeletions)
      .values({ userId: leaving.id, eraseAfter: new Date(Date.now() + 86_400_000) });
    await testApp.db.insert(followRequests).values({ requesterId: me.id, targetId: asked.id });

    const result = await suggested(me.cookie);
    expect(result.status).toBe(200);
    // Dee is followed by both; a private account's name and photo are public, as profiles show.
    expect(result.usernames()).toEqual(["dee_f", "cy_f", "privy_f"]);
  });

  it("gives a brand-new account active reviewers of its city, then the most liked", async () => {
    await testApp.start();
    const me = await person({ location: "Lisbon " });
    const local = await createUser(testApp.db, { username: "local_r", location: "lisbon" });
    const star = await createUser(testApp.db, { username: "star_r", location: "Porto" });
    const quiet = await createUser(testApp.db, { username: "quiet_r" });
    const hidden = await createUser(testApp.db, { username: "hidden_r", isPrivate: true });
    await createReview(testApp.db, { userId: local.id, likeCount: 0 });
    await createReview(testApp.db, { userId: star.id, likeCount: 40 });
    await createReview(testApp.db, { userId: quiet.id, likeCount: 2 });
    await createReview(testApp.db, { userId: hidden.id, likeCount: 90 });
    await createReview(testApp.db, { userId: me.id, likeCount: 99 });

    expect((await suggested(me.cookie)).usernames()).toEqual(["local_r", "star_r", "quiet_r"]);
    // A visitor has nobody to follow with.
    expect((await suggested()).status).toBe(401);
  });
});
