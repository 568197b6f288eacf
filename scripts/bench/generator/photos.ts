import { rm } from "node:fs/promises";
// A few real pictures for the bench rows to point at: made here, run through the app's own
// image pipeline (WebP variants, thumbhash) and stored where the server serves uploads from.
import path from "node:path";
import sharp from "sharp";
import { IMAGE_VARIANT_SUFFIXES } from "#domain/photos.ts";
import { encodeAvatar, encodePhoto } from "#server/media/image-work.ts";
import { DiskStorage } from "#server/media/storage.ts";
import { Random } from "./random.ts";

/** A stored photo as image rows reference it. */
export interface StoredPhoto {
  url: string;
  width: number;
  height: number;
  placeholder: string;
}

/**
 * A JPEG that looks enough like a photo of a plate (soft colour fields, a round shape, grain)
 * that encoders work as hard as on a real one: flat colours would compress to nothing.
 */
export async function syntheticPhoto(width: number, height: number, seed: number): Promise<Buffer> {
  const random = new Random(seed, "photo");
  const pixels = Buffer.alloc(width * height * 3);
  const [r0, g0, b0] = [random.between(60, 200), random.between(40, 160), random.between(20, 120)];
  const cx = width * (0.35 + random.next() * 0.3);
  const cy = height * (0.35 + random.next() * 0.3);
  const radius = Math.min(width, height) * (0.25 + random.next() * 0.15);
  let noise = random.int(1 << 30);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // A cheap linear congruential grain: Random per pixel would take seconds at 12 MP.
      noise = (Math.imul(noise, 1_103_515_245) + 12_345) & 0x7fff_ffff;
      const grain = ((noise >>> 16) & 31) - 16;
      const distance = Math.hypot(x - cx, y - cy) / radius;
      const plate = distance < 1 ? 1 - distance * distance : 0;
      const wave = Math.sin(x / 37) * Math.cos(y / 53) * 20;
      const offset = (y * width + x) * 3;
      pixels[offset] = clampByte(r0 + plate * 70 + wave + grain);
      pixels[offset + 1] = clampByte(g0 + plate * 50 - wave + grain);
      pixels[offset + 2] = clampByte(b0 + plate * 30 + grain);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

function clampByte(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : value;
}

/**
 * `photoCount` review/post photos (both variants) and `avatarCount` avatars under
 * `uploadsDir/bench/`, as the server would have stored uploads.
 */
export async function storeBenchPictures(
  uploadsDir: string,
  seed: number,
  photoCount: number,
  avatarCount: number,
): Promise<{ photos: StoredPhoto[]; avatars: string[] }> {
  // The generator owns bench/: a second run (--fresh, or another database beside the first)
  // writes it again, and the storage never overwrites a stored file.
  await rm(path.resolve(uploadsDir, "bench"), { recursive: true, force: true });
  const storage = new DiskStorage(path.resolve(uploadsDir));
  const photos: StoredPhoto[] = [];
  for (let index = 0; index < photoCount; index++) {
    const encoded = await encodePhoto(await syntheticPhoto(1280, 960, seed + index));
    const base = `bench/photo-${index}`;
    const { url } = await storage.put(
      `${base}${IMAGE_VARIANT_SUFFIXES.large}`,
      encoded.large.data,
      encoded.large.contentType,
    );
    await storage.put(
      `${base}${IMAGE_VARIANT_SUFFIXES.small}`,
      encoded.small.data,
      encoded.small.contentType,
    );
    photos.push({
      url,
      width: encoded.large.width,
      height: encoded.large.height,
      placeholder: encoded.placeholder,
    });
  }
  const avatars: string[] = [];
  for (let index = 0; index < avatarCount; index++) {
    const encoded = await encodeAvatar(await syntheticPhoto(512, 512, seed + 1000 + index));
    const { url } = await storage.put(
      `bench/avatar-${index}.webp`,
      encoded.data,
      encoded.contentType,
    );
    avatars.push(url);
  }
  return { photos, avatars };
}
