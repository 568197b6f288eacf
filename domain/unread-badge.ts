// No zod here: the navigation that shows the badge is part of the first bundle.

/** Unread badges never grow past "99+"; zero shows no badge at all. */
export function formatUnreadBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? "99+" : String(Math.floor(count));
}
