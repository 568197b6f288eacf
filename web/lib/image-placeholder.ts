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

/** `srcset` for the 480/1280 variants; undefined when both are the same file. */
export function imageSrcSet(image: { url480: string; url1280: string }): string | undefined {
  if (!image.url480 || image.url480 === image.url1280) return undefined;
  return `${image.url480} 480w, ${image.url1280} 1280w`;
}
