/**
 * The addresses the browser suite's server lists in ADMIN_EMAILS: each becomes admin once its
 * owner confirms it. One per test that needs an admin (the database lives for the whole run).
 */
export const ADMIN_EMAILS = {
  sessionResilience: "admin-steady@example.com",
  emailConfirmation: "admin-confirmed@example.com",
  moderation: "admin-moderation@example.com",
} as const;
