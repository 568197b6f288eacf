import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "#server/test/app.ts";
import {
  createPost,
  createPostImage,
  createRestaurant,
  createReview,
  createReviewImage,
  createUser,
} from "#server/test/factories.ts";
import { bestDishPhotoSql } from "./share-previews.queries.ts";

const testApp = useTestApp();

/** The origin of the test config (PUBLIC_URL unset). */
const ORIGIN = "http://localhost:3000";

let webDistDir: string;
/** The real page the build starts from, with its default title and description. */
let indexHtml: string;
/** The build's brotli twin of index.html. */
let indexBrotli: Buffer;

beforeAll(async () => {
  indexHtml = await readFile(path.resolve("web/index.html"), "utf8");
  webDistDir = await mkdtemp(path.join(tmpdir(), "tasted-previews-"));
  await writeFile(path.join(webDistDir, "index.html"), indexHtml);
  indexBrotli = brotliCompressSync(indexHtml);
  await writeFile(path.join(webDistDir, "index.html.br"), indexBrotli);
});

const start = () => testApp.start({ webDistDir });
const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: "GET", url, headers });

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/** What a link preview reads from a page: its title and every name/property meta tag. */
function headOf(html: string) {
  const meta: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)) {
    const [, key = "", content = ""] = match;
    expect(meta[key], `one ${key} tag`).toBeUndefined();
    meta[key] = decodeEntities(content);
  }
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  return {
    title: title && decodeEntities(title),
    canonical: canonical && decodeEntities(canonical),
    meta,
  };
}

/** The page as the build made it: without the first reads the server adds to each screen. */
function withoutFirstReads(html: string): string {
  return html.replace(/ *<script type="application\/json" id="first-reads">.*<\/script>\n/, "");
}

/** A 200 page carrying the build's default head, byte for byte. */
async function expectDefaultHead(url: string) {
  const response = await get(url);
  expect(response.statusCode, url).toBe(200);
  expect(response.headers["cache-control"], url).toBe("no-cache");
  expect(withoutFirstReads(response.body), url).toBe(indexHtml);
}

