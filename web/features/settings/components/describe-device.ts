/** A short, human name for a session's user agent: "Chrome on macOS", "Safari on iPhone". */
export function describeDevice(userAgent: string | null | undefined): {
  name: string;
  mobile: boolean;
} {
  const ua = userAgent ?? "";
  if (!ua) return { name: "Unknown device", mobile: false };
  const os = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /Windows/.test(ua)
            ? "Windows"
            : /CrOS/.test(ua)
              ? "ChromeOS"
              : /Linux/.test(ua)
                ? "Linux"
                : null;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\/|FxiOS/.test(ua)
        ? "Firefox"
        : /SamsungBrowser/.test(ua)
          ? "Samsung Internet"
          : /Chrome\/|Chromium\/|CriOS/.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : null;
  const mobile = /Mobi|iPhone|Android|iPad/.test(ua);
  if (browser && os) return { name: `${browser} on ${os}`, mobile };
  return { name: browser ?? os ?? ua.slice(0, 60), mobile };
}
