import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ReviewDto } from "#domain/items.ts";
import type { RankingsDto } from "#domain/rankings.ts";
import { rankingMessages } from "#domain/rankings-rules.ts";
import { CATEGORY_MAX, reviewMessages } from "#domain/review-rules.ts";
import { reviews } from "#server/db/schema/reviews.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { postDishReview } from "#server/test/content-helpers.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

type Person = Awaited<ReturnType<typeof signUpByEmail>>;

async function ramen(person: Person, title: string, rating = 4, category = "Ramen") {
  return (await postDishReview(testApp.app, person.cookie, {
    title,
    rating,
    category,
  })) as ReviewDto;
}

async function rank(person: Person, id: string, body: Record<string, unknown>) {
  return request(testApp.app, "PUT", `/api/reviews/${id}/rank`, { cookie: person.cookie, body });
}

async function rankings(userId: string, cookie?: string) {
  const response = await request(testApp.app, "GET", `/api/profiles/${userId}/rankings`, {
    cookie,
  });
  return response;
}

/** Each category's dishes as "title score", best first. */
async function board(userId: string, cookie?: string) {
  const response = await rankings(userId, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(
    response
      .json<RankingsDto>()
      .categories.map((category) => [
        category.name,
        category.dishes.map((dish) => `${dish.title} ${dish.score?.toFixed(1)}`),
      ]),
  );
}

describe("dish rankings", () => {
  it("places dishes where the answers put them; scores follow rank within the star band", async () => {
    await testApp.start();
    const me = await signUpByEmail(testApp.app);
    const a = await ramen(me, "Tonkotsu");
    // A category of one: the middle of its band.
    expect(a).toMatchObject({ category: "Ramen", score: 7 });
    // Another spelling of a category already used takes its spelling; a new dish of equal
    // stars starts below the others (Skip leaves it there).
    const b = await ramen(me, "Shoyu", 4, "  rAMEN ");
    expect(b.category).toBe("Ramen");
    expect(await board(me.userId)).toEqual({ Ramen: ["Tonkotsu 8.0", "Shoyu 6.0"] });

    // "Better" than Tonkotsu: above it.
    const ranked = await rank(me, b.id, { aboveId: a.id });
    expect(ranked.statusCode, ranked.body).toBe(200);
    expect(ranked.json()).toMatchObject({ id: b.id, score: 8 });
    const c = await ramen(me, "Miso");
    expect((await rank(me, c.id, { aboveId: a.id })).statusCode).toBe(200);
    expect(await board(me.userId)).toEqual({
      Ramen: ["Shoyu 8.0", "Miso 7.0", "Tonkotsu 6.0"],
    });
    // The card's and the detail's score is the same one.
    expect((await request(testApp.app, "GET", `/api/reviews/${c.id}`)).json().score).toBe(7);

    // Re-ranking a dish into the place it has changes no score; to the bottom moves it.
    expect((await rank(me, c.id, { aboveId: a.id })).statusCode).toBe(200);
    expect(await board(me.userId)).toEqual({
      Ramen: ["Shoyu 8.0", "Miso 7.0", "Tonkotsu 6.0"],
    });
    expect((await rank(me, b.id, { aboveId: null })).statusCode).toBe(200);
    expect(await board(me.userId)).toEqual({
      Ramen: ["Miso 8.0", "Tonkotsu 7.0", "Shoyu 6.0"],
    });
    // Categories are the person's own, A to Z.
    const categories = await request(testApp.app, "GET", "/api/profile/categories", {
      cookie: me.cookie,
    });
    expect(categories.json()).toEqual({ categories: ["Ramen"] });
  });

  it("never scores a 5-star dish below a 3-star one; ties share a score", async () => {
    await testApp.start();
    const me = await signUpByEmail(testApp.app);
    const five = await ramen(me, "Five", 5, "Pizza");
    const three = await ramen(me, "Three", 3, "Pizza");
    // The 3-star dish ranked above the 5-star one: each stays in its band.
    expect((await rank(me, three.id, { aboveId: five.id })).statusCode).toBe(200);
    expect(await board(me.userId)).toEqual({ Pizza: ["Three 6.0", "Five 8.0"] });

    const four = await ramen(me, "Four", 4, "Tacos");
    const fourToo = await ramen(me, "Four too", 4, "Tacos");
    const tie = await rank(me, fourToo.id, { tieWithId: four.id });
    expect(tie.statusCode, tie.body).toBe(200);
    const tacos = (await board(me.userId)).Tacos;
    expect(tacos).toHaveLength(2);
    // Nothing ranks above either: both stand at the top of the 4-star band.
    expect(new Set(tacos?.map((line) => line.split(" ").at(-1)))).toEqual(new Set(["8.0"]));
  });

  it("renumbers a category whose gap is too narrow to split, keeping its order", async () => {
    await testApp.start();
    const me = await signUpByEmail(testApp.app);
    const top = await ramen(me, "Top", 5, "Dumplings");
    const bottom = await ramen(me, "Bottom", 5, "Dumplings");
    // As after some fifty placements into one gap: no float lies between the two.
    await testApp.db.update(reviews).set({ rankPosition: 1 }).where(eq(reviews.id, top.id));
    await testApp.db
      .update(reviews)
      .set({ rankPosition: 1 + Number.EPSILON })
      .where(eq(reviews.id, bottom.id));
    const middle = await ramen(me, "Middle", 5, "Dumplings");
    const placed = await rank(me, middle.id, { aboveId: bottom.id });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await board(me.userId)).toEqual({
      Dumplings: ["Top 10.0", "Middle 9.0", "Bottom 8.0"],
    });
  });

  it("refuses placements that are not yours or name another category; nothing changes", async () => {
    await testApp.start();
    const me = await signUpByEmail(testApp.app);
    const other = await signUpByEmail(testApp.app);
    const mine = await ramen(me, "Mine");
    const second = await ramen(me, "Second");
    const elsewhere = await ramen(me, "Elsewhere", 4, "Pho");
    const theirs = await ramen(other, "Theirs");
    const unranked = (await postDishReview(testApp.app, me.cookie, {
      title: "Plain",
    })) as ReviewDto;
    expect(unranked).toMatchObject({ category: null, score: null });
    const before = await board(me.userId);
    const cases: Array<[Person | null, string, Record<string, unknown>, number]> = [
      [me, mine.id, { aboveId: theirs.id }, 400],
      [me, mine.id, { aboveId: elsewhere.id }, 400],
      [me, mine.id, { aboveId: mine.id }, 400],
      [me, unranked.id, { aboveId: null }, 400],
      [me, mine.id, { aboveId: second.id, tieWithId: second.id }, 400],
      [me, mine.id, { aboveId: "not-a-uuid" }, 400],
      [me, mine.id, {}, 400],
      [other, mine.id, { aboveId: null }, 403],
      [null, mine.id, { aboveId: null }, 401],
      [me, crypto.randomUUID(), { aboveId: null }, 404],
    ];
    for (const [who, id, body, status] of cases) {
      const response = await request(testApp.app, "PUT", `/api/reviews/${id}/rank`, {
        cookie: who?.cookie,
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
    }
    const notRankable = await rank(me, unranked.id, { aboveId: null });
    expect(notRankable.json().error.message).toBe(rankingMessages.notRankable);
    expect(await board(me.userId)).toEqual(before);
    const tooLong = await request(testApp.app, "POST", "/api/reviews", {
      cookie: me.cookie,
      body: {
        reviewType: "dish",
        restaurant: { name: "X" },
        title: "Y",
        rating: 3,
        category: "c".repeat(CATEGORY_MAX + 1),
        images: [{ uploadId: crypto.randomUUID() }],
      },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(reviewMessages.categoryTooLong);
  });

  it("others see rankings as they see reviews: hidden dishes, blocks and private profiles", async () => {
    await testApp.start();
    const me = await signUpByEmail(testApp.app);
    const reader = await signUpByEmail(testApp.app);
    const kept = await ramen(me, "Kept");
    const hidden = await ramen(me, "Hidden");
    await testApp.db.update(reviews).set({ isHidden: true }).where(eq(reviews.id, hidden.id));
    // A hidden dish neither shows nor counts: the one left is a category of one.
    expect(await board(me.userId, reader.cookie)).toEqual({ Ramen: ["Kept 7.0"] });
    expect(await board(me.userId)).toEqual({ Ramen: ["Kept 7.0"] });
    expect(kept.id).toBeTruthy();

    const block = await request(testApp.app, "PUT", `/api/profiles/${reader.userId}/block`, {
      cookie: me.cookie,
    });
    expect(block.statusCode).toBe(200);
    expect((await rankings(me.userId, reader.cookie)).statusCode).toBe(404);
    await request(testApp.app, "DELETE", `/api/profiles/${reader.userId}/block`, {
      cookie: me.cookie,
    });
    const privacy = await request(testApp.app, "PUT", "/api/profile/privacy", {
      cookie: me.cookie,
      body: { private: true },
    });
    expect(privacy.statusCode).toBe(200);
    expect((await rankings(me.userId, reader.cookie)).statusCode).toBe(404);
    expect((await rankings(me.userId)).statusCode).toBe(404);
    expect(await board(me.userId, me.cookie)).toEqual({ Ramen: ["Kept 7.0"] });
  });
});
