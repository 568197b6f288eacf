import { z } from "zod";
import { PHOTO_LIMITS, photoMessages } from "./photos-rules.ts";
import { optionalText } from "./text-input.ts";

/** Where a stored picture is: its id and the addresses of its variants (see imageUrls). */
const storedImageAddresses = z.object({
  id: z.string(),
  url: z.string(),
  url480: z.string(),
  url1280: z.string(),
});

/**
 * One stored picture of a review or post. `url` is the large variant (1280 px wide at most);
 * `url480` the small one for cards and `srcset`. width/height are the large variant's size so
 * the page reserves the box before the file arrives; placeholder is a base64 thumbhash painted
 * meanwhile.
 */
export const imageSchema = z.object({
  ...storedImageAddresses.shape,
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  placeholder: z.string().nullable(),
  alt: z.string().nullable(),
  displayOrder: z.number().int(),
});

export type ImageDto = z.infer<typeof imageSchema>;

/** A photo uploaded ahead of the review or post that will show it (POST /api/uploads/images). */
export const uploadedImageSchema = z.object({
  ...storedImageAddresses.shape,
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string(),
});

export type UploadedImageDto = z.infer<typeof uploadedImageSchema>;

/**
 * Variant naming: the stored image_url is the 1280 variant, `<base>-1280.webp`, and the small
 * variant sits beside it as `<base>-480.webp`. Any other address (older rows, seeds) is its
 * own small variant.
 */
export const IMAGE_VARIANT_SUFFIXES = { large: "-1280.webp", small: "-480.webp" } as const;

/** The addresses a stored image is served at: `url` (large) and both variants. */
export function imageUrls(imageUrl: string): { url: string; url480: string; url1280: string } {
  const { large, small } = IMAGE_VARIANT_SUFFIXES;
  const url480 = imageUrl.endsWith(large)
    ? `${imageUrl.slice(0, -large.length)}${small}`
    : imageUrl;
  return { url: imageUrl, url480, url1280: imageUrl };
}

const altText = z.string().trim().max(PHOTO_LIMITS.altMax, photoMessages.altTooLong);

/**
 * The text fields of POST /api/uploads/images beside its file: an optional description, used
 * when the review or post that claims the photo gives none.
 */
export const photoUploadFields = z.object({
  alt: optionalText(PHOTO_LIMITS.altMax, photoMessages.altTooLong),
});

/** A new photo, uploaded ahead and referenced by its upload id, in display order (first = Main). */
export const imageRefInput = z.object({
  uploadId: z.uuid(photoMessages.uploadInvalid),
  alt: altText.nullish().transform((value) => (value ? value : null)),
});

/**
 * One entry of an edited photo list: a photo the item already has (by imageId; an absent alt
 * keeps its description, null or "" removes it) or a new upload.
 */
const imageEditInput = z.union([
  z.object({ imageId: z.uuid(photoMessages.uploadInvalid), alt: altText.nullish() }),
  imageRefInput,
]);

export type ImageEdit = z.output<typeof imageEditInput>;

/** The photos of a new review or post. */
export const imagesInput = z
  .array(imageRefInput)
  .max(PHOTO_LIMITS.perItemMax, photoMessages.tooMany);

/** The complete new photo list of an edited review or post, in display order. */
export const imagesEditInput = z
  .array(imageEditInput)
  .max(PHOTO_LIMITS.perItemMax, photoMessages.tooMany);
