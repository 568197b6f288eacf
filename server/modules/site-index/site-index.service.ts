import { screenPaths, screenRoutes } from "#domain/screen-paths.ts";
import type { Executor } from "#server/db/client.ts";
import { selectSitemapProfiles, selectSitemapRestaurants } from "./site-index.queries.ts";

// What search engines are told: robots.txt (which screens to crawl) and sitemap.xml (the public
// pages there are). Both are for visitors, so nothing here depends on who asks.

/**
 * The sitemap protocol's limit for one file is 50,000 addresses: half for restaurants and half
 * for people keeps the file one bounded read, whatever the tables hold.
 */
const SITEMAP_LIMITS = { restaurants: 25_000, profiles: 25_000 } as const;

/** The screen path before its first parameter: `/lists/:listId` → `/lists/`. */
const prefixOf = (route: string) => route.slice(0, route.indexOf(":"));

/**
 * Screens that are someone's own or need an account (settings, notifications, the editor,
 * /admin, one's own map and profile, sign-in) and lists (private, followers-only or reached by
 * a share key): never worth crawling. `$` ends a rule at the path's end (the own /profile, not
 * /profile/{handle}).
 */
const PRIVATE_PATHS = [
  screenRoutes.auth,
  screenRoutes.setup,
  `${screenRoutes.ownProfile}$`,
  screenRoutes.newReview,
  screenRoutes.notifications,
  "/settings/",
  screenRoutes.admin,
  screenRoutes.ownMap,
  prefixOf(screenRoutes.list),
];

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const xmlText = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** The public restaurant and profile pages, as one sitemap of at most SITEMAP_LIMITS addresses. */
export async function sitemapXml(
  db: Executor,
  publicUrl: string,
  limits: { restaurants: number; profiles: number } = SITEMAP_LIMITS,
): Promise<string> {
  const [restaurants, profiles] = [
    await selectSitemapRestaurants(db, limits.restaurants),
    await selectSitemapProfiles(db, limits.profiles),
  ];
  const entry = (path: string, lastModified?: Date | string) =>
    `<url><loc>${xmlText(`${publicUrl}${path}`)}</loc>${
      lastModified ? `<lastmod>${new Date(lastModified).toISOString()}</lastmod>` : ""
    }</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...restaurants.map((row) => entry(screenPaths.restaurant(row))),
    ...profiles.map((row) => entry(screenPaths.user(row.slug), row.updated_at)),
    "</urlset>",
    "",
  ].join("\n");
}
