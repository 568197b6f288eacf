import { z } from "zod";
import { idParam } from "./ids.ts";
import { type ItemKind, itemKinds } from "./item-kinds.ts";
import { authorSchema } from "./items.ts";
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

export const mentionMessages = {
  /** The notification's action, before the item's title. */
  mentionedYou: "mentioned you in a comment on",
  /** A mention in a review's or a post's own text, before its title. */
  mentionedYouIn: (kind: ItemKind) => `mentioned you in their ${kind}`,
  suggestionsLabel: "People to mention",
} as const;

const HANDLE = `[A-Za-z0-9_]{${PROFILE_LIMITS.usernameMin},${PROFILE_LIMITS.usernameMax}}`;
/** An "@handle" candidate; the checks below decide whether it is a mention. */
const CANDIDATE = new RegExp(`@(${HANDLE})(?![A-Za-z0-9_])`, "g");
/** Characters that, right before "@", make it part of a word: an email address, a path. */
const GLUED_BEFORE = /[A-Za-z0-9_.+\-@/\\=&?#%~:]/;
/** A web address's start, for the whitespace-delimited word a candidate is in. */
const LINK = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)/i;

/** One piece of a text: plain, or a mention of `handle` (lower case) as typed. */
export type TextSegment = { text: string; handle?: string };

/**
 * The text cut into plain pieces and mentions. "@ana" is a mention at the start of the text or
 * after a space or punctuation such as "(", and not when it is part of an email address
 * (ana@example.com), a link (https://example.com/@ana) or a domain (@example.com).
 */
export function mentionSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const at = match.index;
    const handle = match[1] ?? "";
    const end = at + match[0].length;
    const before = at > 0 ? (text[at - 1] ?? "") : "";
    const wordStart = text.slice(0, at).search(/\S*$/);
    const inLink = LINK.test(text.slice(wordStart, end));
    const domain = text[end] === "." && /[A-Za-z0-9]/.test(text[end + 1] ?? "");
    if (GLUED_BEFORE.test(before) || inLink || domain || text[end] === "@") continue;
    if (at > plainFrom) segments.push({ text: text.slice(plainFrom, at) });
    segments.push({ text: match[0], handle: handle.toLowerCase() });
    plainFrom = end;
  }
  if (plainFrom < text.length) segments.push({ text: text.slice(plainFrom) });
  return segments;
}

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
