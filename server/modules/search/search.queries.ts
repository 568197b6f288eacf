import { type SQL, sql } from "drizzle-orm";
import type { ItemKind } from "#domain/item-kinds.ts";
import { TEMPORARY_USERNAME_PREFIX } from "#domain/profile-rules.ts";
import { SEARCH_CONFIG, unaccented } from "#server/db/columns.ts";
import { activeDealSql, itemColumns, itemRowsSql } from "#server/modules/items/items.queries.ts";
import { savedByFollowedSql } from "#server/modules/restaurants/restaurants.queries.ts";
import {
  shownFollowCountSql,
  type VisibilityReach,
  visibleAuthorSql,
} from "#server/modules/shared/author-visibility.ts";

// Explore's statements. Every tab runs the same two-branch search over its own table:
// - full text: the query's words as prefixes ('ram':* finds "Ramen" while typing) against the
//   weighted search_vector (title or name weighs A, the rest B) through its GIN index; the
//   tasted_search configuration drops accents and case on both sides;
// - typos: pg_trgm word similarity of each query word to the unaccented title or name, through
//   the trigram GIN index on that very expression ("raman" finds "Tonkotsu Ramen"). Like the
//   full-text branch it wants every word, so more words narrow the result in both.
// Matches are ranked by ts_rank plus word similarity, then the tab's own order breaks ties.

/** The words of a search, ready for both branches. */
export interface SearchTerms {
  /** Runs of letters, marks and digits only: no quote, backslash or tsquery operator. */
  words: string[];
  /** `'word':* & …` for to_tsquery. */
  tsquery: string;
  /** The words joined by spaces, for ranking by similarity. */
  text: string;
}

/**
 * The words of `q`: runs of Unicode letters (with their combining marks) and digits, so quotes,
 * backslashes and tsquery operators (& | ! : * ( )) never reach to_tsquery. undefined when `q`
 * has no word at all (only punctuation or emoji): such a search can match nothing.
 */
export function searchTerms(q: string): SearchTerms | undefined {
  const words = q
    .normalize("NFC")
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0);
  if (words.length === 0) return undefined;
  return {
    words,
    tsquery: words.map((word) => `'${word}':*`).join(" & "),
    text: words.join(" "),
  };
}

/**
 * How close a title must be to the query, as pg_trgm word similarity (0-1), to count as a
 * typo match, word by word. pg_trgm's default (0.6) misses one wrong letter in a five-letter word
 * ("raman" → "Ramen" is 0.5); lower than 0.45 lets unrelated words in ("burger" → "Burrito").
 */
const TYPO_SIMILARITY = 0.45;

/**
 * The settings a search statement runs with, for the rest of its transaction only:
 * - the typo threshold (the `<%` operator and its index read it from this setting);
 * - no parallel workers: a search reads a few hundred rows of each match list, and starting
 *   workers for that costs more than it saves (the planner plans the match lists as if they
 *   were read whole, see rankedSql).
 */
export const searchSettingsSql = sql`
  select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true),
         set_config('max_parallel_workers_per_gather', '0', true)`;

/**
 * How many matches of each branch are ranked. A common word ("chicken") matches a large share
 * of the table; ranking all of it would cost time in proportion to the data, so only this many
 * are (ten pages' worth). Which ones: for tabs listed newest first, every match among the
 * newest RECENT_ROWS rows; when those are fewer than a page, whatever the index finds first.
 */
const CANDIDATES = 200;
const RECENT_ROWS = 1000;

/**
 * What one tab searches, written against the alias `s`: of the table, and of its candidates
 * when they are ranked (they keep the table's column names).
 */
interface SearchSource {
  table: SQL;
  /** The rows the tab may list at all. */
  listed: SQL;
  /**
   * The person a row shows (its author, or the person), whom the viewer must be able to see:
   * their content, or (people search) them.
   */
  person: SQL | null;
  reach: VisibilityReach;
  /** The expressions typos are matched against; each has a trigram GIN index on it. */
  typoFields: SQL[];
  /** The tab's own order: it breaks ties of rank, and lists the tab without a query. */
  order: SQL;
  /** Whether `order` is newest first (an index serves it), so recent matches are sought too. */
  newestFirst: boolean;
}

const newestFirst = sql`s.created_at desc, s.id desc`;

