import { FIRST_READS_ELEMENT_ID } from "#domain/first-reads.ts";

/**
 * The API answers the server sent with this page's HTML (server/http/first-reads.ts): the
 * session and the screen's first data, read while the page was served. Each is taken once, by
 * the first request for exactly its address; what is not taken soon after the first one is
 * dropped, so a screen opened later never shows an answer from when the page loaded.
 */
let answers: Map<string, unknown> | undefined;

/** How long after the first answer is taken the others stay usable. */
const KEPT_MS = 10_000;

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const block =
    typeof document === "undefined" ? null : document.getElementById(FIRST_READS_ELEMENT_ID);
  if (block?.textContent) {
    try {
      answers = new Map(Object.entries(JSON.parse(block.textContent) as Record<string, unknown>));
    } catch {
      // A damaged block only costs the requests it would have saved.
    }
    block.remove();
    setTimeout(() => answers?.clear(), KEPT_MS);
  }
  return answers;
}

/** The answer the page came with for `path`, once; `found` is false when there is none. */
export function takeFirstRead(path: string): { found: true; body: unknown } | { found: false } {
  const known = load();
  if (!known.has(path)) return { found: false };
  const body = known.get(path);
  known.delete(path);
  return { found: true, body };
}
