import { asc, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { restaurants } from "#server/db/schema/restaurants.ts";
import { LocalPlaceSearch } from "#server/places/local-places.ts";
import { OsmPlaceSearch } from "#server/places/osm-places.ts";
import { getTestDatabase } from "#server/test/database.ts";
import { type FakePhotonServer, startFakePhoton } from "#server/test/photon-server.ts";
import { backfillLocalities, LocalityBackfillError } from "./locality-backfill.ts";

let photon: FakePhotonServer | undefined;

afterEach(async () => {
  await photon?.close();
  photon = undefined;
});

const leeds = { latitude: 53.7958, longitude: -1.5479 };

describe("locality backfill (npm run places:backfill)", () => {
  it("names the pinned places without a city, once; resumes after the provider fails", async () => {
    photon = await startFakePhoton();
    const places = new OsmPlaceSearch({
      baseUrl: photon.baseUrl,
      userAgent: "Tasted (+http://tasted.test)",
      minIntervalMs: 0,
      timeoutMs: 300,
    });
    const { db } = await getTestDatabase();
    const rows = await db
      .insert(restaurants)
      .values([
        { name: "Pinned", ...leeds },
        { name: "Named already", ...leeds, city: "Bristol", region: "Bristol" },
        { name: "No pin" },
        { name: "Pinned too", latitude: 53.8, longitude: -1.55 },
      ])
      .returning({ id: restaurants.id, name: restaurants.name });
    const read = () =>
      db
        .select({
          name: restaurants.name,
          city: restaurants.city,
          region: restaurants.region,
          source: restaurants.placeSource,
        })
        .from(restaurants)
        .where(
          inArray(
            restaurants.id,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(restaurants.name));
    const log: string[] = [];

    expect(await backfillLocalities(db, places, (line) => log.push(line))).toEqual({
      filled: 2,
      unnamed: 0,
      interrupted: false,
    });
    expect(await read()).toEqual([
      { name: "Named already", city: "Bristol", region: "Bristol", source: null },
      { name: "No pin", city: null, region: null, source: null },
      // OpenStreetMap named their towns: their pages credit it.
      { name: "Pinned", city: "Leeds", region: "West Yorkshire", source: "osm" },
      { name: "Pinned too", city: "Leeds", region: "West Yorkshire", source: "osm" },
    ]);
    expect(photon.requests.map((sent) => sent.url.pathname)).toEqual(["/reverse", "/reverse"]);

    // Again: nothing left to name, nothing asked.
    expect(await backfillLocalities(db, places, () => undefined)).toMatchObject({ filled: 0 });
    expect(photon.requests).toHaveLength(2);

    // The provider fails: the run stops, nothing changes; the next run picks the row up.
    await db.insert(restaurants).values({ name: "Pinned later", latitude: 51.45, longitude: -2.6 });
    photon.mode = "error";
    expect(await backfillLocalities(db, places, (line) => log.push(line))).toEqual({
      filled: 0,
      unnamed: 0,
      interrupted: true,
    });
    expect(log.at(-1)).toContain("run again to resume");
    photon.mode = "ok";
    expect(await backfillLocalities(db, places, () => undefined)).toMatchObject({ filled: 1 });
  });

  it("refuses a provider that cannot reverse geocode, before touching anything", async () => {
    const { db } = await getTestDatabase();
    await expect(backfillLocalities(db, new LocalPlaceSearch(db), () => undefined)).rejects.toThrow(
      LocalityBackfillError,
    );
  });
});