const sources = {
  dishes: {
    table: sql`reviews s`,
    listed: sql`not s.is_hidden and s.review_type = 'dish'`,
    person: sql`s.user_id`,
    reach: "content",
    typoFields: [unaccented(sql`s.title`)],
    order: newestFirst,
    newestFirst: true,
  },
  posts: {
    table: sql`posts s`,
    listed: sql`not s.is_hidden`,
    person: sql`s.user_id`,
    reach: "content",
    typoFields: [unaccented(sql`s.title`)],
    order: newestFirst,
    newestFirst: true,
  },
  restaurants: {
    table: sql`restaurants s`,
    listed: sql`true`,
    person: null,
    reach: "content",
    typoFields: [unaccented(sql`s.name`)],
    order: sql`s.name, s.id`,
    newestFirst: false,
  },
  // Only people who finished setting up their profile: a real username and a name.
  users: {
    table: sql`profiles s`,
    listed: sql`not starts_with(s.username, ${TEMPORARY_USERNAME_PREFIX})
                and coalesce(btrim(s.full_name), '') <> ''`,
    // Usernames are lower-case ASCII already, so their trigram index is on the bare column.
    person: sql`s.id`,
    reach: "person",
    typoFields: [sql`s.username`, unaccented(sql`s.full_name`)],
    order: newestFirst,
    newestFirst: true,
  },
} as const satisfies Record<string, SearchSource>;

/**
 * The deals listings show `viewerId` at `at` (the request's moment): activeDealSql, the rule
 * of a restaurant's Deals tab and Nearby's deals, which includes whom the viewer may see. The
 * newest are read from deals_feed_idx, the end checked on each entry; matches are ANDed with
 * deals_listed_end_idx (ADR 0042).
 */
function dealSource(viewerId: string | undefined, at: Date): SearchSource {
  return {
    table: sql`deals s`,
    listed: activeDealSql("s", viewerId, at),
    person: null,
    reach: "content",
    typoFields: [unaccented(sql`s.title`)],
    order: newestFirst,
    newestFirst: true,
  };
}

const tsquery = (terms: SearchTerms) =>
  sql`to_tsquery(${sql.raw(`'${SEARCH_CONFIG}'`)}::regconfig, ${terms.tsquery})`;

/** Every word of `terms` is word-similar to one of the source's typo fields. */
function typoMatch(source: SearchSource, terms: SearchTerms): SQL {
  const wordNear = (word: string) =>
    sql`(${sql.join(
      source.typoFields.map((field) => sql`${unaccented(sql`${word}`)} <% ${field}`),
      sql` or `,
    )})`;
  return sql.join(terms.words.map(wordNear), sql` and `);
}

/**
 * A candidate's rank: ts_rank (about 0.6 for a word in the title, 0.25 in the text, near 1 when
 * every word is in the title) plus the best word similarity of the query to the title or name
 * (1 for an exact word, 0.45-1 for a typo). Title matches thus rank above text-only ones, and
 * the more query words a title holds, the higher it ranks.
 */
function rank(source: SearchSource, terms: SearchTerms): SQL {
  const similarities = source.typoFields.map(
    (field) => sql`word_similarity(${unaccented(sql`${terms.text}`)}, ${field})`,
  );
  return sql`(ts_rank(s.search_vector, ${tsquery(terms)})
              + coalesce(greatest(${sql.join(similarities, sql`, `)}), 0))::float8`;
}

/**
 * The tab's best `limit` rows with `columns` (which must include what the typo fields read) and
 * their rank as `sort_key`, best first, ties in the tab's order. Without terms every listed row
 * ranks 0, so the tab's order alone applies and its index serves it.
 *
 * With terms, the candidates come from two branches:
 * - `words`: the full-text matches among the newest RECENT_ROWS rows (read through the tab's
 *   date index) and, only while those are fewer than a page, up to CANDIDATES others from the
 *   GIN index. A word common enough to fill a page from the newest rows alone is thus never
 *   looked up in the whole index, whose match list for it (every row containing the word, a
 *   tenth of the table for "chicken") is collected whole before any LIMIT applies;
 * - `typos`: up to CANDIDATES typo matches the words did not find. It only runs while the words
 *   found less than a page (the count is a one-time filter, evaluated before its scan): once
 *   the words themselves fill the page, the costliest part of a common word is skipped.
 * Each match list is a MATERIALIZED CTE read only as far as its LIMIT needs: a CTE is planned
 * as if read whole, so the planner picks the GIN index for a rare word instead of walking the
 * table in the hope of finding the few rows early (its estimate for a prefix is often far too
 * high, and the walk then reads the whole table).
 */
