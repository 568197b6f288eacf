import type { z } from "zod";
import { isUuid } from "#domain/ids-rules.ts";
import type { SessionUser } from "#domain/profile.ts";
import {
  derivedPriceTier,
  FOLLOWED_REVIEWS_LIMIT,
  type FollowedReviewsDto,
  placeRating,
  type RestaurantDto,
  type RestaurantItemsPage,
  type RestaurantValues,
  type restaurantItemsQuery,
  type restaurantLocationInput,
  restaurantMessages,
} from "#domain/restaurant.ts";
import { restaurantFromPlace } from "#domain/restaurant-rules.ts";
import { addressLocality, numberedSlug, restaurantSlug } from "#domain/slugs.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import type { Restaurant } from "#server/db/schema/restaurants.ts";
import { ApiError } from "#server/http/errors.ts";
import type { Logger } from "#server/media/photo-files.ts";
import { itemTabTarget } from "#server/modules/items/item-list.queries.ts";
import { planItemList, readItemList } from "#server/modules/items/item-list.ts";
import { selectItemRows } from "#server/modules/items/items.queries.ts";
import { toItemDtos } from "#server/modules/items/items.service.ts";

import { type PlaceSearchProvider, PlacesUnavailableError } from "#server/places/places.ts";

import {
  countFollowedReviewers,
  countSavedByFollowed,
  findRestaurantById,
  findRestaurantByNameAndAddress,
  findRestaurantByPlaceId,
  findRestaurantBySlug,
  followedReviewsPage,
  insertRestaurant,
  type RestaurantStatsRow,
  restaurantItemsSql,
  selectRestaurantStats,
  setRestaurantSlug,
  slugsLike,
  updateRestaurantLocation,
} from "./restaurants.queries.ts";

const SLUG_ATTEMPTS = 20;

