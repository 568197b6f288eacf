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
