import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { ProfileTab, Role } from "#domain/profile.ts";
import type { Executor } from "#server/db/client.ts";
import { type NewProfile, type Profile, profiles, userRoles } from "#server/db/schema/profiles.ts";
import {
  itemListSql,
  itemTabTarget,
  type ViewedItemListWindow,
} from "#server/modules/items/item-list.queries.ts";
import { shownFollowCountSql } from "#server/modules/shared/author-visibility.ts";

export async function findRole(db: Executor, userId: string): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .limit(1);
  return row?.role;
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
  statsPublic: boolean;
  isPrivate: boolean;
  dishReviews: number;
  restaurantReviews: number;
  posts: number;
  deals: number;
  followers: number;
  following: number;
  followedByViewer: boolean;
  requestedByViewer: boolean;
  /** The account waits to be deleted: nobody sees it. */
  pendingDeletion: boolean;
  /** The person blocked the viewer: to the viewer they do not exist. */
  blocksViewer: boolean;
  blockedByViewer: boolean;
  mutedByViewer: boolean;
}

/**
 * The profile a page address names, with its counts, in one statement: `handle` is the profile
 * id as given, or a username or slug already lower-cased; a username match wins over a slug
 * match. Each count is the rows the viewer sees on that tab (see shownCount); the follower
 * counts are the profile's counter columns less the people the viewer may not see, as the
 * follower lists leave them out. The same statement says whether the account is
 * being deleted and how the viewer stands with the person (follow, block either way, mute).
 */
export function profilePageSql(
  handle: { id: string; name: string },
  viewerId: string | undefined,
): SQL {
  // Where the viewer stands with the person: each a primary-key probe; false for visitors.
  const viewerExists = (rows: SQL) => (viewerId ? sql`exists (select 1 from ${rows})` : sql`false`);
  // Hidden items leave everyone's counts but their author's: the author's own tabs still list
  // them (marked hidden), so their own header counts them too. The visible rows come from the
  // partial profile indexes; the owner's few hidden ones are added by a second count.
  const isOwner = viewerId ? sql`p.id = ${viewerId}` : sql`false`;
  const shownCount = (table: "reviews" | "posts" | "deals", type?: "dish" | "restaurant") => {
    const ofType = type ? sql`and i.review_type = ${type}` : sql``;
    const rows = sql`from ${sql.raw(table)} i where i.user_id = p.id ${ofType}`;
    return sql`((select count(*)::int ${rows} and not i.is_hidden)
      + case when ${isOwner} then (select count(*)::int ${rows} and i.is_hidden) else 0 end)`;
  };
  return sql`
    select p.id, p.username, p.slug, p.full_name as "fullName", p.first_name as "firstName",
           p.last_name as "lastName", p.bio, p.avatar_url as "avatarUrl", p.location,
           p.stats_public as "statsPublic", p.is_private as "isPrivate",
           ${shownCount("reviews", "dish")} as "dishReviews",
           ${shownCount("reviews", "restaurant")} as "restaurantReviews",
           ${shownCount("posts")} as posts,
           ${shownCount("deals")} as deals,
           ${shownFollowCountSql(viewerId, sql`p.id`, sql`p.follower_count`, "followers")}
             as followers,
           ${shownFollowCountSql(viewerId, sql`p.id`, sql`p.following_count`, "following")}
             as following,
           ${viewerExists(sql`follows f where f.follower_id = ${viewerId} and f.following_id = p.id`)}
             as "followedByViewer",
           ${viewerExists(sql`follow_requests fr where fr.requester_id = ${viewerId} and fr.target_id = p.id`)}
             as "requestedByViewer",
           exists (select 1 from account_deletions ad where ad.user_id = p.id) as "pendingDeletion",
           ${viewerExists(sql`user_blocks b where b.blocker_id = p.id and b.blocked_id = ${viewerId}`)}
             as "blocksViewer",
           ${viewerExists(sql`user_blocks b where b.blocker_id = ${viewerId} and b.blocked_id = p.id`)}
             as "blockedByViewer",
           ${viewerExists(sql`user_mutes m where m.muter_id = ${viewerId} and m.muted_id = p.id`)}
             as "mutedByViewer"
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

// ---------------------------------------------------------------------------------------------
// Profile tabs

export interface ProfileItemsParams extends ViewedItemListWindow {
  userId: string;
  tab: ProfileTab;
}

/**
 * One page of a profile tab: the items kernel's list scoped to one person, read through the
 * partial profile indexes (reviews_profile_idx, reviews_profile_rating_idx, posts_profile_idx;
 * deals: deals_user_created_idx, which holds the ended and reported gone deals it lists too).
 */
export function profileItemsSql({ userId, tab, ...window }: ProfileItemsParams): SQL {
  return itemListSql({ ...window, scope: { userId }, target: itemTabTarget(tab) });
}
