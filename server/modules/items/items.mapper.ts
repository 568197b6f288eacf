import { daysOfBits, timeOfDay } from "#domain/deals.ts";
import type {
  AuthorDto,
  DealSchedule,
  ItemDto,
  MentionDto,
  RestaurantRefDto,
} from "#domain/items.ts";
import { authorDisplayName, authorHandle } from "#domain/items-rules.ts";
import { type ImageDto, imageUrls } from "#domain/photos.ts";
import { dishScore } from "#domain/rankings.ts";
import type { DealWhenColumn, ImageRow, ItemRow } from "./items.queries.ts";

// Rows → API shapes for items and what items show (photos, authors, restaurants). Every module
// that returns reviews, posts or comments maps through here, so an item looks the same
// wherever it is listed.

function toImageDto(row: ImageRow): ImageDto {
  return {
    id: row.id,
    ...imageUrls(row.imageUrl),
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    alt: row.altText,
    displayOrder: Number(row.displayOrder),
  };
}

/** The author_* columns every item and comment read selects. */
export interface AuthorColumns {
  user_id: string;
  author_username: string;
  author_full_name: string | null;
  author_slug: string | null;
  author_avatar_url: string | null;
}

function toAuthorDto(row: AuthorColumns): AuthorDto {
  return {
    id: row.user_id,
    username: row.author_username,
    slug: row.author_slug,
    fullName: row.author_full_name,
    avatarUrl: row.author_avatar_url,
  };
}

/** The author with the display name and profile handle lists show for them. */
export function authorFields(row: AuthorColumns) {
  const author = toAuthorDto(row);
  return { author, userName: authorDisplayName(author), userHandler: authorHandle(author) };
}

function toRestaurantRefDto(row: ItemRow): RestaurantRefDto | null {
  if (!row.restaurant_id || row.restaurant_name === null) return null;
  return {
    id: row.restaurant_id,
    name: row.restaurant_name,
    address: row.restaurant_address,
    slug: row.restaurant_slug,
    priceLevel: row.restaurant_price_level,
  };
}

/** The images of each item of a page, keyed by kind and id. */
export function imagesByItem(rows: readonly ImageRow[]): Map<string, ImageDto[]> {
  const byItem = new Map<string, ImageDto[]>();
  for (const row of rows) {
    const key = itemKey(row.kind, row.itemId);
    const list = byItem.get(key) ?? [];
    list.push(toImageDto(row));
    byItem.set(key, list);
  }
  return byItem;
}

export function itemKey(kind: string, id: string): string {
  return `${kind}:${id}`;
}

/** A deal's schedule columns as the API shows them: "Ends" or weekly hours in its zone. */
function toDealSchedule(when: DealWhenColumn): DealSchedule {
  if (when.weekDays === null || when.startsMinute === null || when.endsMinute === null) {
    return { kind: "ends", endsAt: new Date(when.endsAt ?? 0).toISOString() };
  }
  return {
    kind: "weekly",
    days: daysOfBits(when.weekDays),
    from: timeOfDay(when.startsMinute),
    to: timeOfDay(when.endsMinute),
    lastDay: when.lastDay,
  };
}

/** One item row as the API returns it; `viewerId` is the signed-in caller (or none). */
export function toItemDto(
  row: ItemRow,
  images: ImageDto[],
  mentions: MentionDto[],
  viewerId: string | undefined,
): ItemDto {
  const restaurant = toRestaurantRefDto(row);
  const base = {
    id: row.id,
    title: row.title,
    ...authorFields(row),
    images,
    likeCount: Number(row.like_count),
    commentCount: Number(row.comment_count),
    mentions,
    likedByMe: viewerId ? row.liked_by_me === true : null,
    isOwner: viewerId === row.user_id,
    isHidden: row.is_hidden === true,
    // ISO with milliseconds for display; paging uses the microsecond text in the cursor.
    createdAt: new Date(row.created_at_text).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
  if (row.kind === "review") {
    if (!restaurant) throw new Error(`review ${row.id} has no restaurant`);
    if (row.visited_on === null) throw new Error(`review ${row.id} has no date visited`);
    return {
      ...base,
      itemType: "review",
      reviewType: row.review_type ?? "dish",
      description: row.body,
      rating: Number(row.rating),
      cost: row.cost === null ? null : Number(row.cost),
      visitedOn: row.visited_on,
      category: row.category,
      score:
        row.category === null
          ? null
          : dishScore(Number(row.rating), Number(row.rank_better), Number(row.rank_total)),
      restaurant,
    };
  }
  if (row.kind === "deal") {
    const when = row.deal_when;
    if (!restaurant || !when) throw new Error(`deal ${row.id} has no restaurant or schedule`);
    return {
      ...base,
      itemType: "deal",
      details: row.body,
      restaurant,
      timeZone: when.timeZone,
      schedule: toDealSchedule(when),
      isOnNow: when.isOnNow,
      hasEnded: when.hasEnded,
      myVote: row.my_vote,
      stillOnCount: when.stillOnCount,
      goneCount: when.goneCount,
      reportedGone: when.reportedGone,
    };
  }
  return { ...base, itemType: "post", restaurant, content: row.body };
}
