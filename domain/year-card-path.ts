// No zod here: domain/api-paths.ts imports this on every page, the landing page included.

/** A year's images: the share card (1200×630) and the upright story (1080×1920). */
export const yearCardFormats = ["card", "story"] as const;
export type YearCardFormat = (typeof yearCardFormats)[number];

/**
 * The address of a year's share card or story image (Year in Food, domain/year-in-food.ts).
 * Spelled here, not in the web app's apiPaths, because the server writes the card's into the
 * recap page's preview tags too.
 */
export const yearCardPath = (profileId: string, year: number, format: YearCardFormat = "card") =>
  `/api/profiles/${encodeURIComponent(profileId)}/years/${year}/${format}.png`;
