import type { z } from "zod";
import { isUuid } from "#domain/ids.ts";
import { OSM_PLACE_ID_PREFIX } from "#domain/places.ts";
import type { SessionUser } from "#domain/profile.ts";
import {
  derivedPriceTier,
  FOLLOWED_REVIEWS_LIMIT,
  type FollowedReviewsDto,
  placeRating,
  type RestaurantDto,
  type RestaurantItemsPage,
  type RestaurantValues,
  restaurantFromPlace,
  type restaurantItemsQuery,
  type restaurantLocationInput,
  restaurantMessages,
} from "#domain/restaurant.ts";
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

type PlaceProviderName = PlaceSearchProvider["name"];

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
export type CheckedRestaurant = RestaurantValues & {
  verified: boolean;
  /** The provider's city and region; null where it gave none (the address is read instead). */
  city: string | null;
  region: string | null;
};

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
  input: RestaurantValues,
  log: Logger,
): Promise<{ city: string | null; region: string | null }> {
  if (!places.reverse || input.lat === null || input.lat === undefined) {
    return { city: null, region: null };
  }
  if (input.lng === null || input.lng === undefined) return { city: null, region: null };
  try {
    const found = await places.reverse(input.lat, input.lng);
    return { city: found?.city ?? null, region: found?.region ?? null };
  } catch (error) {
    if (!(error instanceof PlacesUnavailableError)) throw error;
    log.warn({ err: error }, "reverse geocoding unavailable; the address names the city");
    return { city: null, region: null };
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

/**
 * Whether the place's address or position came from OpenStreetMap: an OSM place, or a pin the
 * OSM provider reverse geocodes (its city and region, and the address "Use my location" fills
 * in, are OSM's).
 */
function hasOsmData(restaurant: Restaurant, placesProvider: PlaceProviderName): boolean {
  return (
    restaurant.googlePlaceId?.startsWith(OSM_PLACE_ID_PREFIX) === true ||
    (placesProvider === "osm" && restaurant.latitude !== null)
  );
}

function toRestaurantDto(
  restaurant: Restaurant,
  stats: RestaurantStatsRow,
  canEditLocation: boolean,
  placesProvider: PlaceProviderName,
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
    osmCredit: hasOsmData(restaurant, placesProvider),
    priceLevel: restaurant.priceLevel ?? derived,
    priceLevelSource: restaurant.priceLevel ? "google" : derived ? "reviews" : null,
    googleRating: restaurant.googleRating === null ? null : Number(restaurant.googleRating),
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
 * what `viewer` (undefined for visitors) may see; `placesProvider` is the configured one.
 */
export async function getRestaurant(
  db: Database,
  idOrSlug: string,
  viewer: RestaurantViewer | undefined,
  placesProvider: PlaceProviderName,
): Promise<RestaurantDto> {
  const found = isUuid(idOrSlug)
    ? await findRestaurantById(db, idOrSlug)
    : await findRestaurantBySlug(db, idOrSlug.toLowerCase());
  if (!found) throw restaurantNotFound();
  const restaurant = await ensureSlug(db, found);
  const stats = await selectRestaurantStats(db, restaurant.id, viewer?.id);
  return toRestaurantDto(restaurant, stats, mayEditLocation(restaurant, viewer), placesProvider);
}

/**
 * PUT /api/restaurants/:id/location — its creator or a moderator sets (or corrects) the place's
 * address and pin; its city and region follow the new address. The slug stays: links to the
 * page keep working.
 */
export async function setRestaurantLocation(
  db: Database,
  id: string,
  viewer: RestaurantViewer,
  input: z.output<typeof restaurantLocationInput>,
  placesProvider: PlaceProviderName,
): Promise<RestaurantDto> {
  const found = isUuid(id) ? await findRestaurantById(db, id) : undefined;
  if (!found) throw restaurantNotFound();
  if (!mayEditLocation(found, viewer)) {
    throw ApiError.forbidden(restaurantMessages.locationForbidden);
  }
  const updated = await updateRestaurantLocation(db, found.id, {
    address: input.address,
    latitude: input.lat ?? null,
    longitude: input.lng ?? null,
    ...placeLocality(input.address, { city: null, region: null }),
  });
  return getRestaurant(db, updated.id, viewer, placesProvider);
}

/** What the restaurant page's lists need: `user` is the signed-in viewer, or null for visitors. */
export interface RestaurantViewContext {
  db: Database;
  user: SessionUser | null;
}

function restaurantNotFound(): ApiError {
  return ApiError.notFound(restaurantMessages.notFound);
}

/** The id of an existing restaurant; anything else (unknown, not a UUID) is a 404. */
export async function existingRestaurantId(db: Executor, id: string): Promise<string> {
  const restaurant = isUuid(id) ? await findRestaurantById(db, id) : undefined;
  if (!restaurant) throw restaurantNotFound();
  return restaurant.id;
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
