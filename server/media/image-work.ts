import type { Metadata, Sharp, SharpOptions } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import { PHOTO_LIMITS } from "#domain/photos-rules.ts";
import { loadCardFonts } from "./card-fonts.ts";

/**
 * The image pipeline: every uploaded picture is decoded by sharp (so its type comes from its
 * bytes, not its name or header), re-encoded to WebP, and written without metadata (EXIF, GPS,
 * XMP, ICC comments are all dropped). The server runs it in its image worker process
 * (image-worker.ts, through ImageJobs in images.ts), never on its own request path; scripts
 * may call it directly.
 */

/** Decoded formats we accept. SVG, PDF and RAW are refused: they are not photos. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
export class UnsupportedImageError extends Error {
  constructor() {
    super("not a supported image");
    this.name = "UnsupportedImageError";
  }
}

/** An image whose header declares more pixels than the pipeline decodes (a decompression bomb). */
export class ImageTooLargeError extends Error {
  constructor() {
    super("too many pixels");
    this.name = "ImageTooLargeError";
  }
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  contentType: "image/webp" | "image/jpeg";
}

type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;
let sharpLoading: Promise<SharpFactory> | undefined;

/**
 * sharp and libvips (about 20 MB resident) load with the first picture, not at start-up: a
 * server that receives none never pays for them.
 */
function loadSharp(): Promise<SharpFactory> {
  sharpLoading ??= import("sharp").then(({ default: sharp }) => {
    // libvips keeps up to 50 MB of recent operations for reuse; every upload is a new picture,
    // so the cache only holds memory after the last one.
    sharp.cache(false);
    return sharp;
  });
  return sharpLoading;
}

/**
 * Decodes `input` within the pixel limit, reading it top to bottom: libvips then streams what
 * it can instead of holding the whole decoded picture more than once.
 */
function decoder(sharp: SharpFactory, input: Buffer): Sharp {
  return sharp(input, {
    limitInputPixels: PHOTO_LIMITS.maxPixels,
    failOn: "error",
    sequentialRead: true,
  });
}

/**
 * The decoded format of `input` when it is an image we accept; throws UnsupportedImageError, or
 * ImageTooLargeError when its header declares more pixels than we decode.
 */
async function detectImageFormat(input: Buffer): Promise<string> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Reads the header alone and decodes no pixel, so it takes any declared size: a bomb is
    // told apart here from what is no image at all; decoding keeps limitInputPixels.
    metadata = await sharp(input, { limitInputPixels: false, failOn: "error" }).metadata();
  } catch {
    throw new UnsupportedImageError();
  }
  const { format, width = 0, height = 0 } = metadata;
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new UnsupportedImageError();
  if (width * height > PHOTO_LIMITS.maxPixels) throw new ImageTooLargeError();
  return format;
}

/** A square avatar: EXIF-rotated, cropped to cover `size`×`size`, WebP, no metadata. */
export async function encodeAvatar(input: Buffer, size = 512): Promise<EncodedImage> {
  await detectImageFormat(input);
  const sharp = await loadSharp();
  try {
    const { data, info } = await decoder(sharp, input)
      .rotate()
      .resize(size, size, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: "image/webp" as const };
  } catch {
    // Headers that parse but pixels that do not (truncated or corrupt files).
    throw new UnsupportedImageError();
  }
}

/** Widths of the stored variants of a review or post photo (never upscaled). */
const PHOTO_VARIANT_WIDTHS = { small: 480, large: 1280 } as const;
/** Thumbhash works on at most 100×100 pixels. */
const PLACEHOLDER_MAX_SIDE = 100;

export interface EncodedPhoto {
  large: EncodedImage;
  small: EncodedImage;
  /**
   * The photo at its own resolution, for its owner's data export only: JPEG (WebP stops at
   * 16,383 px a side, which a 50-megapixel panorama passes), quality 92 without chroma
   * subsampling, transparency flattened onto white.
   */
  original: EncodedImage;
  /** Base64 thumbhash of the picture, decoded by the browser into a blurred preview. */
  placeholder: string;
}

/**
 * A review or post photo: EXIF-rotated once, then WebP variants 480 and 1280 px wide (smaller
 * originals keep their width), the original resolution as a high-quality JPEG, no metadata in
 * any, plus a thumbhash placeholder.
 */
export async function encodePhoto(input: Buffer): Promise<EncodedPhoto> {
  await detectImageFormat(input);
  const sharp = await loadSharp();
  try {
    // Decode and orient once; every variant is made from this upright raster.
    const upright = await decoder(sharp, input)
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = upright.info;
    const source = () =>
      sharp(upright.data, {
        raw: { width, height, channels },
        limitInputPixels: PHOTO_LIMITS.maxPixels,
      });
    const variant = async (maxWidth: number): Promise<EncodedImage> => {
      const { data, info } = await source()
        .resize({ width: maxWidth, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, contentType: "image/webp" };
    };
    const large = await variant(PHOTO_VARIANT_WIDTHS.large);
    const small = await variant(PHOTO_VARIANT_WIDTHS.small);
    const full = await source()
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 92, chromaSubsampling: "4:4:4" })
      .toBuffer({ resolveWithObject: true });
    const original: EncodedImage = {
      data: full.data,
      width: full.info.width,
      height: full.info.height,
      contentType: "image/jpeg",
    };
    const tiny = await source()
      .resize(PLACEHOLDER_MAX_SIDE, PLACEHOLDER_MAX_SIDE, { fit: "inside" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const hash = rgbaToThumbHash(tiny.info.width, tiny.info.height, tiny.data);
    return { large, small, original, placeholder: Buffer.from(hash).toString("base64") };
  } catch {
    // Headers that parse but pixels that do not (truncated or corrupt files).
    throw new UnsupportedImageError();
  }
}

/** A card's layout as satori takes it: plain element objects, no JSX on the server. */
export interface CardNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: CardChild | CardChild[] };
}
export type CardChild = CardNode | string;

/** A picture we draw ourselves (a share card): satori lays `tree` out, sharp makes it a PNG. */
async function renderCard(
  tree: CardNode,
  size: { width: number; height: number },
): Promise<Buffer> {
  const [{ default: satori }, fonts, sharp] = await Promise.all([
    import("satori"),
    loadCardFonts(),
    loadSharp(),
  ]);
  // satori's element type is React's; these objects have the shape it reads.
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], { ...size, fonts });
  return sharp(Buffer.from(svg), { failOn: "error" }).png().toBuffer();
}

/** One piece of image work, as the server sends it to its image worker. */
export type ImageJob =
  | { kind: "avatar"; input: Uint8Array; size: number }
  | { kind: "photo"; input: Uint8Array }
  | { kind: "card"; tree: CardNode; size: { width: number; height: number } };

/** What each kind of job gives back. */
export interface ImageJobResults {
  avatar: EncodedImage;
  photo: EncodedPhoto;
  card: Buffer;
}

/** Does `job`: the image worker's one entry point. */
export function runImageJob(job: ImageJob): Promise<ImageJobResults[ImageJob["kind"]]> {
  switch (job.kind) {
    case "avatar":
      return encodeAvatar(asBuffer(job.input), job.size);
    case "photo":
      return encodePhoto(asBuffer(job.input));
    case "card":
      return renderCard(job.tree, job.size);
  }
}

/** Bytes that crossed a process boundary may arrive as a plain Uint8Array. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}
