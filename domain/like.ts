import { z } from "zod";

/** The answer to a like or unlike: the caller's like and the item's new count. */
export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });

export type LikeState = z.infer<typeof likeStateSchema>;
