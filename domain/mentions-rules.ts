// No zod here: screens read these without loading the schemas (issue 26).

import type { ItemKind } from "./item-kinds.ts";
import type { TextSegment } from "./mentions.ts";
import { PROFILE_LIMITS } from "./profile-rules.ts";

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
