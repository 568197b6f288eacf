import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { FIRST_READS_ELEMENT_ID } from "#domain/first-reads.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { createPost, createPostImage, createUser } from "#server/test/factories.ts";

const testApp = useTestApp();

const FEED_FIRST_PAGE = "/api/feed?limit=20&scope=everyone";
const SESSION = "/api/auth/get-session";
const UNREAD_COUNT = "/api/notifications/unread-count";

let webDistDir: string;
beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(tmpdir(), "tasted-first-reads-"));
  await writeFile(
    path.join(webDistDir, "index.html"),
    await readFile(path.resolve("web/index.html"), "utf8"),
  );
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: "GET", url, headers });

/** The answers a page came with, by address, as the web app reads them. */
function firstReadsOf(html: string): Record<string, unknown> {
  const block = new RegExp(
    `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">(.*)</script>`,
  ).exec(html);
  if (!block?.[1]) throw new Error("the page carries no first reads");
  return JSON.parse(block[1]) as Record<string, unknown>;
}

describe("a screen's first reads, sent with its HTML", () => {
  it("carry the feed's first page and the session of whoever asks, theirs alone", async () => {
    const { app } = await testApp.start({ webDistDir });
    const ann = await signUpByEmail(app);
    const bob = await signUpByEmail(app);
    await createPost(app.database.db, { userId: ann.userId, title: "Ann's noodles" });

    const visitor = await get("/feed");
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers["cache-control"]).toBe("no-cache");
    const seen = firstReadsOf(visitor.body);
    expect(Object.keys(seen).sort()).toEqual([FEED_FIRST_PAGE, SESSION].sort());
    expect(seen[SESSION]).toBeNull();
    // Exactly the API's answer to the same request.
    expect(seen[FEED_FIRST_PAGE]).toEqual((await get(FEED_FIRST_PAGE)).json());

    for (const person of [ann, bob]) {
      const page = await get("/feed", { cookie: person.cookie });
      // Someone's own answers are never kept by any cache.
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(page.headers.vary).toContain("cookie");
      const reads = firstReadsOf(page.body);
      expect(reads[SESSION]).toMatchObject({ user: { id: person.userId } });
      expect(reads[SESSION]).not.toHaveProperty("session.token");
      expect(reads["/api/me"]).toMatchObject({ profile: { id: person.userId } });
      expect(reads[UNREAD_COUNT]).toEqual(
        (await get(UNREAD_COUNT, { cookie: person.cookie })).json(),
      );
      expect(reads[FEED_FIRST_PAGE]).toEqual(
        (await get(FEED_FIRST_PAGE, { cookie: person.cookie })).json(),
      );
    }
  });

  it("bring a profile's header, and the first card's photo as a high-priority preload", async () => {
    const { app } = await testApp.start({ webDistDir });
    const db = app.database.db;
    const cook = await createUser(db, { username: "first_cook", fullName: "First Cook" });
    const post = await createPost(db, { userId: cook.id, title: "Dumplings" });
    await createPostImage(db, { postId: post.id, imageUrl: "/uploads/test/dumplings-1280.webp" });

    const profile = firstReadsOf((await get("/user/first_cook")).body);
    expect(profile["/api/profiles/first_cook"]).toMatchObject({ profile: { id: cook.id } });

    const feed = (await get("/feed")).body;
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(feed)?.[0];
    expect(preload).toContain('imagesrcset="/uploads/test/dumplings-480.webp 480w');
    expect(preload).toContain('imagesizes="(max-width: 720px) 100vw, 690px"');
    expect(preload).toContain('fetchpriority="high"');
    // In the head, where the browser finds it before any script.
    expect(feed.indexOf(preload ?? "")).toBeLessThan(feed.indexOf("</head>"));
  });

  it("never let stored text out of its data block, and cost nothing when a read fails", async () => {
    const { app } = await testApp.start({ webDistDir });
    const ann = await signUpByEmail(app);
    const hostile = "</script><script>alert(1)</script><!--";
    await createPost(app.database.db, { userId: ann.userId, title: hostile, content: hostile });

    const page = (await get("/feed")).body;
    expect(page).not.toContain("<script>alert(1)");
    expect(JSON.stringify(firstReadsOf(page)[FEED_FIRST_PAGE])).toContain(hostile);

    // An unknown profile: the page is still the app, which shows its own "not found".
    const unknown = await get("/user/nobody_here");
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(firstReadsOf(unknown.body))).toEqual([SESSION]);
    // A cookie that names no session: nobody's answers.
    const stale = await get("/feed", { cookie: "better-auth.session_token=nothing" });
    expect(stale.headers["cache-control"]).toBe("no-cache");
    expect(firstReadsOf(stale.body)[SESSION]).toBeNull();
  });
});
