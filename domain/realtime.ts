// No zod here: the web app's realtime client reads these on every signed-in page.
import type { ItemKind } from "./item-kinds.ts";

/**
 * What `GET /api/events` (Server-Sent Events, one stream per signed-in user) tells a user.
 * Events are hints to refetch, never the data itself: the client reloads what they name, so an
 * event carries ids only and a missed event costs nothing but a refetch on reconnect.
 */
export type RealtimeEvent =
  /** Your notifications changed: a follow, a like or a comment, or a moderator hid or showed your content. */
  | { type: "notification" }
  /** Someone followed or unfollowed; sent to both people. */
  | { type: "follow"; followerId: string; followingId: string }
  /** One of your reviews or posts was deleted (from another tab or device, or by moderation). */
  | { type: "item-deleted"; kind: ItemKind; id: string }
  /** Your Want to try list changed elsewhere: a review you posted moved entries to Tried. */
  | { type: "want-to-try" }
  /**
   * Your sessions or account changed (a sign-out, a revoked session, a new password or email):
   * every server process forgets the sessions it remembers for you. Clients may ignore it.
   */
  | { type: "sessions" };

/** The SSE `event:` name every message uses; its `data:` is one RealtimeEvent as JSON. */
export const REALTIME_MESSAGE_EVENT = "tasted";