function rankedSql(
  source: SearchSource,
  columns: SQL,
  terms: SearchTerms | undefined,
  limit: number,
  viewerId: string | undefined,
): SQL {
  const listed = source.person
    ? sql`${source.listed} and ${visibleAuthorSql(viewerId, source.person, source.reach)}`
    : source.listed;
  const listedRows = (selected: SQL, count: number) => sql`
    select ${selected} from ${source.table}
     where ${listed} order by ${source.order} limit ${count}`;
  if (!terms) return listedRows(sql`${columns}, 0::float8 as sort_key`, limit);
  const selected = sql`${columns}, s.search_vector`;
  const recent = source.newestFirst
    ? sql`select * from (${listedRows(selected, RECENT_ROWS)}) s
           where s.search_vector @@ ${tsquery(terms)}`
    : sql`select ${selected} from ${source.table} where false`;
  return sql`
    with recent_words as (${recent}),
    word_matches as materialized (
      select ${selected} from ${source.table}
       where (select count(*) from recent_words) < ${limit}
             and s.search_vector @@ ${tsquery(terms)} and ${listed}
    ), words as (
      select * from recent_words
      union all
      (select * from word_matches where id not in (select id from recent_words)
        limit ${CANDIDATES})
    ), typo_matches as materialized (
      select ${selected} from ${source.table}
       where (select count(*) from words) < ${limit} and ${typoMatch(source, terms)}
             and ${listed} and s.id not in (select id from words)
    ), typos as (
      select * from typo_matches limit ${CANDIDATES}
    )
    select s.*, ${rank(source, terms)} as sort_key
      from (select * from words union all select * from typos) s
     order by sort_key desc, ${source.order}
     limit ${limit}`;
}

/** The Explore tabs that list items, and the kind each lists. */
const itemSearchKinds = {
  dishes: "review",
  posts: "post",
  deals: "deal",
} as const satisfies Record<string, ItemKind>;
export type ItemSearchTab = keyof typeof itemSearchKinds;

/**
 * Dish reviews, posts or deals as the items kernel returns them, best match first; deals as
 * they stand at `at`.
 */
export function itemSearchSql(
  tab: ItemSearchTab,
  terms: SearchTerms | undefined,
  limit: number,
  viewerId: string | undefined,
  at: Date = new Date(),
): SQL {
  const source = tab === "deals" ? dealSource(viewerId, at) : sources[tab];
  const columns = itemColumns(itemSearchKinds[tab], "s", at);
  return itemRowsSql(rankedSql(source, columns, terms, limit, viewerId), {
    viewerId,
    limit,
    order: { direction: "desc", keyed: true },
  });
}

export interface RestaurantCardRow extends Record<string, unknown> {
  id: string;
  name: string;
  slug: string | null;
  address: string | null;
  google_rating: string | number | null;
  price_level: number | null;
  review_count: number;
  saved_by_followed_count: number;
}

/**
 * Restaurant cards, best match first (by name without a query), with their visible review
 * count (from the restaurant tab index; reviews by people `viewerId` may not see are not
 * counted) and how many people `viewerId` follows still want to try each (none for visitors):
 * both counted for the page's rows only.
 */
export function restaurantSearchSql(
  terms: SearchTerms | undefined,
  limit: number,
  viewerId: string | undefined,
): SQL {
  const source = sources.restaurants;
  const columns = sql`s.id, s.name, s.slug, s.address, s.google_rating, s.price_level`;
  const savedByFollowed = viewerId ? savedByFollowedSql(sql`s.id`, viewerId) : sql`0`;
  return sql`
    select s.id, s.name, s.slug, s.address, s.google_rating, s.price_level,
           (select count(*)::int from reviews r
             where r.restaurant_id = s.id and not r.is_hidden
               and ${visibleAuthorSql(viewerId, sql`r.user_id`)}) as review_count,
           ${savedByFollowed} as saved_by_followed_count
      from (${rankedSql(source, columns, terms, limit, viewerId)}) s
     order by s.sort_key desc, ${source.order}`;
}

export interface UserCardRow extends Record<string, unknown> {
  id: string;
  username: string;
  slug: string;
  full_name: string | null;
  avatar_url: string | null;
  review_count: number;
  follower_count: number;
  following_count: number;
  followed_by_viewer: boolean;
}

/**
 * People cards (of those `viewerId` may see), best match first (newest first without a query),
 * with their visible review
 * count (from the profile index, for the page's rows only), their follow counters (less the
 * people the viewer may not see, as the follower lists) and whether `viewerId` follows them.
 */
export function userSearchSql(
  terms: SearchTerms | undefined,
  limit: number,
  viewerId: string | undefined,
): SQL {
  const source = sources.users;
  const columns = sql`s.id, s.username, s.slug, s.full_name, s.avatar_url, s.follower_count,
                      s.following_count, s.created_at`;
  const followed = viewerId
    ? sql`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.following_id = s.id)`
    : sql`false`;
  return sql`
    select s.id, s.username, s.slug, s.full_name, s.avatar_url,
           ${shownFollowCountSql(viewerId, sql`s.id`, sql`s.follower_count`, "followers")}
             as follower_count,
           ${shownFollowCountSql(viewerId, sql`s.id`, sql`s.following_count`, "following")}
             as following_count,
           (select count(*)::int from reviews r
             where r.user_id = s.id and not r.is_hidden) as review_count,
           ${followed} as followed_by_viewer
      from (${rankedSql(source, columns, terms, limit, viewerId)}) s
     order by s.sort_key desc, ${source.order}`;
}
