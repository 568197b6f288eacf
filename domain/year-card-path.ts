// No zod here: web/lib/api-paths.ts imports this on every page, the landing page included.

/**
 * The address of a year's share card (Year in Food, domain/year-in-food.ts). Spelled here, not
 * in the web app's apiPaths, because the server writes it into the recap page's preview tags too.
 */
export const yearCardPath = (profileId: string, year: number) =>
  `/api/profiles/${encodeURIComponent(profileId)}/years/${year}/card.png`;
