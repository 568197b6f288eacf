import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { pathSegment } from "#domain/text-input.ts";
import type { Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { type VisibilityReach, visibleAuthorSql } from "./author-visibility.ts";

// A person as other modules name, check and lock them: every module answering about someone's
// profile, or writing between two people, goes through these.

/**
 * A profile id in a path (ids are the auth service's text ids, not UUIDs); anything unknown is a
 * 404 like a missing profile.
 */
export const profileIdParams = z.object({ id: pathSegment });

const USER_NOT_FOUND_MESSAGE = "User not found";

/**
 * The one answer for a person the caller may not see: unknown, in a block with them or waiting
 * to be deleted all look the same.
 */
export function profileNotFound(): ApiError {
  return ApiError.notFound(USER_NOT_FOUND_MESSAGE);
}

/**
 * Whether the profile exists and `viewerId` (undefined for visitors) may see its person (or,
 * with reach "content", what they keep: their tabs, map, lists): the reads about one person are
 * a 404 as for an unknown id otherwise.
 */
export async function visibleProfileExists(
  db: Executor,
  id: string,
  viewerId: string | undefined,
  reach: VisibilityReach,
): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from profiles p where p.id = ${id} and ${visibleAuthorSql(viewerId, sql`p.id`, reach)}`);
  return result.rows.length > 0;
}

/**
 * Row-locks the people's profiles until the transaction ends, always in id order, so any two
 * writes between the same people (a block, a follow and its counters, a like or comment across
 * them) wait for each other instead of deadlocking, and whichever comes second sees the other's
 * rows. The mode is the weakest that does the job: "share" for writes that only need the pair
 * to stay as it is (a like, a comment), so they do not wait for each other; "no key update"
 * for counter updates (what the updates themselves take, so a follow row inserted meanwhile,
 * whose foreign keys key-share the profiles, does not block them); "update" for a block, which
 * must wait for all of those.
 */
export async function lockProfilesInOrder(
  db: Executor,
  ids: readonly string[],
  mode: "share" | "no key update" | "update",
): Promise<void> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(
    sql`select id from profiles where id in (${list}) order by id for ${sql.raw(mode)}`,
  );
}

/**
 * True when `actor` is one of the two people and `owner` the other, either way round: what one
 * did to the other's things (a like on their item, a follow of their list, a notification sent
 * to them), for the writes that end everything between two people.
 */
export function betweenPeopleSql(a: string, b: string, actor: SQL, owner: SQL): SQL {
  return sql`((${actor} = ${a} and ${owner} = ${b}) or (${actor} = ${b} and ${owner} = ${a}))`;
}
