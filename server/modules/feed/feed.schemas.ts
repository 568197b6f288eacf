import { z } from "zod";

// Response schemas shared by the feed, likes and comments routes (OpenAPI + serialisation).

export const authorSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  slug: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

const imageSchema = z.object({
  id: z.string(),
  url: z.string(),
  url480: z.string(),
  url1280: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  placeholder: z.string().nullable(),
  alt: z.string().nullable(),
  displayOrder: z.number().int(),
});

const restaurantSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  address: z.string().nullable(),
  priceLevel: z.number().int().nullable(),
});

const itemBase = {
  id: z.string(),
  title: z.string(),
  restaurant: restaurantSchema.nullable(),
  author: authorSchema,
  userName: z.string(),
  userHandler: z.string(),
  images: z.array(imageSchema),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  /** null for visitors. */
  likedByMe: z.boolean().nullable(),
  isOwner: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const feedItemSchema = z.discriminatedUnion("itemType", [
  z.object({
    ...itemBase,
    itemType: z.literal("review"),
    restaurant: restaurantSchema,
    reviewType: z.enum(["dish", "restaurant"]),
    description: z.string().nullable(),
    rating: z.number(),
    cost: z.number().nullable(),
  }),
  z.object({ ...itemBase, itemType: z.literal("post"), content: z.string().nullable() }),
]);

/** Opaque keyset cursor; `limit` defaults to 20 and is capped at 50 (issue 5). */
export const pageQuery = {
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
};

/** Path ids: anything not shaped like a uuid is a 400 before the database is asked. */
export const idParam = z.guid({ error: "Invalid id" });
