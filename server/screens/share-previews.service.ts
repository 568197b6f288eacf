import { isUuid } from "#domain/ids-rules.ts";
import type { ItemDto } from "#domain/items.ts";
import type { RatingStat } from "#domain/restaurant.ts";
import { matchScreen, type ScreenName, screenPaths } from "#domain/screen-paths.ts";
import { pathSegment } from "#domain/text-input.ts";
import { yearCardPath } from "#domain/year-card-path.ts";
import { yearParam } from "#domain/year-in-food.ts";
import { yearInFoodMessages } from "#domain/year-in-food-rules.ts";
import { ApiError } from "#server/http/errors.ts";
import type { HeadTags } from "#server/http/head-tags.ts";
import { getItem, type ItemContext } from "#server/modules/items/items.service.ts";
import { getProfilePage } from "#server/modules/profiles/profile-page.service.ts";
import { getRestaurant } from "#server/modules/restaurants/restaurants.service.ts";
import { getReviewBySlug } from "#server/modules/reviews/reviews.service.ts";
import { getYear } from "#server/modules/year-in-food/year-in-food.service.ts";
import { selectBestDishPhoto } from "./share-previews.queries.ts";

// Link previews: what a restaurant page, a profile or one review shows when its link is shared.
// They are read as a visitor whoever asks, through the same services as the API's public
// reads, so a preview never holds more than a visitor may see (no hidden item, no private
// field) and a missing or hidden thing simply has no preview.

/** The item services' visitor context, and the origin links and pictures are absolute to. */
export interface SharePreviewContext extends ItemContext {
  user: null;
  publicUrl: string;
  /** The time now: which Year in Food recaps are open depends on it. */
  now: Date;
}

type Params = Record<string, string>;
type Preview = (ctx: SharePreviewContext, params: Params) => Promise<HeadTags | undefined>;

const previews: [ScreenName, Preview][] = [
  ["restaurant", (ctx, { restaurantId }) => restaurantTags(ctx, restaurantId)],
  ["restaurantBySlug", (ctx, { slug }) => restaurantTags(ctx, slug)],
  ["userProfile", (ctx, { handle }) => profileTags(ctx, handle)],
  ["profileByHandle", (ctx, { handle }) => profileTags(ctx, handle)],
  ["view", (ctx, { type, id }) => itemTags(ctx, type, id)],
  ["userYear", (ctx, { handle, year }) => yearTags(ctx, handle, year)],
];

/** The screens that have a preview. */
export const previewedScreens: readonly ScreenName[] = previews.map(([screen]) => screen);

/**
 * The head tags of the screen at `pathname` (still percent-encoded), or undefined when the
 * screen has no preview or names nothing a visitor may see.
 */
export async function sharePreviewTags(
  ctx: SharePreviewContext,
  pathname: string,
): Promise<HeadTags | undefined> {
  for (const [screen, preview] of previews) {
    const raw = matchScreen(screen, pathname);
    if (!raw) continue;
    const params = decodeParams(raw);
    if (!params) return undefined;
    try {
      return await preview(ctx, params);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) return undefined;
      throw error;
    }
  }
  return undefined;
}

/** The path's parameters decoded, or undefined when one is malformed or could not be an id. */
function decodeParams(raw: Params): Params | undefined {
  const decoded: Params = {};
  for (const [name, value] of Object.entries(raw)) {
    let text: string;
    try {
      text = decodeURIComponent(value);
    } catch {
      return undefined;
    }
    if (!pathSegment.safeParse(text).success) return undefined;
    decoded[name] = text;
  }
  return decoded;
}

function pageUrl(ctx: SharePreviewContext, screenPath: string): string {
  return `${ctx.publicUrl}${screenPath}`;
}

