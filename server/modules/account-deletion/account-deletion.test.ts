import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  accountDeletionMessages,
  isErasedSubjectLabel,
} from "#domain/account-deletion.ts";
import type { Database } from "#server/db/client.ts";
import { useTestApp } from "#server/test/app.ts";
import {
  CookieJar,
  cookieFrom,
  sessionCookieFor,
  setCookies,
  signInByEmail,
  signInByPhone,
  signUpByEmail,
  signUpWithProfile,
} from "#server/test/auth-helpers.ts";
import { postDishReview, uploadId } from "#server/test/content-helpers.ts";
import { createUser } from "#server/test/factories.ts";
import { signUpStaff } from "#server/test/moderation.ts";
import { multipart } from "#server/test/multipart.ts";
import { request } from "#server/test/request.ts";
import { eraseDueAccounts, RESTORED_COOKIE } from "./account-deletion.service.ts";

const testApp = useTestApp();

/**
 * An app whose files (public uploads and the private area) live in a directory of this test
 * alone, so a scan sees only its files.
 */
async function start() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "tasted-deletion-"));
  const started = await testApp.start({ dataDir });
  return { ...started, dataDir };
}

function requestDeletion(app: FastifyInstance, cookie: string, body: unknown = {}) {
  return request(app, "POST", "/api/account/deletion", { cookie, body });
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

async function count(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, query);
  return Number(row?.n ?? 0);
}

const pendingDeletions = (db: Database, userId: string) =>
  count(db, sql`select count(*) as n from account_deletions where user_id = ${userId}`);
const sessionsOf = (db: Database, userId: string) =>
  count(db, sql`select count(*) as n from session where user_id = ${userId}`);

