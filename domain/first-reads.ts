/**
 * The id of the JSON data block in which the server sends a screen's first API answers with its
 * HTML (server/http/first-reads.ts), for the web app to take instead of asking
 * (web/lib/first-reads.ts).
 */
export const FIRST_READS_ELEMENT_ID = "first-reads";
