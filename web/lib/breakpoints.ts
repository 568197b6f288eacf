/**
 * Phones: below 768 px the app shows the bottom navigation and full-screen dialogs. Mantine's
 * `sm` breakpoint is the same 48em, so `hiddenFrom="sm"` and this query agree.
 */
export const MOBILE_QUERY = "(max-width: 47.99em)";
