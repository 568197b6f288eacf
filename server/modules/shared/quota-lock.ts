import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";

/**
 * Row-locks the person's auth user until the transaction ends, so two writes of theirs never
 * both count below a per-person limit and both insert (Want to try entries, named lists, data
 * export requests). NO KEY UPDATE leaves the key-share locks that foreign keys take (sessions,
 * the rows themselves) free.
 */
export async function lockQuotaOwner(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select 1 from "user" where id = ${userId} for no key update`);
}
