/**
 * What a link to one screen shows when it is pasted into a chat or a post: chat apps and
 * search engines read these tags from the HTML and run no script, so the server writes them.
 * URLs are absolute.
 */
export interface HeadTags {
  /** The page's own name ("Joe's Diner"); the document title adds the site's name. */
  title: string;
  description: string;
  /** The canonical address of the page. */
  url: string;
  type: "website" | "profile" | "article";
  imageUrl?: string | undefined;
}

const SITE_NAME = "Tasted";
/** Previews cut descriptions near here anyway; a shorter one is not cut mid-word by them. */
const DESCRIPTION_MAX = 200;

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** One line of plain text: runs of whitespace (new lines too) become one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** `text` on one line, at most `max` characters, cut at a word with "…" when it was longer. */
function shortened(text: string, max: number): string {
  const line = oneLine(text);
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The build's own description and preview tags, which the page's tags replace. */
const DEFAULT_TAGS =
  /[ \t]*<meta\b[^>]*\b(?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>\r?\n?/gi;
const TITLE = /<title>[\s\S]*?<\/title>/i;

/**
 * The built index.html with `tags` in its head: the default title and description (and any
 * og:/twitter: tags) give way to the page's. Everything written is escaped, so user text can
 * never close the attribute or tag it sits in.
 */
export function withHeadTags(indexHtml: string, tags: HeadTags): string {
  const title = oneLine(tags.title);
  const description = shortened(tags.description, DESCRIPTION_MAX);
  const meta = (attribute: "name" | "property", key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const lines = [
    `<title>${escapeHtml(`${title} · ${SITE_NAME}`)}</title>`,
    meta("name", "description", description),
    `<link rel="canonical" href="${escapeHtml(tags.url)}" />`,
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:type", tags.type),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:url", tags.url),
    ...(tags.imageUrl ? [meta("property", "og:image", tags.imageUrl)] : []),
    meta("name", "twitter:card", tags.imageUrl ? "summary_large_image" : "summary"),
  ];
  const head = indexHtml.replace(DEFAULT_TAGS, "");
  // A function, so "$&" and friends in user text are never read as replacement patterns.
  const block = () => lines.join("\n    ");
  return TITLE.test(head)
    ? head.replace(TITLE, block)
    : head.replace("</head>", `${block()}\n</head>`);
}
