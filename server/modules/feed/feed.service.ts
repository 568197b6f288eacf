import type { ImageDto } from "#domain/content.ts";
import { FEED_LIMITS, feedMessages } from "#domain/feed.ts";
import type { SessionUser } from "#server/auth/session.ts";
import type { Database } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { type FeedItemDto, toFeedItemDto, toImageDto } from "./feed.mapper.ts";
import { selectFeedPage, selectImages } from "./feed.queries.ts";
import { itemKinds } from "./items.queries.ts";

export interface FeedContext {
  db: Database;
  /** null for visitors. */
  user: SessionUser | null;
}

export interface FeedQuery {
  cursor?: string | undefined;
  limit?: number | undefined;
  scope?: "everyone" | "following" | undefined;
}

export interface FeedPage {
  items: FeedItemDto[];
  nextCursor: string | null;
}

/** Reviews and posts together, newest first: one query for the page, one for its images. */
export async function getFeed(ctx: FeedContext, query: FeedQuery): Promise<FeedPage> {
  const limit = Math.min(query.limit ?? FEED_LIMITS.pageDefault, FEED_LIMITS.pageMax);
  const scope = query.scope ?? "everyone";
  if (scope === "following" && !ctx.user)
    throw ApiError.unauthorized(feedMessages.signInForFollowing);
  const after = query.cursor ? decodeCursor(query.cursor, itemKinds) : undefined;
  const rows = await selectFeedPage(ctx.db, {
    limit: limit + 1,
    after,
    viewerId: ctx.user?.id,
    followedBy: scope === "following" ? ctx.user?.id : undefined,
  });
  const pageRows = rows.slice(0, limit);
  const images = new Map<string, ImageDto[]>();
  for (const image of await selectImages(ctx.db, pageRows)) {
    const key = `${image.kind}:${image.item_id}`;
    const list = images.get(key) ?? [];
    list.push(toImageDto(image));
    images.set(key, list);
  }
  const last = pageRows.at(-1);
  return {
    items: pageRows.map((row) =>
      toFeedItemDto(row, images.get(`${row.kind}:${row.id}`) ?? [], ctx.user?.id),
    ),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ createdAt: last.created_at_text, id: last.id, kind: last.kind })
        : null,
  };
}
