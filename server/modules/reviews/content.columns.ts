import { profiles } from "#server/db/schema/profiles.ts";
import { restaurants } from "#server/db/schema/restaurants.ts";

/**
 * The author and restaurant columns every review and post read selects, so the DTO mappers in
 * reviews.mapper.ts get the same shape from every query.
 */
export const authorColumns = {
  id: profiles.id,
  username: profiles.username,
  slug: profiles.slug,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
};

export const restaurantRefColumns = {
  id: restaurants.id,
  name: restaurants.name,
  address: restaurants.address,
  slug: restaurants.slug,
  priceLevel: restaurants.priceLevel,
};
