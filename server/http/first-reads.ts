import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiPaths } from "#domain/api-paths.ts";
import { FIRST_READS_ELEMENT_ID } from "#domain/first-reads.ts";
import { pageParams } from "#domain/page-params.ts";
import { CARD_PHOTO_SIZES, photoSrc, photoSrcSet } from "#domain/photo-variants.ts";
import type { ImageDto } from "#domain/photos.ts";
import { matchScreen, type ScreenName } from "#domain/screen-paths.ts";
import { escapeHtml } from "./head-tags.ts";

/**
 * A screen's first reads: the API answers its first view asks for, read while its HTML is
 * served and written into it, so the browser has them as soon as the app's script runs instead
 * of asking once it has (the session read first, then the screen's own data, then its first
 * photo; each a round trip on a phone's network). The app takes each answer once
 * (web/lib/first-reads.ts) and asks the API for anything else; docs/decisions/0021.
 */
export interface FirstReads {
  /** The answers by the address asked, exactly as the API sent them; only successful ones. */
  answers: Record<string, unknown>;
  /** Set-Cookie headers the answers carried (a session refreshed), for the page's response. */
  cookies: string[];
  /** Whether the answers are someone's own (a session cookie was sent and is valid). */
  personal: boolean;
  /** The first photo the screen shows, for the browser to fetch before any script runs. */
  leadPhoto: ImageDto | undefined;
}

type Read = (path: string, options?: { leadPhoto?: boolean }) => Promise<unknown>;

/**
 * What each screen's first view reads besides the session, with the same addresses the web app
 * builds (domain/api-paths.ts), given the screen's path parameters, the page's query and who
 * is signed in. A screen not listed reads only the session (and, signed in, /api/me and the
 * unread count). Only the feed's first photo is preloaded: it is always a full-width card's,
 * while profiles and restaurants show tiles or cards as each person chose on their device. A
 * list is read only in the view the page opens with when its address names none (its first
 * tab, newest first, no search). A change to a screen's first query that these do not follow
 * costs a round trip, not a wrong answer: the browser suite's first-reads test says which.
 */
const SCREEN_READS: Partial<Record<ScreenName, ScreenReads>> = {
  feed: async (read) => {
    await read(apiPaths.feed(pageParams(null, { scope: "everyone" })), { leadPhoto: true });
  },
  userProfile: (read, params, query) => readProfile(read, params, query),
  profileByHandle: (read, params, query) => readProfile(read, params, query),
  // The own profile, by username as the page asks for it (by id until one is chosen).
  ownProfile: async (read, _params, query, me) => {
    if (!me) return;
    await readProfile(read, { handle: me.profile?.username ?? me.user.id }, query);
  },
  restaurant: (read, { restaurantId = "" }, query) => readRestaurant(read, restaurantId, query),
  restaurantBySlug: (read, { slug = "" }, query) => readRestaurant(read, slug, query),
  notifications: async (read, _params, _query, me) => {
    if (!me) return;
    await read(apiPaths.notifications);
    await read(apiPaths.followRequests(pageParams(null)));
  },
  explore: async (read, _params, query) => {
    const q = query.get("q")?.trim();
    if (!q || query.has("tab")) return;
    await read(apiPaths.search("dishes", new URLSearchParams({ q })));
  },
};

type ScreenReads = (
  read: Read,
  params: Params,
  query: URLSearchParams,
  me: Me | undefined,
) => Promise<void>;
/** What the screens need of /api/me: who is signed in. */
type Me = { user: { id: string }; profile: { username: string | null } | null };
type Params = Record<string, string>;

/** Whether the page opens a list in its first view: no tab, order or search in its address. */
const opensFirstView = (query: URLSearchParams) =>
  !query.has("tab") && !query.has("sort") && !query.has("q");

async function readProfile(read: Read, { handle = "" }: Params, query: URLSearchParams) {
  const typed = decoded(handle);
  if (typed === undefined) return;
  // As the page does: the handle as typed, without a leading @.
  const page = (await read(apiPaths.profilePage(typed.trim().replace(/^@/, "")))) as {
    profile?: { id: string };
  } | null;
  if (!page?.profile || !opensFirstView(query)) return;
  await read(apiPaths.profileItems(page.profile.id, pageParams(null, FIRST_TAB.profile)));
}

