import { and, eq, ne } from "drizzle-orm";
import type { Role } from "#domain/profile.ts";
import type { Executor } from "#server/db/client.ts";
import { type NewProfile, type Profile, profiles, userRoles } from "#server/db/schema/profiles.ts";

export async function findProfile(db: Executor, id: string): Promise<Profile | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
  return row;
}

export async function findRole(db: Executor, userId: string): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .limit(1);
  return row?.role;
}

/** Inserts the profile and role unless they exist; returns whether the profile was new. */
export async function insertProfileAndRole(
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

/** Raises a plain user to admin; never lowers a role. */
export async function promoteToAdmin(db: Executor, userId: string): Promise<void> {
  await db
    .update(userRoles)
    .set({ role: "admin" })
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "user")));
}

export async function usernameOwner(db: Executor, username: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.username, username))
    .limit(1);
  return row?.id;
}

export async function slugTakenByOther(db: Executor, slug: string, userId: string) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.slug, slug), ne(profiles.id, userId)))
    .limit(1);
  return row !== undefined;
}

export type ProfileChanges = Partial<
  Pick<
    NewProfile,
    "username" | "slug" | "fullName" | "firstName" | "lastName" | "bio" | "avatarUrl" | "location"
  >
>;

export async function updateProfileRow(
  db: Executor,
  userId: string,
  changes: ProfileChanges,
): Promise<Profile | undefined> {
  const [row] = await db.update(profiles).set(changes).where(eq(profiles.id, userId)).returning();
  return row;
}
