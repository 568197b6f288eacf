import sharp from "sharp";

/**
 * The image pipeline: every uploaded picture is decoded by sharp (so its type comes from its
 * bytes, not its name or header), re-encoded to WebP, and written without metadata (EXIF, GPS,
 * XMP, ICC comments are all dropped). The reviews module adds its variants here.
 */

/** Decoded formats we accept. SVG, PDF and RAW are refused: they are not photos. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
/** Decompression-bomb guard: about 50 megapixels, well above any phone camera. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Budget (ARCHITECTURE): at most two sharp jobs at once on a 2-core machine. */
const MAX_CONCURRENT_JOBS = 2;

export class UnsupportedImageError extends Error {
  constructor() {
    super("not a supported image");
    this.name = "UnsupportedImageError";
  }
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  contentType: "image/webp";
}

class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active += 1;
    try {
      return await job();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

const jobs = new Semaphore(MAX_CONCURRENT_JOBS);

function decoder(input: Buffer) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
}

/** The decoded format of `input` when it is an image we accept; throws UnsupportedImageError. */
export async function detectImageFormat(input: Buffer): Promise<string> {
  let format: string | undefined;
  try {
    format = (await decoder(input).metadata()).format;
  } catch {
    throw new UnsupportedImageError();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new UnsupportedImageError();
  return format;
}

/** A square avatar: EXIF-rotated, cropped to cover `size`×`size`, WebP, no metadata. */
export async function encodeAvatar(input: Buffer, size = 512): Promise<EncodedImage> {
  await detectImageFormat(input);
  return jobs.run(async () => {
    try {
      const { data, info } = await decoder(input)
        .rotate()
        .resize(size, size, { fit: "cover", position: "attention" })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, contentType: "image/webp" as const };
    } catch {
      // Headers that parse but pixels that do not (truncated or corrupt files).
      throw new UnsupportedImageError();
    }
  });
}
