import { z } from "zod";
import { SEARCH_TEXT_MAX } from "./text-input-rules.ts";

/** NUL cannot be stored in PostgreSQL text: every text field refuses it with a 400. */
const NO_NUL_MESSAGE = "Text must not contain NUL characters";

export const hasNoNul = (value: string) => !value.includes("\0");

/** An optional text field: trimmed, at most `max` characters; empty or missing becomes null. */
export function optionalText(max: number, message: string) {
  return z
    .string()
    .refine(hasNoNul, NO_NUL_MESSAGE)
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * A required text field: trimmed, at least one character, at most `max`. A missing value or
 * one that is not a string gets the same `required` message as an empty one.
 */
export function requiredText(max: number, messages: { required: string; tooLong: string }) {
  return z
    .string({ error: messages.required })
    .refine(hasNoNul, NO_NUL_MESSAGE)
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong);
}

/**
 * A list's optional search text (`?q=`): trimmed, at most SEARCH_TEXT_MAX characters, empty
 * becomes undefined. NUL cannot reach PostgreSQL text, so it is refused here with a 400.
 */
export const searchText = z
  .string()
  .max(SEARCH_TEXT_MAX, `Search must be at most ${SEARCH_TEXT_MAX} characters`)
  .refine(hasNoNul, "Search must not contain NUL characters")
  .transform((value) => value.trim() || undefined)
  .optional();

/**
 * The longest value a path parameter may hold, and the server router's limit: a restaurant slug
 * carries the words of its name (up to 200 characters) and of its address's city and state (an
 * address holds up to 500), far more than an id or a username.
 */
export const PATH_PARAM_MAX = 800;

/**
 * An id, username or slug taken from the URL path: 1 to `max` characters. NUL cannot reach
 * PostgreSQL text, so it is refused here with a 400.
 */
export function pathSegmentUpTo(max: number) {
  return z.string().min(1).max(max).refine(hasNoNul, "Path must not contain NUL characters");
}

/** An id, username or profile slug from the URL path: 1-100 characters. */
export const pathSegment = pathSegmentUpTo(100);
