import { defineConfig } from "drizzle-kit";

// Only `npm run db:generate` uses this file; the server migrates in code at start-up
// (server/db/client.ts), never through drizzle-kit.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema",
  out: "./server/db/migrations",
  strict: true,
  verbose: true,
});
