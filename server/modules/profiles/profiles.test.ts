import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { profileMessages } from "#domain/profile-rules.ts";
import { profiles, userRoles } from "#server/db/schema/profiles.ts";
import { cleanupStaleUploads } from "#server/modules/uploads/uploads.service.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail, signUpWithProfile } from "#server/test/auth-helpers.ts";
import { multipart } from "#server/test/multipart.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

function putProfile(cookie: string, body: Record<string, unknown>) {
  return request(testApp.app, "PUT", "/api/profile", { cookie, body });
}

function uploadAvatar(cookie: string, data: Buffer, filename = "me.png", type = "image/png") {
  const body = multipart([{ field: "file", filename, contentType: type, data }]);
  return request(testApp.app, "POST", "/api/profile/avatar", {
    cookie,
    body: body.payload,
    headers: body.headers,
  });
}

function availability(username: string, cookie?: string) {
  return request(
    testApp.app,
    "GET",
    `/api/profiles/username-availability?username=${encodeURIComponent(username)}`,
    { cookie },
  );
}

const validProfile = { firstName: "Ann", lastName: "Lee", username: "ann_lee" };

describe("GET /api/me", () => {
  it("returns the user, profile and role", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const response = await request(app, "GET", "/api/me", { cookie: signedUp.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual([
      "accountRestored",
      "isAdmin",
      "isModerator",
      "profile",
      "role",
      "user",
    ]);
    // Only a sign-in that cancelled a pending deletion makes it true (account-deletion.test.ts).
    expect(body.accountRestored).toBe(false);
    expect(Object.keys(body.profile).sort()).toEqual(
      [
        "avatarUrl",
        "bio",
        "firstName",
        "fullName",
        "id",
        "isPrivate",
        "lastName",
        "location",
        "slug",
        "username",
      ].sort(),
    );
    expect(body.profile.id).toBe(signedUp.userId);
    expect(body).toMatchObject({ role: "user", isAdmin: false, isModerator: false });
  });

  it("recreates a missing profile and role (self-healing after a failed sign-up hook)", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    await app.database.db.delete(profiles).where(eq(profiles.id, signedUp.userId));
    const response = await request(app, "GET", "/api/me", { cookie: signedUp.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.username).toMatch(/^user_/);
    const roles = await app.database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, signedUp.userId));
    expect(roles.map((row) => row.role)).toEqual(["user"]);
  });
});

