import { sql } from "drizzle-orm";
import type { RateLimitRule } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";

export interface QuotaResult {
  allowed: boolean;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfter: number;
}

/**
 * Counts one code sent to `phone` and says whether it is within `rule` (fixed window). One
 * upsert statement does the read and the increment, so concurrent requests cannot both slip
 * through on a stale count, on PGlite and PostgreSQL alike.
 */
export async function consumePhoneOtpQuota(
  db: Executor,
  phone: string,
  rule: RateLimitRule,
): Promise<QuotaResult> {
  const windowSeconds = Math.max(1, Math.floor(rule.window));
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into phone_otp_limits as l (phone_number, window_start, count)
    values (${phone}, now(), 1)
    on conflict (phone_number) do update set
      count = case when l.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then 1 else l.count + 1 end,
      window_start = case when l.window_start <= now() - make_interval(secs => ${windowSeconds})
                          then now() else l.window_start end
    returning count,
      greatest(0, ceil(extract(epoch from
        (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int as retry_after`);
  const row = result.rows[0];
  const count = Number(row?.count ?? 1);
  if (count <= rule.max) return { allowed: true, retryAfter: 0 };
  return { allowed: false, retryAfter: Number(row?.retry_after ?? windowSeconds) };
}
