/**
 * `npm run places:backfill`: gives the restaurants that have a pin but no city (those pinned
 * before cities were stored) their city and region, by reverse geocoding each pin through the
 * configured place provider (PLACES_PROVIDER=osm, PHOTON_URL) at its pace. Rows without a pin
 * stay as they are. Safe to stop and run again: it resumes with the rows still without a city.
 * With the embedded database (no DATABASE_URL) the server must be stopped first, as for a
 * backup; with PostgreSQL it runs beside the server.
 */
import { ConfigError, loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import {
  backfillLocalities,
  LocalityBackfillError,
} from "#server/modules/restaurants/locality-backfill.ts";
import { createPlaceProvider } from "#server/places/place-provider.ts";

try {
  const config = await loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const places = createPlaceProvider(config, database.db);
    const summary = await backfillLocalities(database.db, places, (line) => console.log(line));
    console.log(
      `Done: ${summary.filled} restaurants given a city, ${summary.unnamed} pins without a town` +
        (summary.interrupted ? "; interrupted, run again to resume." : "."),
    );
    if (summary.interrupted) process.exitCode = 1;
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof LocalityBackfillError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
