import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";

/**
 * The main photo (first in display order) of the restaurant's best visible dish review that
 * has one, as a visitor may see it (no account pending deletion): highest rated, then most
 * liked, then newest. The restaurant's dish reviews come
 * from its partial restaurant indexes, so one restaurant's rows are read, never the table.
 */
export function bestDishPhotoSql(restaurantId: string): SQL {
  return sql`
    select photo.image_url
      from reviews r
      cross join lateral (
        select ri.image_url from review_images ri
         where ri.review_id = r.id
         order by ri.display_order, ri.id
         limit 1) photo
     where r.restaurant_id = ${restaurantId} and r.review_type = 'dish' and not r.is_hidden
       and ${visibleAuthorSql(undefined, sql`r.user_id`)}
     order by r.rating desc, r.like_count desc, r.created_at desc, r.id desc
     limit 1`;
}

export async function selectBestDishPhoto(
  db: Executor,
  restaurantId: string,
): Promise<string | undefined> {
  const result = await db.execute<{ image_url: string }>(bestDishPhotoSql(restaurantId));
  return result.rows[0]?.image_url;
}