/** `address` (a path of this site, or already absolute) as an absolute http(s) URL. */
function absoluteUrl(ctx: SharePreviewContext, address: string | null | undefined) {
  if (!address) return undefined;
  try {
    const url = new URL(address, `${ctx.publicUrl}/`);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** "Dish rating 4.3 from 12 reviews", or undefined without reviews. */
function ratingSummary(label: string, stat: RatingStat): string | undefined {
  if (stat.average === null || stat.count === 0) return undefined;
  return `${label} ${stat.average.toFixed(1)} from ${counted(stat.count, "review")}`;
}

async function restaurantTags(ctx: SharePreviewContext, idOrSlug = ""): Promise<HeadTags> {
  // The page's own read: it also gives a restaurant without a slug its slug, so the canonical
  // address below is the slug form.
  const restaurant = await getRestaurant(ctx.db, idOrSlug, undefined);
  const photo = await selectBestDishPhoto(ctx.db, restaurant.id);
  const ratings = [
    ratingSummary("Dish rating", restaurant.stats.dishRating),
    ratingSummary("Restaurant rating", restaurant.stats.restaurantRating),
  ].filter((summary) => summary !== undefined);
  const description = [ratings.length > 0 ? ratings.join(" · ") : "No reviews yet"];
  if (restaurant.address) description.push(restaurant.address);
  return {
    title: restaurant.name,
    description: description.join(" · "),
    url: pageUrl(ctx, screenPaths.restaurant(restaurant)),
    type: "website",
    imageUrl: absoluteUrl(ctx, photo),
  };
}

async function profileTags(ctx: SharePreviewContext, handle = ""): Promise<HeadTags> {
  const { profile, counts } = await getProfilePage(ctx, handle);
  const name = profile.fullName?.trim();
  const username = `@${profile.username}`;
  const activity = [
    counted(counts.reviews, "review"),
    counted(counts.posts, "post"),
    counted(counts.followers, "follower"),
  ].join(" · ");
  return {
    title: name ? `${name} (${username})` : username,
    description: profile.bio?.trim() || activity,
    url: pageUrl(ctx, screenPaths.user(profile.slug || profile.username)),
    type: "profile",
    imageUrl: absoluteUrl(ctx, profile.avatarUrl),
  };
}

/**
 * What /view/{type}/{id} shows, as the web app finds it: a review, post or deal by id, or (links
 * shared from phones) the newest dish or restaurant review whose slugified title is `id`.
 */
function viewedItem(ctx: SharePreviewContext, type: string, id: string): Promise<ItemDto> {
  if (isUuid(id)) return getItem(ctx, type === "post" || type === "deal" ? type : "review", id);
  if (type === "food" || type === "dish") return getReviewBySlug(ctx, "dish", id);
  if (type === "restaurant") return getReviewBySlug(ctx, "restaurant", id);
  throw ApiError.notFound();
}

async function itemTags(ctx: SharePreviewContext, type = "", id = ""): Promise<HeadTags> {
  const item = await viewedItem(ctx, type, id);
  const description =
    item.itemType === "review"
      ? [`Rated ${item.rating} out of 5 by ${item.userName}`, item.description]
      : item.itemType === "deal"
        ? [`A deal shared by ${item.userName}`, item.details]
        : [`Posted by ${item.userName}`, item.content];
  const title =
    item.itemType === "post"
      ? item.title
      : item.itemType === "deal" || item.reviewType === "dish"
        ? `${item.title} at ${item.restaurant.name}`
        : item.restaurant.name;
  const viewType = item.itemType === "review" ? item.reviewType : item.itemType;
  return {
    title,
    // The builder cuts it to a preview's length: this keeps the start of the text.
    description: description.filter((part) => part?.trim()).join(" · "),
    url: pageUrl(ctx, screenPaths.view(viewType, item.id)),
    type: "article",
    imageUrl: absoluteUrl(ctx, item.images[0]?.url1280),
  };
}

/** A Year in Food recap: the year's numbers, with the server-drawn card as its picture. */
async function yearTags(ctx: SharePreviewContext, handle = "", rawYear = ""): Promise<HeadTags> {
  const year = yearParam.safeParse(rawYear);
  if (!year.success) throw ApiError.notFound();
  const { profile } = await getProfilePage(ctx, handle);
  const recap = await getYear(
    { db: ctx.db, viewerId: undefined, now: ctx.now },
    profile.id,
    year.data,
  );
  const name = profile.fullName?.trim() || `@${profile.username}`;
  return {
    title: yearInFoodMessages.title(name, recap.year),
    description: yearInFoodMessages.description(recap.counts),
    url: pageUrl(ctx, screenPaths.userYear(profile.slug || profile.username, recap.year)),
    type: "profile",
    imageUrl: absoluteUrl(ctx, yearCardPath(profile.id, recap.year)),
  };
}