describe("restaurant page previews", () => {
  it("names the restaurant, its ratings in words, its address and its best dish photo", async () => {
    const { app } = await start();
    const db = app.database.db;
    const ann = await createUser(db);
    const place = await createRestaurant(db, {
      name: "Joe's Diner",
      slug: "il-springfield-joes-diner",
      address: "12 Main St, Springfield",
    });
    const review = (rating: number, values: object = {}) =>
      createReview(db, { userId: ann.id, restaurantId: place.id, rating, ...values });
    // Highest rated wins, then most liked; a hidden review's photo never shows.
    const best = await review(5, { likeCount: 7 });
    const lessLiked = await review(5, { likeCount: 2 });
    const lower = await review(4, { likeCount: 50 });
    const hidden = await review(5, { likeCount: 99, isHidden: true });
    await review(3);
    await createReview(db, {
      userId: ann.id,
      restaurantId: place.id,
      reviewType: "restaurant",
      title: place.name,
      rating: 4,
    });
    await createReviewImage(db, {
      reviewId: best.id,
      imageUrl: "/uploads/r/second-1280.webp",
      displayOrder: 1,
    });
    await createReviewImage(db, {
      reviewId: best.id,
      imageUrl: "/uploads/r/main-1280.webp",
      displayOrder: 0,
    });
    await createReviewImage(db, { reviewId: lessLiked.id, imageUrl: "/uploads/r/less-1280.webp" });
    await createReviewImage(db, { reviewId: lower.id, imageUrl: "/uploads/r/lower-1280.webp" });
    await createReviewImage(db, { reviewId: hidden.id, imageUrl: "/uploads/r/hidden-1280.webp" });

    const expected = {
      title: "Joe's Diner · Tasted",
      canonical: `${ORIGIN}/b/r/il-springfield-joes-diner`,
      meta: {
        description:
          "Dish rating 4.3 from 4 reviews · Restaurant rating 4.0 from 1 review · 12 Main St, Springfield",
        "og:site_name": "Tasted",
        "og:type": "website",
        "og:title": "Joe's Diner",
        "og:description":
          "Dish rating 4.3 from 4 reviews · Restaurant rating 4.0 from 1 review · 12 Main St, Springfield",
        "og:url": `${ORIGIN}/b/r/il-springfield-joes-diner`,
        "og:image": `${ORIGIN}/uploads/r/main-1280.webp`,
        "twitter:card": "summary_large_image",
        // The build's own tags the page keeps.
        viewport: "width=device-width, initial-scale=1.0, viewport-fit=cover",
        "theme-color": "#e8590c",
        "apple-mobile-web-app-capable": "yes",
        "apple-mobile-web-app-status-bar-style": "default",
        "apple-mobile-web-app-title": "Tasted",
      },
    };
    for (const url of [
      "/b/r/il-springfield-joes-diner",
      `/restaurant/${place.id}`,
      "/b/r/IL-Springfield-Joes-Diner/",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html; charset=utf-8/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(headOf(response.body), url).toEqual(expected);
      // The rest of the page is the build's.
      expect(response.body).toContain('<script src="/theme-init.js"></script>');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it("has no image and a small card for a restaurant without photos, and gives it its slug", async () => {
    const { app } = await start();
    const place = await createRestaurant(app.database.db, {
      name: "Quiet Place",
      slug: null,
      address: "5 Elm St, Springfield",
    });
    const { meta, canonical } = headOf((await get(`/restaurant/${place.id}`)).body);
    expect(meta.description).toBe("No reviews yet · 5 Elm St, Springfield");
    expect(meta["og:image"]).toBeUndefined();
    expect(meta["twitter:card"]).toBe("summary");
    // A restaurant without a slug gets one on first view, as its page does.
    const [row] = (
      await app.database.db.execute<{ slug: string }>(
        sql`select slug from restaurants where id = ${place.id}`,
      )
    ).rows;
    expect(row?.slug).toBeTruthy();
    expect(canonical).toBe(`${ORIGIN}/b/r/${row?.slug}`);
  });
});

describe("profile previews", () => {
  it("shows the name, @username, bio and avatar, by any handle form", async () => {
    const { app } = await start();
    const ann = await createUser(app.database.db, {
      username: "annlee",
      slug: "annlee",
      fullName: "Ann Lee",
      bio: "Noodles,\n  always noodles.",
      avatarUrl: "https://cdn.example.com/avatars/ann.webp",
    });
    for (const url of [
      "/user/annlee",
      "/user/@annlee",
      "/user/%40AnnLee",
      "/profile/annlee",
      `/user/${ann.id}`,
    ]) {
      expect(headOf((await get(url)).body), url).toMatchObject({
        title: "Ann Lee (@annlee) · Tasted",
        canonical: `${ORIGIN}/user/annlee`,
        meta: {
          description: "Noodles, always noodles.",
          "og:title": "Ann Lee (@annlee)",
          "og:type": "profile",
          "og:url": `${ORIGIN}/user/annlee`,
          "og:image": "https://cdn.example.com/avatars/ann.webp",
          "twitter:card": "summary_large_image",
        },
      });
    }
  });

  it("describes someone without a bio by their visible activity", async () => {
    const { app } = await start();
    const db = app.database.db;
    const bob = await createUser(db, {
      username: "bob",
      slug: "bob",
      avatarUrl: "/uploads/avatars/bob.webp",
    });
    await createReview(db, { userId: bob.id });
    await createReview(db, { userId: bob.id, isHidden: true });
    const { title, meta } = headOf((await get("/user/bob")).body);
    expect(title).toBe("@bob · Tasted");
    expect(meta.description).toBe("1 review · 0 posts · 0 followers");
    expect(meta["og:image"]).toBe(`${ORIGIN}/uploads/avatars/bob.webp`);
  });
});

describe("Year in Food previews", () => {
  it("shows the year's numbers with the drawn card, while the stats are public", async () => {
    const { app } = await testApp.start(
      { webDistDir },
      { clock: () => new Date("2026-06-15T12:00:00Z") },
    );
    const db = app.database.db;
    const cleo = await createUser(db, { username: "cleo", slug: "cleo", fullName: "Cleo Park" });
    for (const createdAt of ["2025-02-01T12:00:00Z", "2025-09-01T12:00:00Z"]) {
      await createReview(db, { userId: cleo.id, createdAt: new Date(createdAt) });
    }
    // Private stats: the page keeps the build's head, so nothing of the year leaks.
    await expectDefaultHead("/user/cleo/year/2025");

    await db.execute(sql`update profiles set stats_public = true where id = ${cleo.id}`);
    expect(headOf((await get("/user/%40cleo/year/2025")).body)).toMatchObject({
      title: "Cleo Park's 2025 in food · Tasted",
      canonical: `${ORIGIN}/user/cleo/year/2025`,
      meta: {
        description: "2 reviews · 2 dishes · 2 restaurants · 2 new places",
        "og:type": "profile",
        "og:url": `${ORIGIN}/user/cleo/year/2025`,
        "og:image": `${ORIGIN}/api/profiles/${cleo.id}/years/2025/card.png`,
        "twitter:card": "summary_large_image",
      },
    });
    const card = await get(`/api/profiles/${cleo.id}/years/2025/card.png`);
    expect(card.statusCode).toBe(200);
    expect(card.headers["content-type"]).toBe("image/png");
    // A year not open yet, and one that is no year, have no preview.
    await expectDefaultHead("/user/cleo/year/2026");
    await expectDefaultHead("/user/cleo/year/99999");
  });
});

describe("single review and post previews", () => {
  it("shows the dish and restaurant, the rating in words, the start of the text and the main photo", async () => {
    const { app } = await start();
    const db = app.database.db;
    const ann = await createUser(db, { username: "annlee", fullName: "Ann Lee" });
    const place = await createRestaurant(db, { name: "Ramen Bar" });
    const words = "Rich broth with a deep pork flavour and springy noodles. ".repeat(8);
    const review = await createReview(db, {
      userId: ann.id,
      restaurantId: place.id,
      title: "Tonkotsu Ramen",
      rating: 4,
      description: words,
    });
    await createReviewImage(db, {
      reviewId: review.id,
      imageUrl: "/uploads/x/main-1280.webp",
      displayOrder: 0,
    });
    await createReviewImage(db, {
      reviewId: review.id,
      imageUrl: "/uploads/x/other-1280.webp",
      displayOrder: 1,
    });

    for (const url of [
      `/view/dish/${review.id}`,
      "/view/food/tonkotsu-ramen",
      "/view/dish/Tonkotsu-Ramen",
    ]) {
      const { title, canonical, meta } = headOf((await get(url)).body);
      expect(title, url).toBe("Tonkotsu Ramen at Ramen Bar · Tasted");
      expect(canonical, url).toBe(`${ORIGIN}/view/dish/${review.id}`);
      expect(meta["og:type"]).toBe("article");
      expect(meta["og:image"]).toBe(`${ORIGIN}/uploads/x/main-1280.webp`);
      expect(meta["twitter:card"]).toBe("summary_large_image");
      const description = meta.description ?? "";
      expect(description).toMatch(
        /^Rated 4 out of 5 by Ann Lee · Rich broth with a deep pork flavour and springy noodles\. Rich/,
      );
      // Cut at a word to a preview's length.
      expect(description.length).toBeLessThanOrEqual(200);
      expect(description).toMatch(/ [a-z]+\.?…$/);
      expect(meta["og:description"]).toBe(description);
    }
  });

  it("titles a restaurant review by its restaurant and a post by its title", async () => {
    const { app } = await start();
    const db = app.database.db;
    const ann = await createUser(db, { username: "annlee", fullName: null });
    const place = await createRestaurant(db, { name: "Ramen Bar" });
    const review = await createReview(db, {
      userId: ann.id,
      restaurantId: place.id,
      reviewType: "restaurant",
      title: "Ramen Bar",
      rating: 2,
      description: null,
    });
    const post = await createPost(db, {
      userId: ann.id,
      title: "Best noodles in town",
      content: "Go early.",
    });
    await createPostImage(db, { postId: post.id, imageUrl: "/uploads/p/one-1280.webp" });

    const reviewHead = headOf((await get(`/view/restaurant/${review.id}`)).body);
    expect(reviewHead.title).toBe("Ramen Bar · Tasted");
    expect(reviewHead.meta.description).toBe("Rated 2 out of 5 by annlee");
    expect(reviewHead.meta["og:image"]).toBeUndefined();
    expect(reviewHead.meta["twitter:card"]).toBe("summary");

    const postHead = headOf((await get(`/view/post/${post.id}`)).body);
    expect(postHead.title).toBe("Best noodles in town · Tasted");
    expect(postHead.canonical).toBe(`${ORIGIN}/view/post/${post.id}`);
    expect(postHead.meta.description).toBe("Posted by annlee · Go early.");
    expect(postHead.meta["og:image"]).toBe(`${ORIGIN}/uploads/p/one-1280.webp`);
  });
});

describe("what a preview never shows", () => {
  it("writes user text inertly, whatever it holds", async () => {
    const { app } = await start();
    const db = app.database.db;
    const evil = '"><script>alert(1)</script>';
    const ann = await createUser(db, { username: "ann", fullName: `${evil} $& $'`, bio: evil });
    const place = await createRestaurant(db, {
      name: `</title>${evil}`,
      slug: "evil",
      address: evil,
    });
    const review = await createReview(db, {
      userId: ann.id,
      restaurantId: place.id,
      title: evil,
      description: `${evil} & more`,
    });
    await createReviewImage(db, { reviewId: review.id, imageUrl: `/uploads/x/a"b<c>.webp` });

    for (const url of ["/user/ann", "/b/r/evil", `/view/dish/${review.id}`]) {
      const body = (await get(url)).body;
      expect(body, url).not.toContain("<script>alert");
      expect(body, url).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
      // The build's script tags are the only ones (beside the first reads' data block, which is
      // no script a browser runs).
      expect(body.match(/<script(?! type="application\/json")/g), url).toEqual(
        indexHtml.match(/<script/g),
      );
    }
    const profile = headOf((await get("/user/ann")).body);
    // "$&" and "$'" are text, not replacement patterns.
    expect(profile.meta["og:title"]).toBe(`${evil} $& $' (@ann)`);
    const view = headOf((await get(`/view/dish/${review.id}`)).body);
    expect(view.title).toBe(`${evil} at </title>${evil} · Tasted`);
    expect(view.meta["og:image"]).toBe(`${ORIGIN}/uploads/x/a%22b%3Cc%3E.webp`);
  });

  it("serves the default head for hidden items, unknown ids and slugs, and malformed paths", async () => {
    const { app } = await start();
    const db = app.database.db;
    const ann = await createUser(db, { username: "ann" });
    const hidden = await createReview(db, {
      userId: ann.id,
      title: "Secret Dish",
      description: "Hidden words",
      isHidden: true,
    });
    const hiddenPost = await createPost(db, {
      userId: ann.id,
      title: "Secret post",
      isHidden: true,
    });
    const unknown = "8a9c7f9e-4f0a-4d37-9f5e-0c6d2b7b1a11";
    for (const url of [
      `/view/dish/${hidden.id}`,
      "/view/dish/secret-dish",
      `/view/post/${hiddenPost.id}`,
      `/view/dish/${unknown}`,
      "/view/post/not-an-id",
      "/view/other/some-title",
      `/restaurant/${unknown}`,
      "/b/r/no-such-place",
      "/user/nobody",
      "/profile/@nobody",
      "/user/%00",
      `/b/r/${"x".repeat(101)}`,
    ]) {
      await expectDefaultHead(url);
    }
  });

  it.each(["waiting to be deleted", "made private"] as const)(
    "shows nothing of an account %s: no item, no rating, no photo",
    async (state) => {
      const { app } = await start();
      const db = app.database.db;
      const ann = await createUser(db, { username: "ann" });
      const leaving = await createUser(db, { username: "leaving", fullName: "Lea Ving" });
      const place = await createRestaurant(db, { name: "Noodle Bar", slug: "noodle-bar" });
      await createReview(db, { userId: ann.id, restaurantId: place.id, rating: 2 });
      const review = await createReview(db, {
        userId: leaving.id,
        restaurantId: place.id,
        title: "Farewell Dumplings",
        rating: 5,
      });
      await createReviewImage(db, { reviewId: review.id, imageUrl: "/uploads/x/gone-1280.webp" });
      const post = await createPost(db, { userId: leaving.id, title: "Last words" });
      await db.execute(
        state === "made private"
          ? sql`update profiles set is_private = true where id = ${leaving.id}`
          : sql`insert into account_deletions (user_id, erase_after)
              values (${leaving.id}, now() + interval '30 days')`,
      );

      for (const url of [
        `/view/dish/${review.id}`,
        "/view/food/farewell-dumplings",
        `/view/post/${post.id}`,
      ]) {
        await expectDefaultHead(url);
      }
      const { meta } = headOf((await get("/b/r/noodle-bar")).body);
      expect(meta.description).toMatch(/^Dish rating 2\.0 from 1 review/);
      expect(meta["og:image"]).toBeUndefined();
    },
  );

  it("leaves every other screen's head as it was; the landing page is the build's precompressed file", async () => {
    await start();
    for (const url of ["/", "/feed", "/explore", "/profile", "/post"]) {
      await expectDefaultHead(url);
      const compressed = await get(url, { "accept-encoding": "br" });
      expect(compressed.headers["content-encoding"], url).toBe("br");
      const page = brotliDecompressSync(compressed.rawPayload).toString("utf8");
      expect(withoutFirstReads(page), url).toBe(indexHtml);
    }
    const landing = await get("/", { "accept-encoding": "br" });
    expect(landing.rawPayload.equals(indexBrotli)).toBe(true);
  });
});

describe("delivery", () => {
  it("compresses a preview page as it is sent", async () => {
    const { app } = await start();
    await createUser(app.database.db, { username: "ann", fullName: "Ann Lee" });
    const response = await get("/user/ann", { "accept-encoding": "br" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const html = brotliDecompressSync(response.rawPayload).toString("utf8");
    expect(headOf(html).title).toBe("Ann Lee (@ann) · Tasted");
    const gzip = await get("/user/ann", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
  });

  it("finds the best photo through the restaurant's indexes", async () => {
    const { app } = await start();
    const db = app.database.db;
    const ann = await createUser(db);
    const places = await Promise.all([createRestaurant(db), createRestaurant(db)]);
    await db.execute(sql`
      insert into restaurants (name, address)
      select 'Place ' || g, g || ' Main St' from generate_series(1, 200) g`);
    await db.execute(sql`
      insert into reviews (user_id, restaurant_id, review_type, title, rating, is_hidden, created_at)
      select ${ann.id}, r.id, case when g % 3 = 0 then 'restaurant' else 'dish' end, 'Dish ' || g,
             1 + g % 5, g % 50 = 0, now() - g * interval '1 minute'
        from generate_series(1, 20) g cross join restaurants r`);
    await db.execute(sql`
      insert into review_images (review_id, image_url, display_order, width, height)
      select id, '/uploads/p/' || id || '.webp', 0, 800, 600 from reviews`);
    await db.execute(sql`analyze`);
    const plan = (
      await db.execute<{ "QUERY PLAN": string }>(
        sql`explain ${bestDishPhotoSql(places[0]?.id ?? "")}`,
      )
    ).rows
      .map((row) => row["QUERY PLAN"])
      .join("\n");
    expect(plan).not.toMatch(/Seq Scan on (reviews|review_images)/);
    expect(plan).toMatch(/reviews_restaurant_(tab|rating)_idx/);
  });
});
