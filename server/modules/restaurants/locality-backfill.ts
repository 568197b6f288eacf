import type { PlaceAddress } from "#domain/places.ts";
import type { Executor } from "#server/db/client.ts";
import { type PlaceSearchProvider, PlacesUnavailableError } from "#server/places/places.ts";
import { fillRestaurantLocality, restaurantsWithoutLocality } from "./restaurants.queries.ts";

/** Rows read per query: a batch is a few minutes of reverse geocoding at the public pace. */
const BATCH = 100;

export interface LocalityBackfillSummary {
  /** Restaurants given a city and region. */
  filled: number;
  /** Pins the provider named no town for: left as they were, asked again on the next run. */
  unnamed: number;
  /** The provider stopped answering: the run ended early; running it again resumes. */
  interrupted: boolean;
}

export class LocalityBackfillError extends Error {}

/**
 * Gives restaurants that have a pin and no city (the places pinned before cities were stored)
 * their city and region by reverse geocoding the pin through the configured provider, so
 * places can be counted by city. One request at a time, at the provider's own pace (the OSM
 * provider keeps the public Photon's rate and caches answers). Idempotent and resumable: only
 * rows still without a city are read, in id order, and a city set meanwhile is never
 * overwritten; a provider that stops answering ends the run, and the next run picks up there.
 * Rows without a pin are never touched.
 */
export async function backfillLocalities(
  db: Executor,
  places: PlaceSearchProvider,
  log: (line: string) => void,
): Promise<LocalityBackfillSummary> {
  if (!places.reverse) {
    throw new LocalityBackfillError(
      `The ${places.name} place provider cannot tell the town of a pin: set PLACES_PROVIDER=osm (and PHOTON_URL) for the backfill`,
    );
  }
  const summary: LocalityBackfillSummary = { filled: 0, unnamed: 0, interrupted: false };
  let after: string | null = null;
  for (;;) {
    const batch = await restaurantsWithoutLocality(db, after, BATCH);
    if (batch.length === 0) return summary;
    for (const row of batch) {
      after = row.id;
      let found: PlaceAddress | null;
      try {
        found = await places.reverse(row.latitude, row.longitude);
      } catch (error) {
        if (!(error instanceof PlacesUnavailableError)) throw error;
        log(`The place provider stopped answering (${error.message}); run again to resume.`);
        return { ...summary, interrupted: true };
      }
      const city = found?.city;
      if (!city) {
        summary.unnamed++;
      } else if (
        await fillRestaurantLocality(db, row.id, {
          city,
          region: found?.region ?? null,
          placeSource: places.name === "local" ? null : places.name,
        })
      ) {
        summary.filled++;
      }
    }
    log(`${summary.filled} filled, ${summary.unnamed} without a town so far`);
  }
}
