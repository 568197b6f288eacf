import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";

/** In-flight requests and open streams get this long to finish after SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * After SIGTERM, requests are turned away with a 503 this long while the server still listens,
 * so busy keep-alive connections close cleanly rather than being cut under a request.
 */
const SHUTDOWN_DRAIN_MS = 1_000;

async function main() {
  const config = await loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, { database });

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an uncaught error");
    else app.log.info({ signal }, "shutting down");
    if (signal) await app.drainConnections(SHUTDOWN_DRAIN_MS);
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind },
    `Tasted is ready at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
