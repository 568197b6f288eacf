import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { encodePhoto, UnsupportedImageError } from "./image-work.ts";
import { ImageJobs } from "./images.ts";
import { S3Storage } from "./storage.ts";

describe("S3Storage", () => {
  it("names objects at the app's /uploads addresses and maps only those back to keys", async () => {
    const sent: Array<{ input: Record<string, unknown> }> = [];
    const storage = new S3Storage(
      { bucket: "photos", region: "auto", endpoint: "https://s3.example" },
      { send: async (command) => void sent.push(command as { input: Record<string, unknown> }) },
    );
    const { url } = await storage.put("photos/u1/abc-1280.webp", Buffer.from("x"), "image/webp");
    expect(url).toBe("/uploads/photos/u1/abc-1280.webp");
    expect(sent[0]?.input).toMatchObject({
      Bucket: "photos",
      Key: "photos/u1/abc-1280.webp",
      ContentType: "image/webp",
    });
    // The app serves it after asking who may see it: the object itself says nothing of caching.
    expect(sent[0]?.input).not.toHaveProperty("CacheControl");
    expect(storage.keyFromUrl(url)).toBe("photos/u1/abc-1280.webp");
    // The bucket's own address is no photo address of the app's (migration 0029 rewrote those
    // stored before), so a client cannot hand one in as its avatar.
    expect(storage.keyFromUrl("https://s3.example/photos/photos/u1/abc-1280.webp")).toBeUndefined();
    expect(storage.keyFromUrl("https://elsewhere.example/photos/x.webp")).toBeUndefined();
    expect(storage.keyFromUrl("/uploads/../etc/passwd")).toBeUndefined();
    await storage.delete("photos/u1/abc-1280.webp");
    expect(sent[1]?.input).toMatchObject({ Bucket: "photos", Key: "photos/u1/abc-1280.webp" });
    await expect(storage.put("../x", Buffer.from("x"), "image/webp")).rejects.toThrow();
  });
});

describe("encodePhoto", () => {
  it("applies EXIF orientation and makes both variants and the original", async () => {
    const rotated = await sharp({
      create: { width: 600, height: 300, channels: 3, background: "red" },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const photo = await encodePhoto(rotated);
    expect([photo.large.width, photo.large.height]).toEqual([300, 600]);
    expect(photo.small.width).toBe(300);
    // The original keeps its own resolution, upright, as a JPEG.
    expect([photo.original.width, photo.original.height]).toEqual([300, 600]);
    expect((await sharp(photo.original.data).metadata()).format).toBe("jpeg");
    expect(photo.placeholder.length).toBeGreaterThan(10);
  });

  it("refuses what is not an image", async () => {
    await expect(encodePhoto(Buffer.from("<svg></svg>"))).rejects.toBeInstanceOf(
      UnsupportedImageError,
    );
  });
});

describe("the image worker process", () => {
  it("a worker stopped while idle fails none of the jobs its successor took", async () => {
    const jobs = new ImageJobs();
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "green" },
    })
      .png()
      .toBuffer();
    try {
      expect((await jobs.encodeAvatar(picture, 32)).width).toBe(32);
      // What the idle timer does: the worker is killed, and a job arrives before its exit is
      // reported, so a new worker takes it. The old worker's exit must not fail it.
      await jobs.close();
      expect((await jobs.encodeAvatar(picture, 32)).width).toBe(32);
    } finally {
      await jobs.close();
    }
  }, 60_000);
});