describe("GET /api/profiles/username-availability", () => {
  it("reports taken, free and your own name, case-insensitively", async () => {
    const { app } = await testApp.start();
    const ann = await signUpWithProfile(app, { username: "ann_lee" });
    const bob = await signUpByEmail(app);
    expect((await availability("ann_lee")).json()).toEqual({ available: false });
    expect((await availability("ANN_Lee", bob.cookie)).json()).toEqual({ available: false });
    expect((await availability("  ann_lee ")).json()).toEqual({ available: false });
    expect((await availability("bob_smith", bob.cookie)).json()).toEqual({ available: true });
    expect((await availability("Ann_Lee", ann.cookie)).json()).toEqual({ available: true });
  });

  it("reports a reserved name as taken, so nobody can pass for the service or its staff", async () => {
    const { app } = await testApp.start();
    const bob = await signUpByEmail(app);
    for (const username of ["admin", "support", "tasted_team"]) {
      expect((await availability(username, bob.cookie)).json(), username).toEqual({
        available: false,
      });
      const saved = await putProfile(bob.cookie, { ...validProfile, username });
      expect(saved.statusCode, username).toBe(409);
      expect(saved.json()).toEqual({
        error: { code: "USERNAME_TAKEN", message: profileMessages.usernameTaken },
      });
    }
    const [row] = await testApp.db.select().from(profiles).where(eq(profiles.id, bob.userId));
    expect(row?.username.startsWith("user_")).toBe(true);
  });

  it("answers invalid names with the messages users see", async () => {
    const { app } = await testApp.start();
    const cases: Array<[string, string]> = [
      ["ab", profileMessages.usernameTooShort],
      ["a".repeat(31), profileMessages.usernameTooLong],
      ["ann-lee", profileMessages.usernameFormat],
      ["ann lee", profileMessages.usernameFormat],
    ];
    for (const [username, message] of cases) {
      const response = await availability(username);
      expect(response.statusCode, username).toBe(400);
      expect(response.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
    }
    const missing = await request(app, "GET", "/api/profiles/username-availability");
    expect(missing.statusCode).toBe(400);
  });
});

describe("PUT /api/profile", () => {
  it("saves the profile: full name, lower-cased trimmed username, slug", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const response = await putProfile(signedUp.cookie, {
      firstName: " Ann ",
      lastName: "Lee",
      username: "  Ann_Lee ",
      bio: "Ramen hunter",
      location: "New York",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: signedUp.userId,
      username: "ann_lee",
      slug: "ann_lee",
      fullName: "Ann Lee",
      firstName: "Ann",
      lastName: "Lee",
      bio: "Ramen hunter",
      avatarUrl: null,
      location: "New York",
      isPrivate: false,
    });
    expect(
      (await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).json().profile.fullName,
    ).toBe("Ann Lee");
  });

  it("answers each invalid field with its message", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: "" }, profileMessages.firstNameRequired],
      [{ firstName: "   " }, profileMessages.firstNameRequired],
      [{ firstName: "a".repeat(51) }, profileMessages.firstNameTooLong],
      [{ lastName: "" }, profileMessages.lastNameRequired],
      [{ lastName: "a".repeat(51) }, profileMessages.lastNameTooLong],
      [{ username: "ab" }, profileMessages.usernameTooShort],
      [{ username: "a".repeat(31) }, profileMessages.usernameTooLong],
      [{ username: "ann.lee" }, profileMessages.usernameFormat],
      [{ bio: "a".repeat(501) }, profileMessages.bioTooLong],
    ];
    for (const [change, message] of cases) {
      const response = await putProfile(signedUp.cookie, { ...validProfile, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json()).toEqual({ error: { code: "VALIDATION_ERROR", message } });
    }
    const limits = await putProfile(signedUp.cookie, {
      firstName: "a".repeat(50),
      lastName: "b".repeat(50),
      username: "c".repeat(30),
      bio: "d".repeat(500),
    });
    expect(limits.statusCode).toBe(200);
  });

  it("answers a taken username with 409 'Username is already taken', whatever its case", async () => {
    const { app } = await testApp.start();
    await signUpWithProfile(app, { username: "ann_lee" });
    const other = await signUpByEmail(app);
    const response = await putProfile(other.cookie, { ...validProfile, username: "ANN_LEE" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: "USERNAME_TAKEN", message: "Username is already taken" },
    });
  });

  it("keeps the slug on other edits and regenerates it (unique) when the username changes", async () => {
    const { app } = await testApp.start();
    const ann = await signUpWithProfile(app, { username: "ann_lee" });
    const edited = await putProfile(ann.cookie, { ...validProfile, bio: "new bio" });
    expect(edited.json().slug).toBe("ann_lee");
    const renamed = await putProfile(ann.cookie, { ...validProfile, username: "ann_eats" });
    expect(renamed.json()).toMatchObject({ username: "ann_eats", slug: "ann_eats" });
    // The old name is free again.
    expect((await availability("ann_lee")).json()).toEqual({ available: true });

    // A slug can be held by a profile whose username differs (e.g. imported data): suffix.
    const bob = await signUpWithProfile(app, { username: "bob_b" });
    await app.database.db
      .update(profiles)
      .set({ slug: "carol" })
      .where(eq(profiles.id, bob.userId));
    const carol = await signUpByEmail(app);
    const saved = await putProfile(carol.cookie, { ...validProfile, username: "carol" });
    expect(saved.json()).toMatchObject({ username: "carol", slug: "carol-2" });
  });

  it("requires a session", async () => {
    const { app } = await testApp.start();
    const response = await request(app, "PUT", "/api/profile", { body: validProfile });
    expect(response.statusCode).toBe(401);
  });

  it("only accepts an avatar address the user uploaded", async () => {
    const { app } = await testApp.start();
    const ann = await signUpByEmail(app);
    const bob = await signUpByEmail(app);
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#c33" },
    })
      .png()
      .toBuffer();
    const bobsAvatar = (await uploadAvatar(bob.cookie, png)).json().avatarUrl as string;
    for (const avatarUrl of [bobsAvatar, "https://evil.example/pixel.png", "/uploads/../x"]) {
      const response = await putProfile(ann.cookie, { ...validProfile, avatarUrl });
      expect(response.statusCode, avatarUrl).toBe(400);
    }
  });
});

