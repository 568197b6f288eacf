/**
 * How a stored photo's variants are offered to the browser. The web app's `<img>` tags and the
 * server's `<link rel=preload>` of a screen's first photo must name the same files with the same
 * `srcset` and `sizes`, or the browser would fetch the photo twice.
 */

/** A photo card in a list (the feed, a profile, a restaurant): a phone's full width, else the column's. */
export const CARD_PHOTO_SIZES = "(max-width: 720px) 100vw, 690px";

/** `srcset` for the 480/1280 variants; undefined when both are the same file. */
export function photoSrcSet(image: { url480: string; url1280: string }): string | undefined {
  if (!image.url480 || image.url480 === image.url1280) return undefined;
  return `${image.url480} 480w, ${image.url1280} 1280w`;
}

/** The file an `<img>` names in `src`: the large variant, or the original when there is none. */
export function photoSrc(image: { url: string; url1280: string }): string {
  return image.url1280 || image.url;
}
