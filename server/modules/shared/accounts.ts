import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { isPlaceholderEmail } from "#domain/auth.ts";
import type { Role, SessionUser } from "#domain/profile.ts";
import { TEMPORARY_USERNAME_PREFIX } from "#domain/profile-rules.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { type NewProfile, type Profile, profiles, userRoles } from "#server/db/schema/profiles.ts";

// Every account has a profile and a role row. The sign-up hook makes them; every write that
// needs the caller's profile row makes sure of it again, so an account whose hook failed heals
// on its next request.

export async function findProfile(db: Executor, id: string): Promise<Profile | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return row;
}

/** Inserts the profile and role unless they exist; returns whether the profile was new. */
async function insertProfileAndRole(
  db: Executor,
  profile: NewProfile,
  role: Role,
): Promise<boolean> {
  const inserted = await db
    .insert(profiles)
    .values(profile)
    .onConflictDoNothing({ target: profiles.id })
    .returning({ id: profiles.id });
  await db.insert(userRoles).values({ userId: profile.id, role }).onConflictDoNothing();
  return inserted.length > 0;
}

const TEMP_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const TEMP_SUFFIX_LENGTH = 12;

/** `user_` + 12 random lowercase letters/digits: passes ^[a-z0-9_]{3,30}$ and is unguessable. */
function temporaryUsername(): string {
  let suffix = "";
  for (let index = 0; index < TEMP_SUFFIX_LENGTH; index++) {
    suffix += TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)];
  }
  return `${TEMPORARY_USERNAME_PREFIX}${suffix}`;
}

export interface AccountIdentity {
  id: string;
  email: string;
  emailVerified: boolean;
}

/**
 * ADMIN_EMAILS grants admin only to a verified address: otherwise anyone could sign up with
 * the operator's address before the operator does and hold the admin role unproven.
 */
export function isAdminIdentity(user: AccountIdentity, adminEmails: readonly string[]): boolean {
  return (
    user.emailVerified &&
    !isPlaceholderEmail(user.email) &&
    adminEmails.includes(user.email.trim().toLowerCase())
  );
}

/**
 * Makes sure the user has a profile (temporary username, slug = username) and a role row.
 * Idempotent and safe to race: called by the sign-up hook and again, lazily, wherever a
 * profile is needed, so an account whose hook failed heals on its next request.
 */
export async function provisionAccount(
  db: Database,
  user: AccountIdentity,
  adminEmails: readonly string[],
): Promise<Profile> {
  const existing = await findProfile(db, user.id);
  if (existing) return existing;
  const role: Role = isAdminIdentity(user, adminEmails) ? "admin" : "user";
  for (let attempt = 0; ; attempt++) {
    const username = temporaryUsername();
    try {
      await db.transaction(async (tx) => {
        await insertProfileAndRole(tx, { id: user.id, username, slug: username }, role);
      });
      break;
    } catch (error) {
      // A random-name collision: try another name. Anything else is a real failure.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
  const created = await findProfile(db, user.id);
  if (!created) throw new Error(`profile for ${user.id} was not created`);
  return created;
}

/** provisionAccount for the signed-in caller, before a write that points at their profile. */
export function ensureCallerProfile(
  db: Database,
  user: SessionUser,
  adminEmails: readonly string[],
): Promise<Profile> {
  return provisionAccount(
    db,
    { id: user.id, email: user.email ?? "", emailVerified: user.emailVerified },
    adminEmails,
  );
}
