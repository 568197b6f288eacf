import { z } from "zod";
import { authorSchema, restaurantRefSchema, reviewSchema } from "./items.ts";
import { LIST_LIMITS, listMessages, listVisibilities } from "./lists-rules.ts";
import { optionalText, pathSegment, requiredText } from "./text-input.ts";

export type ListVisibility = (typeof listVisibilities)[number];

const listName = requiredText(LIST_LIMITS.nameMax, {
  required: listMessages.nameRequired,
  tooLong: listMessages.nameTooLong,
});

const listDescription = optionalText(LIST_LIMITS.descriptionMax, listMessages.descriptionTooLong);

/** POST /api/lists */
export const createListInput = z.object({
  name: listName,
  description: listDescription,
  visibility: z.enum(listVisibilities).default("private"),
});

export type CreateListInput = z.input<typeof createListInput>;

/** PATCH /api/lists/:listId: any of the fields; a missing one stays as it is. */
export const updateListInput = z.object({
  name: listName.optional(),
  // optional() outside: a missing description stays undefined (kept) instead of becoming null.
  description: listDescription.optional(),
  visibility: z.enum(listVisibilities).optional(),
});

export type UpdateListInput = z.input<typeof updateListInput>;

/** `?key=` (and the follow body's `key`): the share key a link carries. */
const listKeyInput = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]*$/, "Invalid list link")
  .optional();

/** GET /api/lists/:listId?key= */
export const listReadQuery = z.object({ key: listKeyInput });

/** POST /api/lists/:listId/entries: exactly one of a restaurant or a review. */
export const addListEntryInput = z.union([
  z.object({ restaurantId: pathSegment }).strict(),
  z.object({ reviewId: pathSegment }).strict(),
]);

export type AddListEntryInput = z.infer<typeof addListEntryInput>;

/** PUT /api/lists/:listId/order: every entry id of the list, in the new order. */
export const reorderListInput = z.object({
  entryIds: z.array(pathSegment).max(LIST_LIMITS.entriesMax),
});

/** PUT /api/lists/:listId/follow */
export const followListInput = z.object({ key: listKeyInput });

/** GET /api/lists/mine?restaurantId= | ?reviewId=: the caller's lists for the Add to list picker. */
export const myListsQuery = z.object({
  restaurantId: pathSegment.optional(),
  reviewId: pathSegment.optional(),
});

/** A list as its header, a profile's Lists tab and the lists one follows show it. */
export const listSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(listVisibilities),
  owner: authorSchema,
  /** Entries anyone who may see the list sees (a hidden review's entry is left out). */
  entryCount: z.number().int(),
  followerCount: z.number().int(),
  /** The first entry's photo that has one, for the list's card. */
  coverPhotoUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isOwner: z.boolean(),
  /** Whether the signed-in viewer follows it; null for visitors and for its owner. */
  followedByMe: z.boolean().nullable(),
  /** The share key, for its owner only (null for everyone else): the link is `?key=` it. */
  shareKey: z.string().nullable(),
});

export type ListSummaryDto = z.infer<typeof listSummarySchema>;

const listEntryKinds = ["restaurant", "review"] as const;

/** One restaurant or review in a list, in the list's order. */
export const listEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(listEntryKinds),
  /** The restaurant itself, or the review's. */
  restaurant: restaurantRefSchema,
  /** Where the restaurant is, for the list's map; null when unknown. */
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The review (kind review), as item cards show it; null for a restaurant. */
  review: reviewSchema.nullable(),
  /**
   * The restaurant's rating (placeRating in domain/restaurant.ts), the same on every entry of
   * one place: shown on a restaurant entry and on the list map's pin. A review keeps its own.
   */
  placeRating: z.number().nullable(),
  /** For a restaurant: the newest visible review photo there; for a review: its first photo. */
  photoUrl: z.string().nullable(),
  addedAt: z.string(),
});

export type ListEntryDto = z.infer<typeof listEntrySchema>;

/** GET /api/lists/:listId and POST /api/lists: the list and all its entries, in order. */
export const listDetailSchema = z.object({
  list: listSummarySchema,
  entries: z.array(listEntrySchema),
});

export type ListDetailDto = z.infer<typeof listDetailSchema>;

/** GET /api/profiles/:id/lists (what the viewer may see) and GET /api/lists/following. */
export const listSummariesSchema = z.object({ lists: z.array(listSummarySchema) });

export type ListSummariesDto = z.infer<typeof listSummariesSchema>;

/** One of the caller's lists in the Add to list picker. */
const myListSchema = z.object({
  id: z.string(),
  name: z.string(),
  visibility: z.enum(listVisibilities),
  entryCount: z.number().int(),
  /** The entry holding the asked-for restaurant or review; null when it is not in the list. */
  entryIdForTarget: z.string().nullable(),
});

export type MyListDto = z.infer<typeof myListSchema>;

/** GET /api/lists/mine: the caller's lists, most recently updated first. */
export const myListsSchema = z.object({ lists: z.array(myListSchema) });

export type MyListsDto = z.infer<typeof myListsSchema>;

/** The answer to following or unfollowing a list. */
export const listFollowStateSchema = z.object({
  following: z.boolean(),
  followerCount: z.number().int(),
});

export type ListFollowStateDto = z.infer<typeof listFollowStateSchema>;
