import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";

dayjs.extend(relativeTime);

/**
 * The one date formatter: dates MM/dd/yyyy; posts and notifications use relative time.
 * Every screen formats dates through these so they read the same everywhere.
 */

/** "03/07/2026". Empty for a missing or unreadable date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = dayjs(value);
  return date.isValid() ? date.format("MM/DD/YYYY") : "";
}

/** The `YYYY-MM-DD` of a moment in this device's time zone (a plain `YYYY-MM-DD` stays itself). */
export function localDay(value: string | Date): string {
  return dayjs(value).format("YYYY-MM-DD");
}

/** "November 2026": a month heading. Empty for a missing or unreadable date. */
export function formatMonth(value: string | null | undefined): string {
  if (!value) return "";
  const date = dayjs(value);
  return date.isValid() ? date.format("MMMM YYYY") : "";
}

/** "2 hours ago", "a few seconds ago". Empty for a missing or unreadable date. */
export function formatRelativeTime(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = dayjs(value);
  if (!date.isValid()) return "";
  // A clock a little ahead of the server must not print "in a few seconds".
  return (date.isAfter(dayjs()) ? dayjs() : date).fromNow();
}

/** Machine-readable value for a <time dateTime> attribute. */
export function isoDateTime(value: string | Date | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = dayjs(value);
  return date.isValid() ? date.toISOString() : undefined;
}

/** "03/07/2026, 2:05 PM": the exact moment, e.g. under a relative time on hover. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = dayjs(value);
  return date.isValid() ? date.format("MM/DD/YYYY, h:mm A") : "";
}
