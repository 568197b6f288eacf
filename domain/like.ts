import { z } from "zod";

export const likeMessages = {
  signInRequired: "Please sign in to like posts",
  updateFailed: "Failed to update like",
} as const;

/** The answer to a like or unlike: the caller's like and the item's new count. */
export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof likeStateSchema>;
