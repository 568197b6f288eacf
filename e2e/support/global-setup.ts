import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createScratchDatabase } from "#server/test/database.ts";
import { startTestIdp } from "#server/test/oidc-idp.ts";
import { FAKE_PLACES_API_KEY, startFakePlacesServer } from "#server/test/places-server.ts";
import { freePort, type ServerProcess, startServerProcess } from "#server/test/server-process.ts";
import { ADMIN_EMAILS } from "./admins.ts";
import { startMapStyleServer } from "./map-style-server.ts";
import { createServerLogFile, isWarningOrWorse } from "./server-log.ts";
import { ensureWebBuild } from "./web-build.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the server the browser suite runs against, e.g. http://127.0.0.1:41234 */
    baseURL: string;
    /** Where tests register the places the fake Google Places service knows (places.ts). */
    placesRegisterURL: string;
    /** The MapLibre style the server's food maps use (map-style-server.ts). */
    mapStyleURL: string;
    /**
     * The server's scratch PostgreSQL database, for tests that must set what the API cannot
     * (a review dated last year); empty when the server runs on embedded PGlite.
     */
    databaseURL: string;
  }
}

/**
 * Starts the real server (`node --liftoff-only --import tsx server/main.ts`, the code `npm start` bundles) on a
 * free port with a fresh data directory and an empty database: a new PostgreSQL database on
 * TEST_DATABASE_URL's server when one is given (CI always gives one), else the embedded one.
 * Embedded PGlite runs its queries on the server's only thread, so with two browser test files
 * at a time the server, not the browsers, set the suite's pace; PostgreSQL takes that work off
 * it. The embedded mode keeps its own tests (the API suite, server.test.ts, shutdown.test.ts).
 * The built SPA in dist/ is rebuilt first when its sources changed.
 *
 * Beside it run a fake Google Places service (server/test/places-server.ts), which tests fill
 * with the places their reviews name, and a real OpenID Connect provider on 127.0.0.1 that plays Google
 * (server/test/oidc-idp.ts), a MapLibre style server with no tiles for the food maps
 * (map-style-server.ts), and every line the server prints is kept in a file the tests read
 * (server-log.ts): the console SMS and email senders log the codes and links there.
 */
export default async function setup(project: TestProject) {
  await ensureWebBuild(process.cwd());

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // Outside the server's DATA_DIR so nothing the server does to its own directory touches it.
  const logDir = await mkdtemp(path.join(tmpdir(), "tasted-e2e-log-"));
  const serverLogPath = path.join(logDir, "server.log");
  const appendLog = createServerLogFile(serverLogPath);
  const idp = await startTestIdp(baseURL);
  const places = await startFakePlacesServer();
  const mapStyle = await startMapStyleServer();
  const database = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase("tasted_e2e")
    : undefined;

  let server: ServerProcess;
  try {
    server = await startServerProcess({
      port,
      databaseUrl: database?.url,
      env: {
        GOOGLE_DISCOVERY_URL: idp.discoveryUrl,
        GOOGLE_CLIENT_ID: idp.clientId,
        GOOGLE_CLIENT_SECRET: idp.clientSecret,
        ADMIN_EMAILS: Object.values(ADMIN_EMAILS).join(","),
        GOOGLE_MAPS_API_KEY: FAKE_PLACES_API_KEY,
        GOOGLE_PLACES_BASE_URL: places.baseUrl,
        MAP_STYLE_URL: mapStyle.styleUrl,
      },
      // The console SMS and email senders log codes and links at info (server-log.ts reads them).
      logLevel: "info",
      // Warnings and errors the server logs during the tests belong in the test output.
      onLine(line) {
        appendLog(line);
        if (isWarningOrWorse(line)) process.stderr.write(`[server] ${line}\n`);
      },
    });
  } catch (error) {
    await idp.close().catch(() => {});
    await places.close();
    await mapStyle.close();
    await database?.drop();
    await rm(logDir, { recursive: true, force: true });
    throw error;
  }

  project.provide("baseURL", baseURL);
  project.provide("serverLogPath", serverLogPath);
  project.provide("placesRegisterURL", places.registerUrl);
  project.provide("mapStyleURL", mapStyle.styleUrl);
  project.provide("databaseURL", database?.url ?? "");
  return async () => {
    await server.stop();
    await idp.close().catch(() => {});
    await places.close();
    await mapStyle.close();
    await database?.drop();
    await rm(logDir, { recursive: true, force: true });
  };
}
