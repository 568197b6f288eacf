// Where the server may post a web push. It posts to whatever address a browser hands it, so the
// address decides whom the server talks to: only the browsers' own push services, over https
// on the standard port, are ever reached. A name that merely resolves to something inside the
// network, an IP literal in any spelling (2130706433, 127.1) or another scheme never is.

/**
 * The browsers' push services, by host (or the domain their hosts sit under): Chrome's and
 * other Chromium browsers' (FCM), Firefox's, Edge's on Windows (WNS) and Safari's.
 */
const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
];

/** The API tests' push service listens here, on a port of its own. */
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost"]);

function isPushServiceHost(hostname: string): boolean {
  return PUSH_SERVICE_HOSTS.some((host) => hostname === host || hostname.endsWith(`.${host}`));
}

/**
 * Whether a subscription's endpoint may be posted to: https on 443 (the URL parser drops the
 * default port, so any port left is another one) at a known push service, without credentials.
 * `localPushService` (config PUSH_LOCAL_SERVICE, refused in production) also admits
 * http://127.0.0.1 or localhost on any port: the tests' push service.
 */
export function isAllowedPushEndpoint(endpoint: string, localPushService: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (localPushService && url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname)) return true;
  return url.protocol === "https:" && url.port === "" && isPushServiceHost(url.hostname);
}
