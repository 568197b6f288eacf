import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  IMPORT_LIMITS,
  type ImportDto,
  type ImportPreviewDto,
  importMessages,
} from "#domain/imports.ts";
import type { RestaurantDto } from "#domain/restaurant.ts";
import { reviewMessages } from "#domain/review-rules.ts";
import { DEFAULT_CONTENT_RATE_LIMITS } from "#server/config.ts";
import { RESTAURANT_REFERENCES } from "#server/modules/restaurants/restaurants.queries.ts";
import { TEST_ORIGIN, useTestApp } from "#server/test/app.ts";
import { sessionCookieFor } from "#server/test/auth-helpers.ts";
import { createRestaurant, createReview, createUser } from "#server/test/factories.ts";
import { multipart } from "#server/test/multipart.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

async function person() {
  const profile = await createUser(testApp.db);
  return { id: profile.id, cookie: await sessionCookieFor(testApp.app, profile.id) };
}

function upload(cookie: string, content: string | Buffer, filename = "places.csv") {
  const body = multipart([
    {
      field: "file",
      filename,
      contentType: "text/csv",
      data: typeof content === "string" ? Buffer.from(content) : content,
    },
  ]);
  return testApp.app.inject({
    method: "POST",
    url: "/api/imports",
    headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
    payload: body.payload,
  });
}

async function preview(cookie: string, content: string, filename?: string) {
  const response = await upload(cookie, content, filename);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ImportPreviewDto;
}