describe("POST /api/account/deletion: re-authentication", () => {
  it("an account with a password must send the right one; refusals change nothing", async () => {
    const { app } = await start();
    const { db } = app.database;
    const owner = await signUpByEmail(app);
    const second = cookieFrom(await signInByEmail(app, owner.email, owner.password));

    for (const [body, code, message] of [
      [{}, "PASSWORD_REQUIRED", accountDeletionMessages.passwordRequired],
      [{ password: "not my password" }, "WRONG_PASSWORD", accountDeletionMessages.wrongPassword],
    ] as const) {
      const refused = await requestDeletion(app, owner.cookie, body);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error).toEqual({ code, message });
      expect(await pendingDeletions(db, owner.userId)).toBe(0);
      expect(await sessionsOf(db, owner.userId)).toBe(2);
    }
    const malformed = await requestDeletion(app, owner.cookie, { password: "a\u0000b" });
    expect(malformed.statusCode).toBe(400);
    expect(await pendingDeletions(db, owner.userId)).toBe(0);

    const before = Date.now();
    const accepted = await requestDeletion(app, owner.cookie, { password: owner.password });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const eraseAfter = new Date(accepted.json().eraseAfter).getTime();
    const grace = ACCOUNT_DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000;
    expect(eraseAfter).toBeGreaterThanOrEqual(before + grace - 5_000);
    expect(eraseAfter).toBeLessThanOrEqual(Date.now() + grace + 5_000);
    expect(await pendingDeletions(db, owner.userId)).toBe(1);
    // Signed out everywhere: both sessions are gone and neither cookie works any more.
    expect(await sessionsOf(db, owner.userId)).toBe(0);
    for (const cookie of [owner.cookie, second]) {
      expect((await request(app, "GET", "/api/me", { cookie })).statusCode).toBe(401);
    }
  });

  it("an account without a password must have signed in within the last 10 minutes, or send a code", async () => {
    const { app, sms } = await start();
    const { db } = app.database;
    const person = await createUser(db);
    const stale = await sessionCookieFor(app, person.id);
    await db.execute(sql`
      update session set created_at = now() - interval '11 minutes' where user_id = ${person.id}`);
    const refused = await requestDeletion(app, stale);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "REAUTHENTICATION_REQUIRED",
      message: accountDeletionMessages.codeRequired,
    });
    expect(await pendingDeletions(db, person.id)).toBe(0);
    expect(await sessionsOf(db, person.id)).toBe(1);

    const phone = await signInByPhone(app, sms);
    const accepted = await requestDeletion(app, phone.cookie);
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(await pendingDeletions(db, phone.userId)).toBe(1);
    expect(await sessionsOf(db, phone.userId)).toBe(0);
  });

  it("an older session confirms with a code sent to the confirmed phone, right the first time only", async () => {
    const { app, sms } = await start();
    const { db } = app.database;
    const phone = await signInByPhone(app, sms);
    await db.execute(sql`
      update session set created_at = now() - interval '11 minutes' where user_id = ${phone.userId}`);
    expect((await requestDeletion(app, phone.cookie)).statusCode).toBe(403);

    const sent = await request(app, "POST", "/api/account/deletion/code", { cookie: phone.cookie });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ sentTo: `•••${phone.phoneNumber.slice(-4)}` });
    const code = sms.lastCodeFor(phone.phoneNumber) ?? "";
    expect(sms.messagesTo(phone.phoneNumber).at(-1)?.body).toBe(
      accountDeletionMessages.codeText(code),
    );

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await requestDeletion(app, phone.cookie, { code: wrongCode });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toEqual({
      code: "WRONG_CODE",
      message: accountDeletionMessages.wrongCode,
    });
    expect(await pendingDeletions(db, phone.userId)).toBe(0);

    const accepted = await requestDeletion(app, phone.cookie, { code });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(await pendingDeletions(db, phone.userId)).toBe(1);
    expect(await sessionsOf(db, phone.userId)).toBe(0);
  });

  it("sends the code to a confirmed email; three wrong tries end it; others cannot ask", async () => {
    const { app, email } = await start();
    const { db } = app.database;
    const person = await createUser(db);
    const cookie = await sessionCookieFor(app, person.id);
    await db.execute(sql`
      update session set created_at = now() - interval '11 minutes' where user_id = ${person.id}`);
    const askCode = (as: string) =>
      request(app, "POST", "/api/account/deletion/code", { cookie: as });

    // Nowhere confirmed to send it.
    const nowhere = await askCode(cookie);
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().error.message).toBe(accountDeletionMessages.noCodeDestination);

    await db.execute(sql`update "user" set email_verified = true where id = ${person.id}`);
    const address = `${person.id}@example.com`;
    const sent = await askCode(cookie);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ sentTo: `${address.slice(0, 1)}•••@example.com` });
    const message = email.lastTo(address);
    expect(message?.subject).toBe(accountDeletionMessages.codeEmailSubject);
    const code = /\b(\d{6})\b/.exec(message?.text ?? "")?.[1] ?? "";
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 3; attempt++) {
      const tried = await requestDeletion(app, cookie, { code: wrongCode });
      expect(tried.statusCode, tried.body).toBe(403);
    }
    // The right code no longer works once three wrong ones were tried.
    const late = await requestDeletion(app, cookie, { code });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe("WRONG_CODE");
    expect(await pendingDeletions(db, person.id)).toBe(0);

    // An account with a password confirms with it.
    const owner = await signUpByEmail(app);
    const withPassword = await askCode(owner.cookie);
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().error.message).toBe(accountDeletionMessages.codeHasPassword);
  });

  it("deletes the caller's account only, whatever the body names", async () => {
    const { app } = await start();
    const { db } = app.database;
    const owner = await signUpByEmail(app);
    const other = await signUpByEmail(app);
    const accepted = await requestDeletion(app, owner.cookie, {
      password: owner.password,
      userId: other.userId,
      user_id: other.userId,
      eraseAfter: "2001-02-03T04:05:06.000Z",
    });
    expect(accepted.statusCode).toBe(202);
    expect(new Date(accepted.json().eraseAfter).getTime()).toBeGreaterThan(Date.now());
    expect(await pendingDeletions(db, owner.userId)).toBe(1);
    expect(await pendingDeletions(db, other.userId)).toBe(0);
    expect(await sessionsOf(db, other.userId)).toBe(1);
  });

  it("visitors get 401", async () => {
    const { app } = await start();
    const response = await request(app, "POST", "/api/account/deletion", { body: {} });
    expect(response.statusCode).toBe(401);
  });

  it("a second request at the same time is harmless: one row, one date", async () => {
    const { app } = await start();
    const { db } = app.database;
    const owner = await signUpByEmail(app);
    const answers = await Promise.all(
      [1, 2].map(() => requestDeletion(app, owner.cookie, { password: owner.password })),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 202);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([202, 401]).toContain(answer.statusCode);
    expect(new Set(accepted.map((answer) => answer.json().eraseAfter)).size).toBe(1);
    expect(await pendingDeletions(db, owner.userId)).toBe(1);
    expect(await sessionsOf(db, owner.userId)).toBe(0);
  });
});