async function readRestaurant(read: Read, idOrSlug: string, query: URLSearchParams) {
  const typed = decoded(idOrSlug);
  if (typed === undefined) return;
  const restaurant = (await read(apiPaths.restaurant(typed))) as { id?: string } | null;
  if (!restaurant?.id || !opensFirstView(query)) return;
  await read(apiPaths.restaurantItems(restaurant.id, pageParams(null, FIRST_TAB.restaurant)));
}

/** The tab and order a profile's and a restaurant's item lists open with. */
const FIRST_TAB = {
  profile: { tab: "posts", sort: "recent" },
  restaurant: { tab: "dishes", sort: "recent" },
} as const;

/** A path parameter as the page's router hands it to the screen, or undefined if malformed. */
function decoded(parameter: string): string | undefined {
  try {
    return decodeURIComponent(parameter);
  } catch {
    return undefined; // not a name anything has: the page says so itself
  }
}

/** The first reads of the screen at `pathname`, asked for with the request's own cookie. */
export async function readFirstReads(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
): Promise<FirstReads> {
  const query = queryOf(request.url);
  const reads: FirstReads = { answers: {}, cookies: [], personal: false, leadPhoto: undefined };
  const cookie = request.headers.cookie;
  const read: Read = async (path, options = {}) => {
    const response = await app.inject({
      method: "GET",
      url: path,
      headers: { accept: "application/json", ...(cookie ? { cookie } : {}) },
    });
    // A cookie an answer sets (the session read refreshing the session) would have reached
    // the browser had it asked itself.
    const setCookie = response.headers["set-cookie"];
    if (setCookie) reads.cookies.push(...(Array.isArray(setCookie) ? setCookie : [setCookie]));
    if (response.statusCode !== 200) return undefined;
    const body: unknown = response.json();
    // The session's token is the cookie's secret: the page has no use for it, so it is not
    // written where a saved page or its source would show it.
    const sessionRecord = (body as { session?: { token?: unknown } } | null)?.session;
    if (path === apiPaths.session && sessionRecord) delete sessionRecord.token;
    reads.answers[path] = body;
    if (options.leadPhoto) reads.leadPhoto ??= leadPhotoOf(body);
    return body;
  };
  // Without a cookie the session read's answer is known: nobody.
  if (!cookie) reads.answers[apiPaths.session] = null;
  const session = cookie ? ((await read(apiPaths.session)) as { user?: unknown } | null) : null;
  let me: Me | undefined;
  if (session?.user) {
    reads.personal = true;
    me = ((await read(apiPaths.me)) as Me | undefined) ?? undefined;
    // The navigation's badge, on every screen of a signed-in person.
    await read(apiPaths.unreadNotificationCount);
  }
  for (const [screen, screenReads] of Object.entries(SCREEN_READS)) {
    const params = matchScreen(screen as ScreenName, pathname);
    if (params && screenReads) await screenReads(read, params, query, me);
  }
  return reads;
}

/** The first card's first photo, when the first card has one (otherwise its text paints first). */
function leadPhotoOf(page: unknown): ImageDto | undefined {
  const items = (page as { items?: { images?: ImageDto[] }[] } | null)?.items;
  return items?.[0]?.images?.[0];
}

/**
 * `page` (the app's index.html) with the reads in it: the lead photo preloaded at high
 * priority in its head, the answers as a JSON data block (not a script: the page's strict CSP
 * runs no inline script) for the app to read.
 */
export function withFirstReads(page: string, reads: FirstReads): string {
  let html = page;
  const photo = reads.leadPhoto;
  if (photo) {
    const srcset = photoSrcSet(photo);
    const link = `<link rel="preload" as="image" href="${escapeHtml(photoSrc(photo))}"${
      srcset
        ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(CARD_PHOTO_SIZES)}"`
        : ""
    } fetchpriority="high" />`;
    html = html.replace("</head>", () => `  ${link}\n  </head>`);
  }
  if (Object.keys(reads.answers).length > 0) {
    // "<" escaped, so no answer can close the block; JSON.parse reads \u003c back as "<".
    const json = JSON.stringify(reads.answers).replace(/</g, "\\u003c");
    const block = `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">${json}</script>`;
    html = html.includes("</body>")
      ? html.replace("</body>", () => `  ${block}\n  </body>`)
      : `${html}${block}`;
  }
  return html;
}

/** The request target's query; none when the target cannot be read as a URL. */
function queryOf(target: string): URLSearchParams {
  try {
    return new URL(target, "http://host").searchParams;
  } catch {
    return new URLSearchParams();
  }
}
