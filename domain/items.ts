import { z } from "zod";
import { dealVoteStateSchema } from "./deal-votes.ts";
import { type ItemKind, SUBMISSION_KEY_HEADER } from "./item-kinds.ts";
import { imageSchema } from "./photos.ts";

// What every screen and route says about an item (a review or a post), whatever its kind.

export const itemNotFoundMessages = {
  review: "Review not found",
  post: "Post not found",
  deal: "Deal not found",
} as const satisfies Record<ItemKind, string>;

/** The author of an item or comment as lists show them. */
export const authorSchema = z.object({
  id: z.string(),
  username: z.string(),
  slug: z.string().nullable(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

export type AuthorDto = z.infer<typeof authorSchema>;

/** The names an author is shown and linked by. */
export interface AuthorNames {
  username: string | null;
  fullName: string | null;
  slug: string | null;
}

/** The restaurant an item is about, as item cards link to it. */
export const restaurantRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  slug: z.string().nullable(),
  priceLevel: z.number().int().nullable(),
});

export type RestaurantRefDto = z.infer<typeof restaurantRefSchema>;

/**
 * Whom a handle in a text (a comment, a review's or a post's) names now: where its link goes,
 * whatever they are called today (docs/decisions/0032).
 */
export const mentionSchema = z.object({
  /** As typed in the text, lower case. */
  handle: z.string(),
  userName: z.string(),
  userHandler: z.string(),
});

export type MentionDto = z.infer<typeof mentionSchema>;

const itemBase = {
  id: z.string(),
  title: z.string(),
  author: authorSchema,
  /** The author's display name (authorDisplayName). */
  userName: z.string(),
  /** The author's profile handle (authorHandle). */
  userHandler: z.string(),
  images: z.array(imageSchema),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  /** The people its text mentions whom the viewer may see (a review's description, a post's content). */
  mentions: z.array(mentionSchema),
  /** null when nobody is signed in. */
  likedByMe: z.boolean().nullable(),
  /** Whether the signed-in caller wrote it (Edit/Delete menu); false for visitors. */
  isOwner: z.boolean(),
  /**
   * Hidden by a moderator. Only its author is ever sent a hidden item (on their own profile and
   * its detail), so they can see why it is gone for everyone else.
   */
  isHidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const reviewTypes = ["dish", "restaurant"] as const;

export type ReviewType = (typeof reviewTypes)[number];

export const reviewSchema = z.object({
  ...itemBase,
  itemType: z.literal("review"),
  reviewType: z.enum(reviewTypes),
  description: z.string().nullable(),
  rating: z.number().int(),
  /** Dish: the amount paid or null. Restaurant: the price tier 1-4 (dollar signs) or null. */
  cost: z.number().nullable(),
  /** "Date visited": the calendar date `YYYY-MM-DD` the author ate there. */
  visitedOn: z.string(),
  /** Dish reviews: the category it is ranked in (ADR 0030), or null. */
  category: z.string().nullable(),
  /** The score out of 10 (one decimal) from its rank in its category and its stars, or null. */
  score: z.number().nullable(),
  restaurant: restaurantRefSchema,
});

export type ReviewDto = z.infer<typeof reviewSchema>;

export const postSchema = z.object({
  ...itemBase,
  itemType: z.literal("post"),
  content: z.string().nullable(),
  restaurant: restaurantRefSchema.nullable(),
});

export type PostDto = z.infer<typeof postSchema>;

/** A deal's schedule as the API returns it (hours as "HH:MM" in `timeZone`). */
const dealScheduleSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ends"), endsAt: z.string() }),
  z.object({
    kind: z.literal("weekly"),
    days: z.array(z.number().int()),
    from: z.string(),
    to: z.string(),
    lastDay: z.string().nullable(),
  }),
]);

export type DealSchedule = z.infer<typeof dealScheduleSchema>;

/** A deal (docs/decisions/0029, 0034): an item whose title is "What's the deal?". */
export const dealSchema = z.object({
  ...itemBase,
  itemType: z.literal("deal"),
  details: z.string().nullable(),
  restaurant: restaurantRefSchema,
  /** The IANA zone its hours are in: the restaurant's, else its author's. */
  timeZone: z.string(),
  schedule: dealScheduleSchema,
  /** Whether it runs at this moment (inside a weekly window, or before its end). */
  isOnNow: z.boolean(),
  /** Past its end for good: only its author still sees it, on their profile, as "Ended". */
  hasEnded: z.boolean(),
  ...dealVoteStateSchema.shape,
});

export type DealDto = z.infer<typeof dealSchema>;

/** A review, a post or a deal, told apart by `itemType`. */
export const itemSchema = z.discriminatedUnion("itemType", [reviewSchema, postSchema, dealSchema]);

export type ItemDto = z.infer<typeof itemSchema>;

/** The review or post DTO of one kind. */
export type ItemDtoOf<K extends ItemKind> = Extract<ItemDto, { itemType: K }>;

/** The response schema of one kind's item routes. */
export const itemSchemas = {
  review: reviewSchema,
  post: postSchema,
  deal: dealSchema,
} as const satisfies Record<ItemKind, unknown>;

/** The submission key header (SUBMISSION_KEY_HEADER) of a new review, post or deal. */
export const submissionHeaders = z.object({
  [SUBMISSION_KEY_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,100}$/, "Idempotency-Key must be 16 to 100 letters, digits, - or _")
    .optional(),
});