async function apply(cookie: string, id: string): Promise<ImportDto> {
  const response = await request(testApp.app, "POST", `/api/imports/${id}/apply`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function undo(cookie: string, id: string): Promise<ImportDto> {
  const response = await request(testApp.app, "POST", `/api/imports/${id}/undo`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Rows of the tables an import writes, to prove a refusal or an undo left nothing behind. */
async function tableCounts() {
  const result = await testApp.db.execute<{
    reviews: number;
    want: number;
    restaurants: number;
    items: number;
    applied: number;
  }>(sql`
    select (select count(*) from reviews)::int as reviews,
           (select count(*) from want_to_try)::int as want,
           (select count(*) from restaurants)::int as restaurants,
           (select count(*) from import_items)::int as items,
           (select count(*) from imports where status <> 'preview')::int as applied`);
  const row = result.rows[0];
  if (!row) throw new Error("no counts");
  return row;
}

async function restaurantRating(id: string) {
  const response = await request(testApp.app, "GET", `/api/restaurants/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as RestaurantDto).stats.restaurantRating;
}

/** A Takeout "Saved places" file of the given features. */
function takeout(features: unknown[]): string {
  return JSON.stringify({ type: "FeatureCollection", features }, null, 2);
}

function savedPlace(name: string, lng: number, lat: number, url = "http://maps.google.com/?cid=1") {
  return {
    geometry: { coordinates: [lng, lat], type: "Point" },
    properties: {
      date: "2024-05-01T10:00:00Z",
      google_maps_url: url,
      location: { address: `${name} Street 1, Lisbon`, country_code: "PT", name },
    },
    type: "Feature",
  };
}

describe("reading a file into a preview", () => {
  it("reads a CSV with its columns in any order, quotes and a byte order mark", async () => {
    await testApp.start();
    const me = await person();
    const before = await tableCounts();
    const csv =
      "\uFEFFNotes,Rating,NAME,date,address\n" +
      '"Great, crispy ""pizza""\nand a second line",5,Luigi\'s,2025-03-14,"1 Via Roma, Milan"\n' +
      ",,Tartine,,600 Guerrero St\n" +
      "\n" +
      "Fine,3.0,Corner Café,2024-12-01T19:30:00Z,\n";
    const result = await preview(me.cookie, csv, "my places.csv");
    expect(result.format).toBe("csv");
    expect(result.fileName).toBe("my places.csv");
    expect(result.counts).toEqual({ places: 3, reviews: 2, want: 1, existing: 0 });
    expect(result.rows).toEqual([
      {
        line: 2,
        kind: "review",
        name: "Luigi's",
        address: "1 Via Roma, Milan",
        rating: 5,
        visitedOn: "2025-03-14",
        notes: 'Great, crispy "pizza"\nand a second line',
        existing: null,
        alreadySaved: false,
      },
      {
        line: 4,
        kind: "want",
        name: "Tartine",
        address: "600 Guerrero St",
        rating: null,
        visitedOn: null,
        notes: null,
        existing: null,
        alreadySaved: false,
      },
      expect.objectContaining({ line: 6, kind: "review", rating: 3, visitedOn: "2024-12-01" }),
    ]);
    // A preview writes nothing but itself.
    expect(await tableCounts()).toEqual(before);
  });

  it("reads Google Takeout's Saved places, old and new spellings, as Want to try", async () => {
    await testApp.start();
    const me = await person();
    const file = takeout([
      savedPlace(
        "Time Out Market",
        -9.1459,
        38.7071,
        "https://www.google.com/maps/place/?q=place_id:ChIJtimeoutmarket01",
      ),
      {
        type: "Feature",
        geometry: { type: "Point", coordinates: [0, 0] },
        properties: {
          "Google Maps URL": "http://maps.google.com/?cid=2",
          Location: { Address: "Rua Augusta 2, Lisbon", "Business Name": "Manteigaria" },
          Title: "Manteigaria",
        },
      },
    ]);
    const result = await preview(me.cookie, file, "Saved Places.json");
    expect(result.format).toBe("takeout");
    expect(result.counts).toEqual({ places: 2, reviews: 0, want: 2, existing: 0 });
    expect(result.rows.map((row) => [row.line, row.kind, row.name, row.address])).toEqual([
      [4, "want", "Time Out Market", "Time Out Market Street 1, Lisbon"],
      [23, "want", "Manteigaria", "Rua Augusta 2, Lisbon"],
    ]);
  });

  it("lists the first rows only, and counts them all", async () => {
    await testApp.start();
    const me = await person();
    const lines = Array.from({ length: IMPORT_LIMITS.rows }, (_, n) => `Place ${n},${n} Road`);
    const result = await preview(me.cookie, `name,address\n${lines.join("\n")}\n`);
    expect(result.counts.places).toBe(IMPORT_LIMITS.rows);
    expect(result.rows).toHaveLength(IMPORT_LIMITS.previewRows);
  });
});

describe("refusing a malformed file, naming the line", () => {
  const cases: [string, string, string][] = [
    [
      "a rating out of range",
      "name,rating\nA,4\nB,6\n",
      importMessages.atLine(3, importMessages.ratingInvalid),
    ],
    [
      "a quote never closed",
      'name,notes\nA,ok\nB,"never closed\nC,x\n',
      importMessages.atLine(4, importMessages.csvQuote),
    ],
    [
      "a row with too many fields",
      "name,address\nA,1 Road\nB,2 Road,extra\n",
      importMessages.atLine(3, importMessages.csvFieldCount(3, 2)),
    ],
    [
      "an unknown column",
      "name,stars\nA,4\n",
      importMessages.atLine(1, importMessages.csvUnknownColumn("stars")),
    ],
    [
      "no name column",
      "address,rating\n1 Road,4\n",
      importMessages.atLine(1, importMessages.csvHeader),
    ],
    [
      "a row without a name",
      "name,address\nA,1 Road\n ,2 Road\n",
      importMessages.atLine(3, importMessages.nameRequired),
    ],
    [
      "a date that is not one",
      "name,rating,date\nA,4,14/03/2025\n",
      importMessages.atLine(2, importMessages.dateInvalid),
    ],
    [
      "a date in the future",
      "name,rating,date\nA,4,2999-01-01\n",
      importMessages.atLine(2, reviewMessages.visitedInFuture),
    ],
    [
      "notes too long",
      `name,rating,notes\nA,4,${"x".repeat(2001)}\n`,
      importMessages.atLine(2, reviewMessages.reviewTooLong),
    ],
    [
      "JSON that does not parse",
      '{\n  "type": "FeatureCollection",\n  "features": [\n    {,}\n  ]\n}',
      importMessages.atLine(4, importMessages.json),
    ],
    [
      "JSON that is not GeoJSON",
      '{\n  "places": []\n}',
      importMessages.atLine(1, importMessages.geojsonShape),
    ],
    [
      "a saved place without a name",
      takeout([savedPlace("A", 1, 1), { type: "Feature", geometry: null, properties: {} }]),
      importMessages.atLine(23, importMessages.placeName),
    ],
    [
      "a saved place with a bad point",
      takeout([
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: ["x", 1] },
          properties: { Title: "A" },
        },
      ]),
      importMessages.atLine(4, importMessages.placePoint),
    ],
  ];
  it.each(cases)("%s", async (_situation, content, message) => {
    await testApp.start();
    const me = await person();
    const before = await tableCounts();
    const response = await upload(me.cookie, content);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toEqual({ code: "INVALID_IMPORT_FILE", message });
    expect(await tableCounts()).toEqual(before);
    const previews = await testApp.db.execute(sql`select 1 from imports where user_id = ${me.id}`);
    expect(previews.rows).toHaveLength(0);
  });

  it("refuses text that is not UTF-8, NUL bytes and an empty file", async () => {
    await testApp.start();
    const me = await person();
    const latin1 = Buffer.concat([
      Buffer.from("name\nA\nCaf"),
      Buffer.from([0xe9]),
      Buffer.from("\n"),
    ]);
    expect((await upload(me.cookie, latin1)).json().error.message).toBe(
      importMessages.atLine(3, "This is not UTF-8 text"),
    );
    expect((await upload(me.cookie, "name\nA\u0000B\n")).json().error.message).toBe(
      importMessages.atLine(2, "Text must not contain NUL characters"),
    );
    expect((await upload(me.cookie, "name\n")).json().error.message).toBe(importMessages.empty);
  });

  it("refuses more than 5,000 rows and more than 5 MB", async () => {
    await testApp.start();
    const me = await person();
    const rows = Array.from({ length: IMPORT_LIMITS.rows + 1 }, (_, n) => `P${n}`).join("\n");
    const tooMany = await upload(me.cookie, `name\n${rows}\n`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(importMessages.tooManyRows);
    const big = Buffer.alloc(IMPORT_LIMITS.fileBytes + 1, "a");
    const tooLarge = await upload(me.cookie, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(importMessages.tooLarge);
  });
});

describe("duplicates of restaurants already in Tasted", () => {
  it("marks the same place id, the same name within 100 m, or the same name and address", async () => {
    await testApp.start();
    const me = await person();
    const byPlaceId = await createRestaurant(testApp.db, {
      name: "Known by id",
      googlePlaceId: "ChIJknownplace0001",
    });
    const near = await createRestaurant(testApp.db, {
      name: "Cervejaria Ramiro",
      address: null,
      latitude: 38.7206,
      longitude: -9.1356,
    });
    const byAddress = await createRestaurant(testApp.db, {
      name: "Café Luz",
      address: "1 Main St",
    });
    // The same name 150 m away is another place.
    await createRestaurant(testApp.db, {
      name: "A Cevicheria",
      latitude: 38.7155,
      longitude: -9.148,
    });
    const result = await preview(
      me.cookie,
      takeout([
        savedPlace(
          "Another name",
          10,
          10,
          "https://www.google.com/maps/search/?api=1&query_place_id=ChIJknownplace0001",
        ),
        savedPlace("cervejaria RAMIRO", -9.1357, 38.7212), // about 70 m away
        savedPlace("A Cevicheria", -9.148, 38.71685), // about 150 m away
      ]),
    );
    expect(result.rows.map((row) => row.existing)).toEqual([
      { id: byPlaceId.id, name: "Known by id" },
      { id: near.id, name: "Cervejaria Ramiro" },
      null,
    ]);
    const csv = await preview(me.cookie, "name,address\ncafé luz,1 MAIN ST\nCafé Luz,2 Main St\n");
    expect(csv.rows.map((row) => row.existing?.id ?? null)).toEqual([byAddress.id, null]);
    expect(csv.counts.existing).toBe(1);
  });

  it("joins the existing place when applied, and says which places are already saved", async () => {
    await testApp.start();
    const me = await person();
    const known = await createRestaurant(testApp.db, { name: "Known", address: "5 High St" });
    await request(testApp.app, "PUT", `/api/restaurants/${known.id}/want-to-try`, {
      cookie: me.cookie,
    });
    const result = await preview(me.cookie, "name,address\nKnown,5 High St\n");
    expect(result.rows[0]).toMatchObject({ existing: { id: known.id }, alreadySaved: true });
    const before = await tableCounts();
    const applied = await apply(me.cookie, result.id);
    // Nothing new: the place existed and was saved already.
    expect(applied.added).toEqual({ reviews: 0, want: 0 });
    expect(await tableCounts()).toEqual({ ...before, applied: before.applied + 1 });
  });
});

describe("applying and undoing", () => {
  it("writes reviews dated by the file and Want to try entries, and undo takes exactly them away", async () => {
    await testApp.start();
    const me = await person();
    const someone = await person();
    // What the person had before: a review and a saved place the import's review answers.
    const shared = await createRestaurant(testApp.db, { name: "Shared", address: "9 Elm St" });
    await createReview(testApp.db, {
      userId: someone.id,
      restaurantId: shared.id,
      reviewType: "restaurant",
      title: "Shared",
      rating: 2,
    });
    await request(testApp.app, "PUT", `/api/restaurants/${shared.id}/want-to-try`, {
      cookie: me.cookie,
    });
    const mine = await createReview(testApp.db, { userId: me.id, restaurantId: shared.id });
    const before = await tableCounts();
    expect(await restaurantRating(shared.id)).toEqual({ average: 2, count: 1 });

    const result = await preview(
      me.cookie,
      "name,address,rating,date,notes\n" +
        "Shared,9 Elm St,5,2024-02-03,Better than I remembered\n" +
        "New Place,1 New Rd,4,,\n" +
        "Wish List,2 New Rd,,,\n",
    );
    const applied = await apply(me.cookie, result.id);
    expect(applied).toMatchObject({ status: "applied", added: { reviews: 2, want: 1 } });

    // Counters and averages read the new reviews like any others.
    expect(await restaurantRating(shared.id)).toEqual({ average: 3.5, count: 2 });
    const diary = await request(testApp.app, "GET", "/api/profile/diary", { cookie: me.cookie });
    const reviews = diary.json().items as {
      title: string;
      rating: number;
      visitedOn: string;
      description: string | null;
      reviewType: string;
      images: unknown[];
    }[];
    expect(reviews.find((review) => review.visitedOn === "2024-02-03")).toMatchObject({
      title: "Shared",
      rating: 5,
      reviewType: "restaurant",
      description: "Better than I remembered",
      images: [],
    });
    const want = await request(testApp.app, "GET", "/api/want-to-try", { cookie: me.cookie });
    expect(
      want.json().items.map((entry: { restaurant: { name: string } }) => entry.restaurant.name),
    ).toEqual(["Wish List"]);
    // The saved place the imported review answered moved to Tried, as with any review.
    expect(want.json().counts).toEqual({ want: 1, tried: 1 });
    const latest = await request(testApp.app, "GET", "/api/imports/latest", { cookie: me.cookie });
    expect(latest.json().import).toMatchObject({ id: result.id, status: "applied" });

    // Applying twice writes nothing more.
    const again = await request(testApp.app, "POST", `/api/imports/${result.id}/apply`, {
      cookie: me.cookie,
    });
    expect(again.statusCode).toBe(409);

    const undone = await undo(me.cookie, result.id);
    expect(undone).toMatchObject({ status: "undone", added: { reviews: 2, want: 1 } });
    // Exactly what it added is gone: the two new restaurants too; what was there stays.
    expect(await tableCounts()).toEqual({ ...before, applied: before.applied + 1 });
    expect(await restaurantRating(shared.id)).toEqual({ average: 2, count: 1 });
    const kept = await testApp.db.execute(sql`select 1 from reviews where id = ${mine.id}`);
    expect(kept.rows).toHaveLength(1);
    const afterUndo = await request(testApp.app, "GET", "/api/want-to-try", { cookie: me.cookie });
    expect(afterUndo.json().counts).toEqual({ want: 1, tried: 0 });
    expect(afterUndo.json().items[0].restaurant.name).toBe("Shared");
    const none = await request(testApp.app, "GET", "/api/imports/latest", { cookie: me.cookie });
    expect(none.json()).toEqual({ import: null });
    const twice = await request(testApp.app, "POST", `/api/imports/${result.id}/undo`, {
      cookie: me.cookie,
    });
    expect(twice.statusCode).toBe(409);
  });

  it("keeps a place it created once someone else has used it", async () => {
    await testApp.start();
    const me = await person();
    const other = await person();
    const result = await preview(me.cookie, "name,address\nFresh Spot,7 Bay Rd\n");
    await apply(me.cookie, result.id);
    const created = await testApp.db.execute<{ id: string }>(
      sql`select id from restaurants where name = 'Fresh Spot'`,
    );
    const id = created.rows[0]?.id ?? "";
    await request(testApp.app, "PUT", `/api/restaurants/${id}/want-to-try`, {
      cookie: other.cookie,
    });
    await undo(me.cookie, result.id);
    const left = await testApp.db.execute(sql`select 1 from restaurants where id = ${id}`);
    expect(left.rows).toHaveLength(1);
    const theirs = await request(testApp.app, "GET", "/api/want-to-try", { cookie: other.cookie });
    expect(theirs.json().counts.want).toBe(1);
  });

  it("writes nothing when one row cannot be written (the Want to try list is full)", async () => {
    await testApp.start();
    const me = await person();
    const filler = await createRestaurant(testApp.db);
    // 1,999 dish entries at one place: one short of the limit.
    await testApp.db.execute(sql`
      insert into want_to_try (user_id, kind, restaurant_id, dish_name, dish_key)
      select ${me.id}, 'dish', ${filler.id}, 'dish ' || n, 'dish ' || n
        from generate_series(1, 1999) n`);
    const result = await preview(me.cookie, "name,rating\nReviewed,4\nOne,\nTwo,\n");
    const before = await tableCounts();
    const response = await request(testApp.app, "POST", `/api/imports/${result.id}/apply`, {
      cookie: me.cookie,
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(await tableCounts()).toEqual(before);
    // Still a preview: nothing of it happened.
    const row = await testApp.db.execute<{ status: string }>(
      sql`select status from imports where id = ${result.id}`,
    );
    expect(row.rows[0]?.status).toBe("preview");
  });

  it("is someone's own: another person's import is a 404 to apply or undo", async () => {
    await testApp.start();
    const me = await person();
    const other = await person();
    const result = await preview(me.cookie, "name\nSomewhere\n");
    for (const action of ["apply", "undo"]) {
      const response = await request(testApp.app, "POST", `/api/imports/${result.id}/${action}`, {
        cookie: other.cookie,
      });
      expect(response.statusCode).toBe(404);
    }
    const bad = await request(testApp.app, "POST", "/api/imports/not-an-id/apply", {
      cookie: me.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("applies at most 3 imports an hour", async () => {
    await testApp.start();
    const me = await person();
    for (let n = 0; n < DEFAULT_CONTENT_RATE_LIMITS.imports.max; n++) {
      const result = await preview(me.cookie, `name\nPlace ${n}\n`);
      await apply(me.cookie, result.id);
    }
    const result = await preview(me.cookie, "name\nOne too many\n");
    const before = await tableCounts();
    const response = await request(testApp.app, "POST", `/api/imports/${result.id}/apply`, {
      cookie: me.cookie,
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBeDefined();
    expect(await tableCounts()).toEqual(before);
  });
});

describe("the places an undo may delete", () => {
  it("checks every table that points at a restaurant", async () => {
    await testApp.start();
    const result = await testApp.db.execute<{ table: string }>(sql`
      select distinct c.conrelid::regclass::text as table
        from pg_constraint c
       where c.contype = 'f' and c.confrelid = 'restaurants'::regclass
       order by 1`);
    // import_items only records the place, and goes with it.
    expect(result.rows.map((row) => row.table.replaceAll('"', ""))).toEqual(
      [...RESTAURANT_REFERENCES, "import_items"].sort(),
    );
  });
});