describe("POST /api/profile/avatar", () => {
  it("re-encodes a PNG to a 512×512 WebP that anyone may fetch and caches may keep a few minutes", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const png = await sharp({
      create: { width: 800, height: 600, channels: 4, background: "#2a9d8f" },
    })
      .png()
      .toBuffer();
    const response = await uploadAvatar(signedUp.cookie, png);
    expect(response.statusCode, response.body).toBe(200);
    const { avatarUrl } = response.json() as { avatarUrl: string };
    expect(avatarUrl).toMatch(new RegExp(`^/uploads/avatars/${signedUp.userId}/[a-z0-9]+\\.webp$`));

    const served = await app.inject({ method: "GET", url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    // Anyone may see a person's photo, and a cache may keep it a few minutes.
    expect(served.headers["cache-control"]).toBe("public, max-age=300");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 512, height: 512 });

    // Not applied until the profile is saved.
    expect(
      (await request(app, "GET", "/api/me", { cookie: signedUp.cookie })).json().profile.avatarUrl,
    ).toBeNull();
    const saved = await putProfile(signedUp.cookie, { ...validProfile, avatarUrl });
    expect(saved.json().avatarUrl).toBe(avatarUrl);
  });

  it("strips EXIF (GPS included) from photos", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const jpeg = await sharp({
      create: { width: 300, height: 200, channels: 3, background: "#e9c46a" },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: "TastedCam", Copyright: "Ann" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 44/1 54/1" },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await uploadAvatar(signedUp.cookie, jpeg, "photo.jpg", "image/jpeg");
    expect(response.statusCode, response.body).toBe(200);
    const served = await app.inject({ method: "GET", url: response.json().avatarUrl });
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from("TastedCam"))).toBe(false);
  });

  it("rejects a file that is not an image, whatever its name and type say", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const response = await uploadAvatar(
      signedUp.cookie,
      Buffer.from("just some text, honestly\n".repeat(20)),
      "holiday.png",
      "image/png",
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Please upload an image file" },
    });
    const svg = await uploadAvatar(
      signedUp.cookie,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'),
      "logo.png",
      "image/png",
    );
    expect(svg.statusCode).toBe(415);
  });

  it("requires a multipart body with a file, and a session", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const json = await request(app, "POST", "/api/profile/avatar", {
      cookie: signedUp.cookie,
      body: { file: "x" },
    });
    expect(json.statusCode).toBe(415);
    const anonymous = await request(app, "POST", "/api/profile/avatar", { body: { file: "x" } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("deletes the previous avatar file when a new one is saved", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: "#264653" },
    })
      .png()
      .toBuffer();
    const first = (await uploadAvatar(signedUp.cookie, png)).json().avatarUrl as string;
    await putProfile(signedUp.cookie, { ...validProfile, avatarUrl: first });
    const second = (await uploadAvatar(signedUp.cookie, png)).json().avatarUrl as string;
    expect(second).not.toBe(first);
    await putProfile(signedUp.cookie, { ...validProfile, avatarUrl: second });
    expect((await app.inject({ method: "GET", url: first })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: second })).statusCode).toBe(200);
  });

  it("sweeps avatars uploaded and never saved after a day, never the saved one", async () => {
    const { app } = await testApp.start();
    const signedUp = await signUpByEmail(app);
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: "#264653" },
    })
      .png()
      .toBuffer();
    const saved = (await uploadAvatar(signedUp.cookie, png)).json().avatarUrl as string;
    const unsaved = (await uploadAvatar(signedUp.cookie, png)).json().avatarUrl as string;
    expect(
      (await putProfile(signedUp.cookie, { ...validProfile, avatarUrl: saved })).statusCode,
    ).toBe(200);
    // Within the day nothing goes; a day later the unsaved one does, file and all.
    expect(await cleanupStaleUploads(app.database.db, app.storage, app.log)).toBe(0);
    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const removed = await cleanupStaleUploads(
      app.database.db,
      app.storage,
      app.log,
      undefined,
      dayLater,
    );
    expect(removed).toBe(1);
    expect((await app.inject({ method: "GET", url: unsaved })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: saved })).statusCode).toBe(200);
    // A swept picture can no longer be saved: its file is gone.
    const late = await putProfile(signedUp.cookie, { ...validProfile, avatarUrl: unsaved });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe("INVALID_AVATAR");
  });
});
