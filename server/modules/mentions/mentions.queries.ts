import { type SQL, sql } from "drizzle-orm";
import { MENTION_LIMITS } from "#domain/mentions.ts";
import { TEMPORARY_USERNAME_PREFIX } from "#domain/profile-rules.ts";
import type { Executor } from "#server/db/client.ts";
import type { AuthorColumns } from "#server/modules/items/items.mapper.ts";
import { visibleAuthorSql } from "#server/modules/shared/author-visibility.ts";

export interface SuggestionRow extends AuthorColumns, Record<string, unknown> {
  followed: boolean;
}

/** `like` pattern text: the search's own % and _ are literal. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * People `viewerId` may mention: those whose username starts with `q` or whose name (or a word
 * of it) does, the people they follow first, then the others they may see, by username. Never
 * themselves nor an account still being set up; only people who may see `itemAuthorId`'s items
 * (the caller's own, for a new one). An empty `q` offers only the people they follow.
 */
export function suggestionsSql(viewerId: string, q: string, itemAuthorId: string): SQL {
  const followed = sql`exists (select 1 from follows f
      where f.follower_id = ${viewerId} and f.following_id = p.id)`;
  const prefix = `${escapeLike(q.toLowerCase())}%`;
  const matches =
    q === ""
      ? followed
      : sql`(p.username like ${prefix}
          or tasted_unaccent(p.full_name) ilike tasted_unaccent(${prefix})
          or tasted_unaccent(p.full_name) ilike tasted_unaccent(${`% ${prefix}`}))`;
  return sql`
    select p.id as user_id, p.username as author_username, p.full_name as author_full_name,
           p.slug as author_slug, p.avatar_url as author_avatar_url, ${followed} as followed
      from profiles p
     where ${matches} and p.id <> ${viewerId}
       and p.username not like ${`${escapeLike(TEMPORARY_USERNAME_PREFIX)}%`}
       and ${visibleAuthorSql(viewerId, sql`p.id`, "person")}
       and ${visibleAuthorSql(sql`p.id`, sql`${itemAuthorId}::text`)}
     order by 6 desc, p.username
     limit ${MENTION_LIMITS.suggestions}`;
}

export async function selectSuggestions(
  db: Executor,
  viewerId: string,
  q: string,
  itemAuthorId: string,
): Promise<SuggestionRow[]> {
  return (await db.execute<SuggestionRow>(suggestionsSql(viewerId, q, itemAuthorId))).rows;
}
