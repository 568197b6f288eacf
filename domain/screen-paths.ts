// No zod here: the web app's navigation imports this on every page, the landing page included.

/**
 * The app's screens. The web router renders these patterns, and the server answers 200 with
 * the app for exactly these paths (404 for any other), so both read the table from here.
 * `:name` stands for one path segment.
 */
export const screenRoutes = {
  landing: "/",
  auth: "/auth",
  authCallback: "/auth/callback",
  resetPassword: "/auth/reset-password",
  terms: "/terms",
  install: "/install",
  explore: "/explore",
  userProfile: "/user/:handle",
  profileByHandle: "/profile/:handle",
  restaurant: "/restaurant/:restaurantId",
  restaurantBySlug: "/b/r/:slug",
  setup: "/setup",
  feed: "/feed",
  ownProfile: "/profile",
  newReview: "/post",
  view: "/view/:type/:id",
  notifications: "/notifications",
  security: "/settings/security",
  /** Blocked and muted accounts, "Download my data" and "Delete account". */
  privacy: "/settings/privacy",
  admin: "/admin",
  /** The signed-in person's food map: places tried and wanted. */
  ownMap: "/map",
  /** Another person's food map: the places they tried. */
  userMap: "/user/:handle/map",
  /** A person's Year in Food recap of one year. */
  userYear: "/user/:handle/year/:year",
  /** One named list; a link list's share link adds `?key=`. `?view=map` shows it as a map. */
  list: "/lists/:listId",
} as const;

const segment = (value: string) => encodeURIComponent(value);

/**
 * Marks the landing page as the end of an email confirmation link, so it can say how that went
 * (better-auth adds `error=…` when the link was not valid).
 */
export const EMAIL_CONFIRMED_PARAM = "email-confirmed";

/** Links to screens; the only place screen paths are spelled out. */
export const screenPaths = {
  landing: screenRoutes.landing,
  /** Where an email confirmation link leads: the landing page, which announces the result. */
  emailConfirmed: `${screenRoutes.landing}?${EMAIL_CONFIRMED_PARAM}=1`,
  auth: screenRoutes.auth,
  authCallback: screenRoutes.authCallback,
  resetPassword: screenRoutes.resetPassword,
  terms: screenRoutes.terms,
  install: screenRoutes.install,
  explore: screenRoutes.explore,
  setup: screenRoutes.setup,
  feed: screenRoutes.feed,
  ownProfile: screenRoutes.ownProfile,
  /** The own profile's Lists tab (its `?tab=` value is the tab's name in the address). */
  ownLists: `${screenRoutes.ownProfile}?tab=lists`,
  newReview: screenRoutes.newReview,
  notifications: screenRoutes.notifications,
  security: screenRoutes.security,
  privacy: screenRoutes.privacy,
  admin: screenRoutes.admin,
  ownMap: screenRoutes.ownMap,
  /** A person's profile by their handle (slug or username). */
  user: (handle: string) => `/user/${segment(handle)}`,
  /** A person's food map, by their handle. */
  userMap: (handle: string) => `/user/${segment(handle)}/map`,
  /** A person's Year in Food of `year`, by their handle. */
  userYear: (handle: string, year: number) => `/user/${segment(handle)}/year/${year}`,
  /** A named list; `key` is the share key of a link list's link. */
  list: (listId: string, key?: string | null) =>
    `/lists/${segment(listId)}${key ? `?key=${segment(key)}` : ""}`,
  /** A restaurant's page: by slug when it has one, else by id. */
  restaurant: (restaurant: { id: string; slug: string | null }) =>
    restaurant.slug ? `/b/r/${segment(restaurant.slug)}` : `/restaurant/${segment(restaurant.id)}`,
  /** One review or post on its own page; type is dish, restaurant or post. */
  view: (type: "dish" | "restaurant" | "post" | "deal", id: string) =>
    `/view/${type}/${segment(id)}`,
};

export type ScreenName = keyof typeof screenRoutes;

/** `/view/:type/:id` → a pattern capturing `type` and `id`; a trailing slash is allowed. */
function routePattern(route: string): RegExp {
  const body = route.replace(/:([a-zA-Z]+)/g, "(?<$1>[^/]+)").replace(/\/$/, "");
  return new RegExp(`^${body}/?$`, "u");
}

const patterns = Object.fromEntries(
  Object.entries(screenRoutes).map(([name, route]) => [name, routePattern(route)]),
) as Record<ScreenName, RegExp>;

/** Whether `pathname` (without query string) is one of the app's screens. */
export function isScreenPath(pathname: string): boolean {
  return Object.values(patterns).some((pattern) => pattern.test(pathname));
}

/**
 * The `:name` parameters `pathname` gives the screen `name`, still percent-encoded as they
 * came, or undefined when `pathname` is another screen or none.
 */
export function matchScreen(
  name: ScreenName,
  pathname: string,
): Record<string, string> | undefined {
  const match = patterns[name].exec(pathname);
  return match ? { ...match.groups } : undefined;
}