describe("restoring by signing in during the grace", () => {
  it("a password sign-in cancels the deletion and /api/me says so once", async () => {
    const { app } = await start();
    const { db } = app.database;
    const owner = await signUpWithProfile(app, { username: "coming_back" });
    const review = await postDishReview(app, owner.cookie);
    await requestDeletion(app, owner.cookie, { password: owner.password });
    expect(await pendingDeletions(db, owner.userId)).toBe(1);

    const signedIn = await signInByEmail(app, owner.email, owner.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await pendingDeletions(db, owner.userId)).toBe(0);
    const restoredCookie = setCookies(signedIn).find((cookie) =>
      cookie.startsWith(`${RESTORED_COOKIE}=1`),
    );
    expect(restoredCookie).toContain("HttpOnly");
    const browser = new CookieJar().update(signedIn);

    const first = await request(app, "GET", "/api/me", { cookie: browser.header() });
    expect(first.json()).toMatchObject({ accountRestored: true });
    // The answer clears the cookie, so the browser asks without it next time.
    browser.update(first);
    expect(browser.get(RESTORED_COOKIE)).toBeUndefined();
    const next = await request(app, "GET", "/api/me", { cookie: browser.header() });
    expect(next.json()).toMatchObject({ accountRestored: false });

    const own = await request(app, "GET", `/api/reviews/${review.id}`, {
      cookie: browser.header(),
    });
    expect(own.statusCode).toBe(200);
  });

  it("a phone sign-in restores too; a sign-in of an account not pending sets nothing", async () => {
    const { app, sms } = await start();
    const { db } = app.database;
    const first = await signInByPhone(app, sms);
    const me = await request(app, "GET", "/api/me", { cookie: first.cookie });
    expect(me.json()).toMatchObject({ accountRestored: false });
    await requestDeletion(app, first.cookie);
    expect(await pendingDeletions(db, first.userId)).toBe(1);
    const again = await signInByPhone(app, sms, first.phoneNumber);
    expect(again.userId).toBe(first.userId);
    expect(await pendingDeletions(db, first.userId)).toBe(0);

    expect(again.cookie).toContain(RESTORED_COOKIE);
    const fresh = await signInByPhone(app, sms, first.phoneNumber);
    expect(fresh.userId).toBe(first.userId);
    expect(fresh.cookie).not.toContain(RESTORED_COOKIE);
  });
});