/** The first free slug for `base`: base, base-2, base-3 … */
async function freeSlug(db: Executor, base: string): Promise<string> {
  const taken = await slugsLike(db, base);
  for (let attempt = 1; ; attempt++) {
    const candidate = numberedSlug(base, attempt);
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * A restaurant as a new review or post may create it. Only the place provider vouches for a
 * place id and for the details that come with it (phone, website, price level, Google's rating):
 * the first reviewer of a place must not be able to give every later reviewer a fake phone
 * number or rating. `verified` is false for what a person typed, which keeps its name, address
 * and position and nothing that would pass for the provider's.
 */
export type CheckedRestaurant = RestaurantValues &
  PinLocality & {
    verified: boolean;
  };

/**
 * The provider's city and region of a place, null where it gave none (the address is read
 * instead), and which provider gave them (or the whole place): null when none did.
 */
interface PinLocality {
  city: string | null;
  region: string | null;
  source: PlaceSource | null;
}

/** The providers whose data a restaurant may hold (the local one only finds Tasted's own). */
type PlaceSource = NonNullable<Restaurant["placeSource"]>;

function placeSourceOf(places: PlaceSearchProvider): PlaceSource | null {
  return places.name === "local" ? null : places.name;
}

/**
 * Where a place is, for counting places by city: what the provider said, else what the address
 * tells (addressLocality), else nothing.
 */
function placeLocality(
  address: string | null,
  given: { city: string | null; region: string | null },
): { city: string | null; region: string | null } {
  if (given.city || given.region) return given;
  const found = address ? addressLocality(address) : {};
  return { city: found.city ?? null, region: found.state?.toUpperCase() ?? null };
}

/**
 * Looks a client's place id up with the provider (outside any transaction: it may be a network
 * call) and takes the provider's details over the client's. An unknown id, a provider without
 * details (the local one) or one that is down leaves the person's own words, unverified; the
 * place id is still used to find a restaurant already known by it.
 */
export async function checkRestaurant(
  places: PlaceSearchProvider,
  input: RestaurantValues,
  log: Logger,
): Promise<CheckedRestaurant> {
  if (input.placeId && places.details) {
    try {
      const place = await places.details(input.placeId);
      if (place?.placeId) {
        return {
          verified: true,
          ...restaurantFromPlace(place),
          city: place.city,
          region: place.region,
          source: placeSourceOf(places),
        };
      }
    } catch (error) {
      if (!(error instanceof PlacesUnavailableError)) throw error;
      log.warn({ err: error }, "place details unavailable; keeping the restaurant as typed");
    }
  }
  return {
    verified: false,
    ...(await pinLocality(places, input, log)),
    placeId: input.placeId,
    name: input.name,
    address: input.address,
    lat: input.lat,
    lng: input.lng,
    phone: null,
    website: null,
    priceLevel: null,
    googleRating: null,
  };
}

/**
 * The city and region of a typed place's pin, from a provider that reverse geocodes (OSM);
 * nothing when it cannot or is down: the address is read instead (placeLocality).
 */
async function pinLocality(
  places: PlaceSearchProvider,
  pin: { lat?: number | null | undefined; lng?: number | null | undefined },
  log: Logger,
): Promise<PinLocality> {
  const none = { city: null, region: null, source: null };
  if (!places.reverse || pin.lat === null || pin.lat === undefined) return none;
  if (pin.lng === null || pin.lng === undefined) return none;
  try {
    const found = await places.reverse(pin.lat, pin.lng);
    const city = found?.city ?? null;
    const region = found?.region ?? null;
    return { city, region, source: city || region ? placeSourceOf(places) : null };
  } catch (error) {
    if (!(error instanceof PlacesUnavailableError)) throw error;
    log.warn({ err: error }, "reverse geocoding unavailable; the address names the city");
    return none;
  }
}

/**
 * Finds the restaurant a review or post is about (by place id, else by name and address
 * ignoring case) or creates it with a unique slug, remembering `creatorId` as the person who
 * added it; a new row keeps a place id only when the provider vouched for it. Runs inside the caller's transaction; each insert gets a savepoint
 * so a unique-index collision with a concurrent request (same slug or same place) is retried
 * instead of failing the whole request. `onCreate` hears of a row this call inserted (an import
 * records the places it added, so its undo can take them away again).
 */
export async function findOrCreateRestaurant(
  tx: Executor,
  input: CheckedRestaurant,
  creatorId: string,
  onCreate?: (restaurant: Restaurant) => void,
): Promise<Restaurant> {
  const placeId = input.verified ? input.placeId : null;
  for (let attempt = 0; ; attempt++) {
    if (input.placeId) {
      const byPlace = await findRestaurantByPlaceId(tx, input.placeId);
      if (byPlace) return byPlace;
    }
    const byName = await findRestaurantByNameAndAddress(tx, input.name, input.address);
    // A known place id must match: two branches with one name and no address stay apart.
    if (byName && (!placeId || !byName.googlePlaceId)) return byName;
    const slug = await freeSlug(tx, restaurantSlug(input.name, input.address));
    try {
      const created = await tx.transaction((savepoint) =>
        insertRestaurant(savepoint, {
          name: input.name,
          slug,
          googlePlaceId: placeId,
          address: input.address,
          latitude: input.lat ?? null,
          longitude: input.lng ?? null,
          ...placeLocality(input.address, input),
          placeSource: input.source,
          createdBy: creatorId,
          phone: input.phone,
          website: input.website,
          priceLevel: input.priceLevel ?? null,
          googleRating: input.googleRating ?? null,
        }),
      );
      onCreate?.(created);
      return created;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

/** A restaurant without a slug gets one from its name and address on first view. */
async function ensureSlug(db: Database, restaurant: Restaurant): Promise<Restaurant> {
  if (restaurant.slug) return restaurant;
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(db, restaurantSlug(restaurant.name, restaurant.address));
    try {
      const updated = await setRestaurantSlug(db, restaurant.id, slug);
      // Null: a concurrent view saved one first.
      return updated ?? (await findRestaurantById(db, restaurant.id)) ?? restaurant;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

const toNumber = (value: string | number | null): number | null =>
  value === null ? null : Number(value);

/**
 * The price tier shown when Google gives none. Restaurant reviews store the reviewer's price
 * range (1-4) in their cost, so averaging them as money would always say Budget; their rounded
 * average is the people's verdict. Without such votes, the money thresholds of
 * derivedPriceTier apply to what dishes there cost (docs/decisions/0007).
 */
function reviewedPriceTier(stats: RestaurantStatsRow): number | null {
  const votes = toNumber(stats.restaurant_price_avg);
  if (votes !== null) return Math.min(4, Math.max(1, Math.round(votes)));
  return derivedPriceTier(toNumber(stats.dish_cost_avg));
}

function toRestaurantDto(
  restaurant: Restaurant,
  stats: RestaurantStatsRow,
  canEditLocation: boolean,
): RestaurantDto {
  const derived = reviewedPriceTier(stats);
  return {
    id: restaurant.id,
    name: restaurant.name,
    slug: restaurant.slug,
    address: restaurant.address,
    latitude: restaurant.latitude,
    longitude: restaurant.longitude,
    city: restaurant.city,
    region: restaurant.region,
    phone: restaurant.phone,
    website: restaurant.website,
    canEditLocation,
    // Exactly where OpenStreetMap's data is shown: an OSM place, or a pin it named the city of.
    osmCredit: restaurant.placeSource === "osm",
    priceLevel: restaurant.priceLevel ?? derived,
    priceLevelSource: restaurant.priceLevel ? "google" : derived ? "reviews" : null,
    googleRating: restaurant.googleRating === null ? null : Number(restaurant.googleRating),
    followerCount: restaurant.followerCount,
    followedByMe: stats.followed_by_viewer,
    stats: {
      dishRating: { average: toNumber(stats.dish_avg), count: Number(stats.dish_count) },
      restaurantRating: {
        average: placeRating(stats.restaurant_avg),
        count: Number(stats.restaurant_count),
      },
      postCount: Number(stats.post_count),
      dealCount: Number(stats.deal_count),
    },
  };
}

/** The signed-in viewer of a restaurant and whether they moderate (undefined: a visitor). */
export interface RestaurantViewer {
  id: string;
  isModerator: boolean;
}

/** Its creator and moderators may give a place its address and pin. */
function mayEditLocation(restaurant: Restaurant, viewer: RestaurantViewer | undefined): boolean {
  return viewer !== undefined && (viewer.isModerator || restaurant.createdBy === viewer.id);
}

/**
 * GET /api/restaurants/:idOrSlug — a UUID is an id, anything else a slug. Its figures count
 * what `viewer` (undefined for visitors) may see.
 */
export async function getRestaurant(
  db: Database,
  idOrSlug: string,
  viewer: RestaurantViewer | undefined,
): Promise<RestaurantDto> {
  const found = isUuid(idOrSlug)
    ? await findRestaurantById(db, idOrSlug)
    : await findRestaurantBySlug(db, idOrSlug.toLowerCase());
  if (!found) throw restaurantNotFound();
  const restaurant = await ensureSlug(db, found);
  const stats = await selectRestaurantStats(db, restaurant.id, viewer?.id);
  return toRestaurantDto(restaurant, stats, mayEditLocation(restaurant, viewer));
}

/**
 * PUT /api/restaurants/:id/location — its creator or a moderator sets (or corrects) the place's
 * address and pin. Its city and region are the pin's where the provider reverse geocodes it (as
 * for a new place typed with a pin; docs/decisions/0027), else read off the address, and its
 * place source says whose they are. The slug stays: links to the page keep working.
 */
export async function setRestaurantLocation(
  ctx: { db: Database; places: PlaceSearchProvider; log: Logger },
  id: string,
  viewer: RestaurantViewer,
  input: z.output<typeof restaurantLocationInput>,
): Promise<RestaurantDto> {
  const found = isUuid(id) ? await findRestaurantById(ctx.db, id) : undefined;
  if (!found) throw restaurantNotFound();
  if (!mayEditLocation(found, viewer)) {
    throw ApiError.forbidden(restaurantMessages.locationForbidden);
  }
  // Outside any transaction: it may be a network call.
  const pin = await pinLocality(ctx.places, input, ctx.log);
  const updated = await updateRestaurantLocation(ctx.db, found.id, {
    address: input.address,
    latitude: input.lat ?? null,
    longitude: input.lng ?? null,
    ...placeLocality(input.address, pin),
    placeSource: pin.source,
  });
  return getRestaurant(ctx.db, updated.id, viewer);
}

/** What the restaurant page's lists need: `user` is the signed-in viewer, or null for visitors. */
export interface RestaurantViewContext {
  db: Database;
  user: SessionUser | null;
}

function restaurantNotFound(): ApiError {
  return ApiError.notFound(restaurantMessages.notFound);
}

/** An existing restaurant's row; anything else (unknown, not a UUID) is a 404. */
export async function existingRestaurant(db: Executor, id: string): Promise<Restaurant> {
  const restaurant = isUuid(id) ? await findRestaurantById(db, id) : undefined;
  if (!restaurant) throw restaurantNotFound();
  return restaurant;
}

/** The id of an existing restaurant; anything else (unknown, not a UUID) is a 404. */
export async function existingRestaurantId(db: Executor, id: string): Promise<string> {
  return (await existingRestaurant(db, id)).id;
}

/** One tab of a restaurant page (posts, dish reviews or restaurant reviews), keyset paged. */
export async function getRestaurantItems(
  ctx: RestaurantViewContext,
  id: string,
  query: z.output<typeof restaurantItemsQuery>,
): Promise<RestaurantItemsPage> {
  const plan = planItemList(itemTabTarget(query.tab).kind, query);
  const restaurantId = await existingRestaurantId(ctx.db, id);
  const viewerId = ctx.user?.id;
  const statement = restaurantItemsSql({
    ...plan.window,
    restaurantId,
    tab: query.tab,
    viewerId,
  });
  return readItemList(ctx.db, plan, statement, viewerId);
}

/**
 * What the people the viewer follows said about the restaurant, newest first, so their
 * opinions come before strangers', and how many of them want to try it. Visitors follow nobody:
 * an empty answer, not a 401, keeps the page one shape for everyone.
 */
export async function getFollowedReviews(
  ctx: RestaurantViewContext,
  id: string,
): Promise<FollowedReviewsDto> {
  const restaurantId = await existingRestaurantId(ctx.db, id);
  const viewerId = ctx.user?.id;
  if (!viewerId) return { items: [], reviewerCount: 0, savedByFollowedCount: 0 };
  const savedByFollowedCount = await countSavedByFollowed(ctx.db, restaurantId, viewerId);
  const rows = await selectItemRows(
    ctx.db,
    followedReviewsPage(restaurantId, viewerId, FOLLOWED_REVIEWS_LIMIT),
    { viewerId, limit: FOLLOWED_REVIEWS_LIMIT },
  );
  if (rows.length === 0) return { items: [], reviewerCount: 0, savedByFollowedCount };
  return {
    items: await toItemDtos(ctx.db, rows, viewerId),
    reviewerCount: await countFollowedReviewers(ctx.db, restaurantId, viewerId),
    savedByFollowedCount,
  };
}
