import type { FeedPage, FeedScope } from "#domain/feed.ts";
import { feedMessages } from "#domain/feed-rules.ts";
import { itemKinds } from "#domain/item-kinds.ts";
import type { PageQuery } from "#domain/paging.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import type { ItemRow } from "#server/modules/items/items.queries.ts";
import { toItemDtos } from "#server/modules/items/items.service.ts";
import { decodeCursor, keysetPage, pageLimit } from "#server/modules/shared/keyset.ts";
import { feedPageSql } from "./feed.queries.ts";

export interface FeedContext {
  db: Database;
  /** null for visitors. */
  user: SessionUser | null;
}

/** Reviews, posts and running deals together, newest first: one query for the page, one for its photos. */
export async function getFeed(
  ctx: FeedContext,
  query: PageQuery & { scope?: FeedScope | undefined },
): Promise<FeedPage> {
  const limit = pageLimit(query);
  const scope = query.scope ?? "everyone";
  if (scope === "following" && !ctx.user) {
    throw ApiError.unauthorized(feedMessages.signInForFollowing);
  }
  const after = query.cursor ? decodeCursor(query.cursor, itemKinds) : undefined;
  const viewerId = ctx.user?.id;
  const result = await ctx.db.execute<ItemRow>(
    feedPageSql({
      limit: limit + 1,
      after,
      viewerId,
      followedBy: scope === "following" ? viewerId : undefined,
    }),
  );
  const page = keysetPage(result.rows, limit, (last) => ({
    createdAt: last.created_at_text,
    id: last.id,
    kind: last.kind,
  }));
  return { items: await toItemDtos(ctx.db, page.rows, viewerId), nextCursor: page.nextCursor };
}
