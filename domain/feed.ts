import { z } from "zod";
import { itemSchema } from "./items.ts";
import { pageQuery, pageSchema } from "./paging.ts";

const feedScopes = ["everyone", "following"] as const;

export type FeedScope = (typeof feedScopes)[number];

/** GET /api/feed: everyone's items, or (signed in) those of the people you follow. */
export const feedQuery = pageQuery.extend({ scope: z.enum(feedScopes).optional() });

/** Reviews and posts together, newest first. */
export const feedPageSchema = pageSchema(itemSchema);

export type FeedPage = z.infer<typeof feedPageSchema>;
