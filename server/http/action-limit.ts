import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { currentUser } from "#server/auth/session.ts";
import type { RateLimitRule } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import { ApiError } from "./errors.ts";

export interface QuotaDecision {
  allowed: boolean;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfter: number;
}

/**
 * Counts one `action` by `subject` (a user id, a phone number) in the action_limits table and
 * says whether it is within `rule` (fixed window). The database keeps the counts, so every
 * server instance shares them, and one upsert reads and increments, so concurrent requests
 * cannot slip through on a stale count, on PGlite and PostgreSQL alike.
 */
export async function countAction(
  db: Executor,
  action: string,
  subject: string,
  rule: RateLimitRule,
): Promise<QuotaDecision> {
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
  if (Number(row?.count ?? 1) <= rule.max) return { allowed: true, retryAfter: 0 };
  return { allowed: false, retryAfter: Number(row?.retry_after ?? windowSeconds) };
}

/** countAction for an API route: past the rule it answers 429 with Retry-After. */
export async function consumeActionQuota(
  db: Executor,
  action: string,
  subject: string,
  rule: RateLimitRule,
  reply?: FastifyReply,
): Promise<void> {
  const decision = await countAction(db, action, subject, rule);
  if (decision.allowed) return;
  reply?.header("retry-after", String(decision.retryAfter));
  throw new ApiError(429, "RATE_LIMITED", "Too many requests, please try again later");
}

/**
 * The one preamble of a throttled route: a preHandler, placed after the sign-in check, that
 * counts one `action` by the signed-in caller and answers 429 with Retry-After past `rule`.
 * It runs before the handler reads a streamed body, so a throttled upload is never read.
 */
export function throttleCaller(action: string, rule: RateLimitRule) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const db = request.server.database.db;
    await consumeActionQuota(db, action, currentUser(request).id, rule, reply);
  };
}
