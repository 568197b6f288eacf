import { z } from "zod";
import { authorSchema } from "./items.ts";
import { pageSchema } from "./paging.ts";

/**
 * How a follow button reads once you follow: a profile offers "Unfollow"; explore's user cards
 * say "Following" (a toggle, pressed), and their follow toast is titled "Following".
 */
export type FollowWording = "unfollow" | "following";

/**
 * PUT|DELETE /api/profiles/:id/follow: where the pair stands afterwards. Following a private
 * account asks its owner instead (`requested`); DELETE ends a follow or withdraws a request.
 */
export const followStateSchema = z.object({
  following: z.boolean(),
  /** A request to follow waits for the owner of the private account. */
  requested: z.boolean(),
  /** The followed person's follower count after the change. */
  followerCount: z.number().int(),
});

export type FollowState = z.infer<typeof followStateSchema>;

/** One person in a followers or following list. */
const followListEntrySchema = authorSchema.extend({
  bio: z.string().nullable(),
  /** Whether the signed-in viewer follows this person; null for visitors and for yourself. */
  followedByMe: z.boolean().nullable(),
});

export type FollowListEntryDto = z.infer<typeof followListEntrySchema>;

/** GET /api/profiles/:id/followers and /following, newest follow first, keyset paged. */
export const followListPageSchema = pageSchema(followListEntrySchema);

export type FollowListPage = z.infer<typeof followListPageSchema>;

export const followListKinds = ["followers", "following"] as const;

export type FollowListKind = (typeof followListKinds)[number];

/** One person waiting for the owner of a private account to answer their request. */
const followRequestSchema = authorSchema.extend({
  /** When they asked. */
  requestedAt: z.string(),
  /** Whether the owner has read the request's notification. */
  isRead: z.boolean(),
});

/**
 * GET /api/follow-requests: the caller's requests waiting for an answer, newest first, keyset
 * paged from the requests themselves, so none drops off behind newer notifications.
 */
export const followRequestPageSchema = pageSchema(followRequestSchema);

export type FollowRequestPage = z.infer<typeof followRequestPageSchema>;

/** PUT /api/profile/privacy: switch Private Profile on or off. */
export const privacyInput = z.object({ private: z.boolean() });

/** Its answer; switching to public accepted every request waiting. */
export const privacySchema = z.object({ private: z.boolean() });

export type PrivacyDto = z.infer<typeof privacySchema>;

/** How many people a suggestion list offers. */
export const SUGGESTED_PEOPLE_LIMIT = 6;

/**
 * GET /api/people/suggested: people the caller does not follow (nor asked to), first those
 * followed by people they follow, then active reviewers near the city in their profile, then
 * the authors of the most liked recent reviews.
 */
export const suggestedPeopleSchema = z.object({ items: z.array(authorSchema) });

export type SuggestedPeople = z.infer<typeof suggestedPeopleSchema>;
