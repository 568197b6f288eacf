import { APIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import type { SignInBackoffPolicy } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import { signInFailures } from "#server/db/schema/sign-in-failures.ts";

/**
 * Per-account throttle on password sign-in, beside the per-address limit better-auth keeps:
 * an attacker spreading guesses for one account over many addresses still gets only a few
 * attempts. After `freeAttempts` failures in a row, the next attempt waits `firstDelaySeconds`,
 * and each further failure doubles the wait up to `maxDelaySeconds`; a waiting attempt is
 * refused before the password is checked and does not count.
 *
 * The owner is never locked out by someone else's guessing: a browser the account signed in on
 * before carries a signed known-device cookie and skips the wait, and a password reset (which
 * proves the owner holds the address) clears the failures.
 */
/** HttpOnly, signed with the auth secret; its value is the id of the account that signed in. */
export const KNOWN_DEVICE_COOKIE = "tasted.known_device";
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** How long the account waits after `failures` failures in a row (0: no wait). */
export function backoffDelaySeconds(failures: number, policy: SignInBackoffPolicy): number {
  if (failures < policy.freeAttempts) return 0;
  const doublings = failures - policy.freeAttempts;
  // 2 ** doublings overflows to Infinity long before it matters; the cap applies first.
  return Math.min(policy.maxDelaySeconds, policy.firstDelaySeconds * 2 ** Math.min(doublings, 30));
}

/** The address as every row keys it. */
export function signInKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Whole seconds until `email` may try a password again (0: now). */
export async function secondsUntilNextSignIn(
  db: Executor,
  email: string,
  policy: SignInBackoffPolicy,
): Promise<number> {
  const result = await db.execute<{ failures: number; age: number }>(sql`
    select failures, extract(epoch from now() - last_failed_at)::float8 as age
    from ${signInFailures} where email = ${signInKey(email)}`);
  const row = result.rows[0];
  if (!row) return 0;
  const age = Number(row.age);
  if (age >= policy.forgetAfterSeconds) return 0;
  return Math.max(0, Math.ceil(backoffDelaySeconds(Number(row.failures), policy) - age));
}

/** Counts one wrong password for `email` (a run older than the policy's memory starts over). */
export async function recordSignInFailure(
  db: Executor,
  email: string,
  policy: SignInBackoffPolicy,
): Promise<void> {
  await db.execute(sql`
    insert into ${signInFailures} as f (email, failures, last_failed_at)
    values (${signInKey(email)}, 1, now())
    on conflict (email) do update set
      failures = case
        when f.last_failed_at <= now() - make_interval(secs => ${policy.forgetAfterSeconds})
        then 1 else f.failures + 1 end,
      last_failed_at = now()`);
}

/** The account proved itself (signed in, or reset its password): its failures are forgotten. */
export async function forgetSignInFailures(db: Executor, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, signInKey(email)));
}

/** The 429 a waiting attempt gets; X-Retry-After becomes Retry-After in the auth bridge. */
export function signInDelayedError(seconds: number): APIError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new APIError(
    "TOO_MANY_REQUESTS",
    {
      code: "SIGN_IN_DELAYED",
      message: `Too many failed sign-in attempts for this account. Try again in ${minutes} ${
        minutes === 1 ? "minute" : "minutes"
      }, or reset your password.`,
    },
    { "X-Retry-After": String(seconds) },
  );
}
