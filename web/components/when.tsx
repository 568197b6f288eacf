import { formatDateTime, formatRelativeTime, isoDateTime } from "#web/lib/format-date.ts";

/** A relative time ("3 hours ago"), the exact moment on hover; styled by its caller. */
export function When({ value, className }: { value: string; className?: string }) {
  return (
    <time className={className} dateTime={isoDateTime(value)} title={formatDateTime(value)}>
      {formatRelativeTime(value)}
    </time>
  );
}
