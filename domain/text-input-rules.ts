// No zod here: screens read these without loading the schemas (issue 26).

/** The longest text a list's search box sends. */
export const SEARCH_TEXT_MAX = 100;
