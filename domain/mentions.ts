import { z } from "zod";
import { idParam } from "./ids.ts";
import { itemKinds } from "./item-kinds.ts";
import { authorSchema } from "./items.ts";
import { mentionSegments } from "./mentions-rules.ts";
import { PROFILE_LIMITS } from "./profile-rules.ts";

/**
 * "@" and a username in a comment mentions that person (docs/decisions/0032): the text keeps
 * what was typed, and the server remembers whom each handle named when it was written, so the
 * link still reaches them after they rename themselves.
 */
export const MENTION_LIMITS = {
  /** Mentions past this many in one text are plain text (and notify nobody). */
  perText: 10,
  /** How many people the suggestion list offers. */
  suggestions: 8,
} as const;

/** One piece of a text: plain, or a mention of `handle` (lower case) as typed. */
export type TextSegment = { text: string; handle?: string };

/** The different people a text mentions, lower case, in order, at most MENTION_LIMITS.perText. */
export function mentionedHandles(text: string): string[] {
  const handles = new Set<string>();
  for (const segment of mentionSegments(text)) {
    if (segment.handle) handles.add(segment.handle);
  }
  return [...handles].slice(0, MENTION_LIMITS.perText);
}

/**
 * GET /api/mentions/suggestions: people whose username or name starts with `q`; with an item,
 * only people who may see it.
 */
export const mentionSuggestionsQuery = z.object({
  q: z
    .string()
    .max(PROFILE_LIMITS.usernameMax)
    .regex(/^[\p{L}\p{N}_ ]*$/u, { error: "Invalid search" }),
  kind: z.enum(itemKinds).optional(),
  itemId: idParam.optional(),
});

export type MentionSuggestionsQuery = z.infer<typeof mentionSuggestionsQuery>;

const mentionSuggestionSchema = z.object({
  author: authorSchema,
  userName: z.string(),
  /** The username the mention inserts ("@" + this). */
  username: z.string(),
  /** The caller follows them (they come first). */
  followed: z.boolean(),
});

export const mentionSuggestionListSchema = z.object({
  items: z.array(mentionSuggestionSchema),
});

export type MentionSuggestionList = z.infer<typeof mentionSuggestionListSchema>;
