import { thumbHashToDataURL } from "thumbhash";

const cache = new Map<string, string | null>();

/**
 * The server stores a base64 thumbhash per picture (server/media/images.ts). Decoding one takes
 * well under a millisecond and yields a tiny PNG data URL painted behind the image while it
 * loads; results are cached because feed cards re-render often.
 */
export function placeholderDataUrl(placeholder: string | null | undefined): string | null {
  if (!placeholder) return null;
  const known = cache.get(placeholder);
  if (known !== undefined) return known;
  let url: string | null = null;
  try {
    const bytes = Uint8Array.from(atob(placeholder), (char) => char.charCodeAt(0));
    url = thumbHashToDataURL(bytes);
  } catch {
    url = null;
  }
  cache.set(placeholder, url);
  return url;
}
