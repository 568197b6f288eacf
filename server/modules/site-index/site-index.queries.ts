import { sql } from "drizzle-orm";
import { TEMPORARY_USERNAME_PREFIX } from "#domain/profile-rules.ts";
import type { Executor } from "#server/db/client.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";

export interface SitemapRestaurantRow extends Record<string, unknown> {
  id: string;
  slug: string | null;
}

export interface SitemapProfileRow extends Record<string, unknown> {
  slug: string;
  updated_at: Date | string;
}

/** Restaurants for the sitemap: at most `limit`, in primary-key order (an index walk). */
export async function selectSitemapRestaurants(
  db: Executor,
  limit: number,
): Promise<SitemapRestaurantRow[]> {
  const result = await db.execute<SitemapRestaurantRow>(sql`
    select id, slug from restaurants order by id limit ${limit}`);
  return result.rows;
}

/**
 * The newest `limit` profiles a visitor may open (not waiting to be deleted), through
 * profiles_created_at_idx. Accounts still at /setup (a temporary username) have no page worth
 * listing yet.
 */
export async function selectSitemapProfiles(
  db: Executor,
  limit: number,
): Promise<SitemapProfileRow[]> {
  const result = await db.execute<SitemapProfileRow>(sql`
    select p.slug, p.updated_at from profiles p
     where not starts_with(p.username, ${TEMPORARY_USERNAME_PREFIX})
       and ${visibleAuthorSql(undefined, sql`p.id`, "person")}
     order by p.created_at desc, p.id desc
     limit ${limit}`);
  return result.rows;
}
