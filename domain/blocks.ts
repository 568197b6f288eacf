import { z } from "zod";
import { authorSchema } from "./items.ts";
import { pageSchema } from "./paging.ts";

/**
 * Blocking and muting, two ways of keeping someone out of your sight.
 *
 * Block is mutual and total: neither person sees the other's reviews, posts, comments, lists,
 * map or profile details anywhere, and neither can follow, like or comment on the other. A block
 * removes, at once and for good, the follows between the two, each one's likes and comments on
 * the other's items (so every counter on those items and profiles stays exact) and the
 * notifications between them. The person blocked is not told: the blocker's profile and items
 * answer them as if they did not exist (404). The blocker still reaches the blocked person's
 * profile, which shows only their name and Unblock.
 *
 * Mute is one-sided and quiet: the muted person's items leave the muter's feed and their
 * notifications leave the muter's notifications; nothing else changes and they are not told.
 *
 * Both are listed in settings, newest first, and undone from there or from the profile.
 */

/** PUT|DELETE /api/profiles/:id/block: where the viewer stands with them afterwards. */
export const blockStateSchema = z.object({ blocked: z.boolean() });

export type BlockState = z.infer<typeof blockStateSchema>;

/** PUT|DELETE /api/profiles/:id/mute. */
export const muteStateSchema = z.object({ muted: z.boolean() });

export type MuteState = z.infer<typeof muteStateSchema>;

/** One person in GET /api/blocks or GET /api/mutes, with when they were blocked or muted. */
const restrictedAccountSchema = z.object({
  person: authorSchema,
  since: z.string(),
});

export type RestrictedAccountDto = z.infer<typeof restrictedAccountSchema>;

/** GET /api/blocks and GET /api/mutes: the caller's own, newest first, keyset paged. */
export const restrictedAccountPageSchema = pageSchema(restrictedAccountSchema);

export type RestrictedAccountPage = z.infer<typeof restrictedAccountPageSchema>;

/**
 * How the signed-in viewer stands with a profile they open (GET /api/profiles/:handle); null for
 * visitors and on the own profile. When `blockedByMe`, the page carries the name only: no bio,
 * location, photo or counts, and its tabs are empty.
 */
export const viewerRelationSchema = z.object({
  blockedByMe: z.boolean(),
  mutedByMe: z.boolean(),
});
