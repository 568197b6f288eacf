/**
 * Whether the person already let this site know where they are. Only then may a screen read
 * the position without a tap on "Use my location": the browser shows no prompt. Browsers
 * without the Permissions API count as not allowed.
 */
export async function isLocationAllowed(): Promise<boolean> {
  if (typeof navigator === "undefined" || !navigator.permissions) return false;
  try {
    const permission = await navigator.permissions.query({ name: "geolocation" });
    return permission.state === "granted";
  } catch {
    return false;
  }
}
