import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { RateLimitRule } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import { ApiError } from "./errors.ts";

/**
 * Counts one `action` by `subject` (usually a user id) in the action_limits table and throws
 * 429 past `rule` (fixed window). One upsert reads and increments, so concurrent requests on
 * any server instance cannot slip through on a stale count.
 */
export async function consumeActionQuota(
  db: Executor,
  action: string,
  subject: string,
  rule: RateLimitRule,
  reply?: FastifyReply,
): Promise<void> {
  const windowSeconds = Math.max(1, Math.floor(rule.window));
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into action_limits as l (action, subject, window_start, count)
    values (${action}, ${subject}, now(), 1)
    on conflict (action, subject) do update set
      count = case when l.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then 1 else l.count + 1 end,
      window_start = case when l.window_start <= now() - make_interval(secs => ${windowSeconds})
                          then now() else l.window_start end
    returning count,
      greatest(0, ceil(extract(epoch from
        (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int as retry_after`);
  const row = result.rows[0];
  if (Number(row?.count ?? 1) <= rule.max) return;
  const retryAfter = Number(row?.retry_after ?? windowSeconds);
  reply?.header("retry-after", String(retryAfter));
  throw new ApiError(429, "RATE_LIMITED", "Too many requests, please try again later");
}
