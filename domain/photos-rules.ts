// No zod here: screens read these without loading the schemas (issue 26).

/** Photos of reviews and posts: how many, how large, and how they are described. */
export const PHOTO_LIMITS = {
  perItemMax: 10,
  maxBytes: 10 * 1024 * 1024,
  altMax: 300,
  /** Decompression-bomb guard: well above any phone camera, far below what fills memory. */
  maxPixels: 50_000_000,
} as const;

/** Uploads one person may have in progress at once; the web app queues the rest. */
export const MAX_UPLOADS_AT_ONCE = 2;

export const photoMessages = {
  tooMany: "You can add at most 10 photos",
  altTooLong: "Image description must be less than 300 characters",
  tooLarge: "Image must be less than 10MB",
  invalidType: "Please upload an image file",
  tooManyPixels: `Image must be at most ${PHOTO_LIMITS.maxPixels / 1_000_000} megapixels`,
  uploadInvalid: "Photo upload not found; please upload it again",
  tooManyAtOnce: `Wait for your other uploads to finish: at most ${MAX_UPLOADS_AT_ONCE} at once`,
} as const;

/** "Failed to upload image: {reason}". */
export function uploadFailedMessage(reason: string): string {
  return `Failed to upload image: ${reason}`;
}
