import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { ProfileTab, Role } from "#domain/profile.ts";
import type { Executor } from "#server/db/client.ts";
import { type NewProfile, type Profile, profiles, userRoles } from "#server/db/schema/profiles.ts";
import type { Cursor } from "#server/modules/items/cursor.ts";
import { itemColumns, itemRowsSql } from "#server/modules/items/items.queries.ts";

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

// ---------------------------------------------------------------------------------------------
// Profile pages

/** A profile with what its page header counts, as {@link profilePageSql} selects it. */
export interface ProfilePageRow extends Record<string, unknown> {
  id: string;
  username: string;
  slug: string;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  avatarUrl: string | null;
  location: string | null;
  dishReviews: number;
  restaurantReviews: number;
  posts: number;
  followers: number;
  following: number;
  followedByViewer: boolean;
}

/**
 * The profile a page address names, with its counts, in one statement: `handle` is the profile
 * id as given, or a username or slug already lower-cased; a username match wins over a slug
 * match. Each count is one person's visible rows, read from the partial profile indexes; the
 * follower counts are the profile's counter columns.
 */
export function profilePageSql(
  handle: { id: string; name: string },
  viewerId: string | undefined,
): SQL {
  const visibleReviews = (type: "dish" | "restaurant") =>
    sql`(select count(*)::int from reviews r
          where r.user_id = p.id and r.review_type = ${type} and not r.is_hidden)`;
  return sql`
    select p.id, p.username, p.slug, p.full_name as "fullName", p.first_name as "firstName",
           p.last_name as "lastName", p.bio, p.avatar_url as "avatarUrl", p.location,
           ${visibleReviews("dish")} as "dishReviews",
           ${visibleReviews("restaurant")} as "restaurantReviews",
           (select count(*)::int from posts po where po.user_id = p.id and not po.is_hidden) as posts,
           p.follower_count as followers, p.following_count as following,
           ${
             viewerId
               ? sql`exists (select 1 from follows f
                              where f.follower_id = ${viewerId} and f.following_id = p.id)`
               : sql`false`
           } as "followedByViewer"
      from profiles p
     where p.username = ${handle.name} or p.slug = ${handle.name} or p.id = ${handle.id}
     order by p.username = ${handle.name} desc, p.slug = ${handle.name} desc
     limit 1`;
}

export async function selectProfilePage(
  db: Executor,
  handle: { id: string; name: string },
  viewerId: string | undefined,
): Promise<ProfilePageRow | undefined> {
  return (await db.execute<ProfilePageRow>(profilePageSql(handle, viewerId))).rows[0];
}

export async function profileExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, id))
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Profile tabs

/** What a tab is ordered by before (created_at, id). */
export type ProfileSortKey = "date" | "rating" | "price";

export interface ProfileItemsParams {
  userId: string;
  tab: ProfileTab;
  sortKey: ProfileSortKey;
  direction: "asc" | "desc";
  /** Already trimmed; matched anywhere in the title or text, case-insensitively. */
  q?: string | undefined;
  /** The last row of the previous page: its position, and for keyed sorts its value. */
  after?: (Cursor & { key?: number | null }) | undefined;
  /** Rows to fetch (a page plus one, to know whether another page follows). */
  limit: number;
  viewerId?: string | undefined;
}

/** `%text%` for ILIKE with the pattern characters of `text` matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * One page of a profile tab in one statement (plus the kernel's photo read). Every sort is a
 * keyset over (value, created_at, id) in one direction, so a deep page costs what the first
 * does:
 * - date: the partial profile index (user, type, created_at, id) read forwards or backwards;
 * - rating: the partial (user, type, rating, created_at, id) index;
 * - price: a dish's cost; a restaurant review's restaurant price level, else its own cost. It
 *   spans a join, so no index orders it: the person's visible reviews of the tab are read
 *   through the profile index and sorted (one person's reviews, never the table).
 * Reviews without a price come last in both directions: their value is -∞ when descending and
 * +∞ when ascending, and a cursor carries null for them.
 */
export function profileItemsSql(params: ProfileItemsParams): SQL {
  const { tab, sortKey, after, q } = params;
  const kind = tab === "posts" ? "post" : "review";
  const a = sql.raw(kind === "post" ? "p" : "r");
  const direction = sql.raw(params.direction);
  const noPrice = sql.raw(
    params.direction === "desc" ? "'-Infinity'::float8" : "'Infinity'::float8",
  );
  const price =
    tab === "restaurants"
      ? sql`coalesce(prs.price_level::float8, r.cost::float8)`
      : sql`r.cost::float8`;
  const key = sortKey === "rating" ? sql`r.rating` : sql`coalesce(${price}, ${noPrice})`;
  const cursorKey =
    sortKey === "rating"
      ? sql`${after?.key ?? null}::int`
      : sql`coalesce(${after?.key ?? null}::float8, ${noPrice})`;
  const keyed = sortKey !== "date";

  const conditions = [sql`${a}.user_id = ${params.userId}`, sql`not ${a}.is_hidden`];
  if (kind === "review")
    conditions.push(sql`r.review_type = ${tab === "dishes" ? "dish" : "restaurant"}`);
  if (q) {
    const pattern = containsPattern(q);
    const text = kind === "review" ? sql`r.description` : sql`p.content`;
    conditions.push(sql`(${a}.title ilike ${pattern} or ${text} ilike ${pattern})`);
  }
  if (after) {
    const comparison = sql.raw(params.direction === "desc" ? "<" : ">");
    const position = sql`${after.createdAt}::timestamptz, ${after.id}::uuid`;
    conditions.push(
      keyed
        ? sql`(${key}, ${a}.created_at, ${a}.id) ${comparison} (${cursorKey}, ${position})`
        : sql`(${a}.created_at, ${a}.id) ${comparison} (${position})`,
    );
  }
  const table = kind === "post" ? sql`posts p` : sql`reviews r`;
  const priceJoin =
    sortKey === "price" && tab === "restaurants"
      ? sql`join restaurants prs on prs.id = r.restaurant_id`
      : sql``;
  const page = sql`
    select ${itemColumns(kind, kind === "post" ? "p" : "r")}${keyed ? sql`, ${key}::float8 as sort_key` : sql``}
      from ${table} ${priceJoin}
     where ${sql.join(conditions, sql` and `)}
     order by ${keyed ? sql`${key} ${direction}, ` : sql``}${a}.created_at ${direction}, ${a}.id ${direction}
     limit ${params.limit}`;
  return itemRowsSql(page, {
    viewerId: params.viewerId,
    limit: params.limit,
    order: { direction: params.direction, keyed },
  });
}
