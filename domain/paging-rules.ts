// No zod here: screens read these without loading the schemas (issue 26).

/** Every list is keyset paged: 20 rows a page unless asked otherwise, never more than 50. */
export const PAGE_LIMITS = { pageDefault: 20, pageMax: 50 } as const;