/** Every text-like column of every table in the public schema. */
async function textColumns(db: Database) {
  return rows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
         where table_schema = 'public'
           and data_type in ('text', 'uuid', 'character varying')
         order by table_name, column_name`,
  );
}

/** Counters that disagree with a recount of the rows they count. */
async function counterMismatches(db: Database): Promise<number> {
  const checks = [
    sql`select count(*) as n from reviews r
         where r.like_count <> (select count(*) from likes l where l.review_id = r.id)
            or r.comment_count <> (select count(*) from comments c
                                    where c.review_id = r.id and not c.is_hidden)`,
    sql`select count(*) as n from posts p
         where p.like_count <> (select count(*) from post_likes l where l.post_id = p.id)
            or p.comment_count <> (select count(*) from post_comments c
                                    where c.post_id = p.id and not c.is_hidden)`,
    sql`select count(*) as n from profiles p
         where p.follower_count <> (select count(*) from follows f where f.following_id = p.id)
            or p.following_count <> (select count(*) from follows f where f.follower_id = p.id)`,
    sql`select count(*) as n from lists l
         where l.follower_count <> (select count(*) from list_follows f where f.list_id = l.id)`,
    sql`select count(*) as n from restaurants r
         where r.follower_count <> (select count(*) from restaurant_follows f
                                     where f.restaurant_id = r.id)`,
  ];
  let total = 0;
  for (const check of checks) total += await count(db, check);
  return total;
}

/** Every file and folder under `directory`, as paths relative to it. */
async function pathsUnder(
  directory: string,
  kind: "files" | "files and folders",
): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() || (kind === "files and folders" && entry.isDirectory()))
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

describe("eraseDueAccounts", () => {
  it("erases a due account whole, keeps every counter exact and everyone else's data", async () => {
    const { app, dataDir } = await start();
    const { db } = app.database;
    const { user: friend, moderator, admin } = await signUpStaff(app);
    const victim = await signUpWithProfile(app, {
      username: "vanishing",
      firstName: "Vera",
      lastName: "Gone",
    });
    const as = (cookie: string) => ({
      send: async (method: "POST" | "PUT", url: string, body: unknown = {}) => {
        const response = await request(app, method, url, { cookie, body });
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
        return response.json();
      },
    });
    const v = as(victim.cookie);
    const f = as(friend.cookie);

    // Avatar, photos in a review, a post and a deal, an upload not used yet.
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#2a9d8f" },
    })
      .png()
      .toBuffer();
    const avatarBody = multipart([
      { field: "file", filename: "me.png", contentType: "image/png", data: png },
    ]);
    const avatar = await request(app, "POST", "/api/profile/avatar", {
      cookie: victim.cookie,
      body: avatarBody.payload,
      headers: avatarBody.headers,
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    await v.send("PUT", "/api/profile", {
      username: "vanishing",
      firstName: "Vera",
      lastName: "Gone",
      avatarUrl: avatar.json().avatarUrl,
    });
    // Another picture uploaded and never saved: only its pending row names it.
    const unsaved = await request(app, "POST", "/api/profile/avatar", {
      cookie: victim.cookie,
      body: avatarBody.payload,
      headers: avatarBody.headers,
    });
    expect(unsaved.statusCode, unsaved.body).toBe(200);
    const victimReview = await postDishReview(app, victim.cookie, { title: "Secret Ramen" });
    const victimPost = await v.send("POST", "/api/posts", {
      title: "Vera's night out",
      content: "Private thoughts",
      restaurant: { name: "Stall 9" },
      images: [{ uploadId: await uploadId(app, victim.cookie) }],
    });
    await v.send("POST", "/api/deals", {
      restaurant: { name: "Stall 9" },
      title: "Vera's secret happy hour",
      schedule: { kind: "weekly", days: [5], from: "17:00", to: "19:00" },
      images: [{ uploadId: await uploadId(app, victim.cookie) }],
    });
    await uploadId(app, victim.cookie);

    // The friend's items, which the victim likes and comments on; and the other way round.
    const friendReview = await postDishReview(app, friend.cookie, { title: "Friend's Pho" });
    const friendPost = await f.send("POST", "/api/posts", { title: "Friend's post" });
    await v.send("PUT", `/api/reviews/${friendReview.id}/like`);
    await v.send("PUT", `/api/posts/${friendPost.id}/like`);
    await f.send("PUT", `/api/reviews/${victimReview.id}/like`);
    const victimComment = await v.send("POST", `/api/reviews/${friendReview.id}/comments`, {
      content: "Vera was here",
    });
    const again = await v.send("POST", `/api/reviews/${friendReview.id}/comments`, {
      content: "Again, Vera",
    });
    const onPost = await v.send("POST", `/api/posts/${friendPost.id}/comments`, {
      content: "Vera on a post",
    });
    const friendsOwn = await f.send("POST", `/api/reviews/${friendReview.id}/comments`, {
      content: "Friend's own",
    });
    // Replies both ways: the friend's under the victim's comments go with them.
    await f.send("POST", `/api/reviews/${friendReview.id}/comments`, {
      content: "Hi Vera",
      parentId: again.id,
    });
    await f.send("POST", `/api/posts/${friendPost.id}/comments`, {
      content: "Hi again",
      parentId: onPost.id,
    });
    await v.send("POST", `/api/reviews/${friendReview.id}/comments`, {
      content: "Vera answers",
      parentId: friendsOwn.id,
    });
    await f.send("POST", `/api/reviews/${victimReview.id}/comments`, { content: "Nice, Vera" });

    // Follows both ways, lists both ways, Want to try.
    await v.send("PUT", `/api/profiles/${friend.userId}/follow`);
    await v.send("PUT", `/api/profiles/${moderator.userId}/follow`);
    await f.send("PUT", `/api/profiles/${victim.userId}/follow`);
    const { list: victimList } = await v.send("POST", "/api/lists", {
      name: "Vera's picks",
      visibility: "followers",
    });
    await v.send("POST", `/api/lists/${victimList.id}/entries`, { reviewId: friendReview.id });
    const { list: friendList } = await f.send("POST", "/api/lists", {
      name: "Friend's picks",
      visibility: "followers",
    });
    await f.send("POST", `/api/lists/${friendList.id}/entries`, { reviewId: victimReview.id });
    await f.send("POST", `/api/lists/${friendList.id}/entries`, { reviewId: friendReview.id });
    await v.send("PUT", `/api/lists/${friendList.id}/follow`);
    await f.send("PUT", `/api/lists/${victimList.id}/follow`);
    await v.send("PUT", `/api/restaurants/${friendReview.restaurant.id}/want-to-try`);
    // Both follow the friend's restaurant: the victim's follow leaves its count.
    await v.send("PUT", `/api/restaurants/${friendReview.restaurant.id}/follow`);
    await f.send("PUT", `/api/restaurants/${friendReview.restaurant.id}/follow`);
    await f.send("PUT", `/api/reviews/${victimReview.id}/want-to-try`);

    // Reports by and about the victim; a moderator hides one of the victim's comments.
    await v.send("POST", "/api/reports", {
      targetType: "post",
      targetId: friendPost.id,
      reason: "spam",
      details: "Reported by Vera",
    });
    for (const [targetType, targetId] of [
      ["review", victimReview.id],
      ["user", victim.userId],
      ["comment", victimComment.id],
    ]) {
      await f.send("POST", "/api/reports", { targetType, targetId, reason: "spam" });
    }
    await as(moderator.cookie).send(
      "PUT",
      `/api/admin/content/comment/${victimComment.id}/hidden`,
      { hidden: true },
    );
    await as(moderator.cookie).send("PUT", `/api/admin/content/post/${victimPost.id}/hidden`, {
      hidden: true,
    });

    // A finished data export and a password mistyped once (a sign-in failure row).
    const exportKey = `exports/${victim.userId}/data.zip`;
    const zipFile = path.join(dataDir, "data.zip");
    await writeFile(zipFile, "zip");
    await app.storage.putPrivateFile(exportKey, zipFile, "application/zip");
    await db.execute(sql`
      insert into data_exports (user_id, status, progress, file_key, size_bytes)
      values (${victim.userId}, 'ready', 100, ${exportKey}, 3)`);
    expect((await signInByEmail(app, victim.email, "wrong password")).statusCode).toBe(401);

    expect(await counterMismatches(db)).toBe(0);
    const victimFiles = (await pathsUnder(dataDir, "files")).filter((file) =>
      file.includes(victim.userId),
    );
    // 3 photos × 3 variants (480, 1280, original) + a pending upload's 3 + the avatar, an unsaved
    // one + the export.
    expect(victimFiles.length).toBe(15);

    // Everything that names the victim or their content, gathered while it exists.
    const ids = (
      await rows<{ id: string }>(
        db,
        sql`select id::text as id from reviews where user_id = ${victim.userId}
            union all select id::text from posts where user_id = ${victim.userId}
            union all select id::text from deals where user_id = ${victim.userId}
            union all select id::text from comments where user_id = ${victim.userId}
            union all select id::text from post_comments where user_id = ${victim.userId}
            union all select id::text from lists where owner_id = ${victim.userId}
            union all select id::text from image_uploads where user_id = ${victim.userId}
            union all select id::text from data_exports where user_id = ${victim.userId}
            union all select ri.id::text from review_images ri
              join reviews r on r.id = ri.review_id where r.user_id = ${victim.userId}
            union all select pi.id::text from post_images pi
              join posts p on p.id = pi.post_id where p.user_id = ${victim.userId}
            union all select di.id::text from deal_images di
              join deals d on d.id = di.deal_id where d.user_id = ${victim.userId}
            union all select e.id::text from list_entries e
              join lists l on l.id = e.list_id where l.owner_id = ${victim.userId}
            union all select id::text from want_to_try where user_id = ${victim.userId}`,
      )
    ).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(10);
    const secrets = [victim.userId, victim.email, "vanishing", ...ids];
    const friendsBefore = await rows<Record<string, unknown>>(
      db,
      sql`select id, like_count, comment_count from reviews where user_id = ${friend.userId}`,
    );

    const accepted = await requestDeletion(app, victim.cookie, { password: victim.password });
    expect(accepted.statusCode).toBe(202);
    const context = { db, storage: app.storage, log: app.log, ties: app.personTies };
    // Not due yet: nothing happens.
    expect(await eraseDueAccounts(context)).toBe(0);
    await db.execute(sql`
      update account_deletions set erase_after = now() - interval '1 minute'
       where user_id = ${victim.userId}`);
    // Two instances at once: the account is erased once.
    const runs = await Promise.all([eraseDueAccounts(context), eraseDueAccounts(context)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await eraseDueAccounts(context)).toBe(0);

    // (1) No column of any table holds their id, email, username or an id of their content.
    const found: string[] = [];
    for (const { table_name, column_name } of await textColumns(db)) {
      const hits = await count(
        db,
        sql`select count(*) as n from ${sql.identifier(table_name)}
             where ${sql.identifier(column_name)}::text in (${sql.join(
               secrets.map((secret) => sql`${secret}`),
               sql`, `,
             )})`,
      );
      if (hits > 0) found.push(`${table_name}.${column_name}`);
    }
    expect(found).toEqual([]);

    // (2) None of their files is left, nor a folder named by their id, public or private.
    const left = await pathsUnder(dataDir, "files and folders");
    expect(left.filter((file) => file.includes(victim.userId))).toEqual([]);
    for (const file of victimFiles) expect(left).not.toContain(file);

    // (3) Every counter equals a recount.
    expect(await counterMismatches(db)).toBe(0);

    // (4) The Activity Log has one erasure, with neither their name nor their content.
    const log = await request(app, "GET", "/api/admin/activity", { cookie: admin.cookie });
    expect(log.statusCode).toBe(200);
    const entries = log.json().items as { action: string; subjectLabel: string }[];
    const erasures = entries.filter((entry) => entry.action === "account_deleted");
    expect(erasures).toHaveLength(1);
    expect(erasures[0]).toMatchObject({ actor: null, subjectType: "user", subjectHref: null });
    expect(erasures[0]?.subjectLabel).toMatch(/^an account created in [A-Z][a-z]+ \d{4}$/);
    for (const entry of entries.filter((entry) => entry.action !== "account_deleted")) {
      expect(isErasedSubjectLabel(entry.subjectLabel), entry.subjectLabel).toBe(true);
    }
    for (const word of ["vanishing", "Vera", "Secret Ramen", victim.userId]) {
      expect(log.body).not.toContain(word);
    }

    // (5) Everyone else's data is intact: the friend's items (less the victim's like and
    // comments), list, Want to try, the report by the victim (now without reporter), the people.
    const friendsAfter = await rows<Record<string, unknown>>(
      db,
      sql`select id, like_count, comment_count from reviews where user_id = ${friend.userId}`,
    );
    expect(friendsAfter).toEqual(
      friendsBefore.map((row) =>
        row.id === friendReview.id ? { ...row, like_count: 0, comment_count: 1 } : row,
      ),
    );
    const friendPostRow = await request(app, "GET", `/api/posts/${friendPost.id}`, {
      cookie: friend.cookie,
    });
    expect(friendPostRow.json()).toMatchObject({ likeCount: 0, commentCount: 0 });
    const list = await request(app, "GET", `/api/lists/${friendList.id}`, {
      cookie: friend.cookie,
    });
    expect(list.statusCode).toBe(200);
    expect(
      await count(db, sql`select count(*) as n from list_entries where list_id = ${friendList.id}`),
    ).toBe(1);
    expect(
      await count(
        db,
        sql`select count(*) as n from want_to_try where user_id = ${friend.userId}
             and source_review_id is null`,
      ),
    ).toBe(1);
    const reports = await rows<{
      reporter_id: string | null;
      reported_id: string;
      details: string | null;
    }>(db, sql`select reporter_id, reported_id, details from user_reports`);
    expect(reports).toEqual([{ reporter_id: null, reported_id: friendPost.id, details: null }]);
    for (const person of [friend, moderator, admin]) {
      const me = await request(app, "GET", "/api/me", { cookie: person.cookie });
      expect(me.statusCode).toBe(200);
    }
    const friendProfile = await request(app, "GET", `/api/profiles/${friend.userId}`);
    expect(friendProfile.json().counts).toMatchObject({ followers: 0, following: 0 });
    const followedPlace = await request(
      app,
      "GET",
      `/api/restaurants/${friendReview.restaurant.id}`,
      { cookie: friend.cookie },
    );
    expect(followedPlace.json()).toMatchObject({ followerCount: 1, followedByMe: true });
    expect(await count(db, sql`select count(*) as n from restaurants where name = 'Stall 9'`)).toBe(
      1,
    );
  });
});
