import { z } from "zod";

/** An optional text field: trimmed, at most `max` characters; empty or missing becomes null. */
export function optionalText(max: number, message: string) {
  return z
    .string()
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
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong);
}
