import { describe, expect, it } from "vitest";
import {
  checkPhotoFile,
  editImageRefs,
  failedPhotoCount,
  newImageRefs,
  type PhotoItem,
} from "./use-photo-uploads.ts";

const file = new File(["x"], "a.jpg", { type: "image/jpeg" });

const photos: PhotoItem[] = [
  {
    key: "a",
    kind: "existing",
    imageId: "img-1",
    previewUrl: "/a-480.webp",
    alt: " Ramen ",
    status: "done",
    progress: 100,
  },
  {
    key: "b",
    kind: "new",
    file,
    previewUrl: "blob:b",
    alt: "",
    status: "done",
    progress: 100,
    uploadId: "up-2",
    error: null,
  },
  {
    key: "c",
    kind: "new",
    file,
    previewUrl: "blob:c",
    alt: "",
    status: "failed",
    progress: 40,
    uploadId: null,
    error: "Please upload an image file",
  },
];

describe("photo payloads", () => {
  it("sends finished uploads in order, blank descriptions as null", () => {
    expect(newImageRefs(photos)).toEqual([{ uploadId: "up-2", alt: null }]);
  });

  it("sends the whole edited list: kept photos by imageId, new ones by uploadId", () => {
    expect(editImageRefs(photos)).toEqual([
      { imageId: "img-1", alt: "Ramen" },
      { uploadId: "up-2", alt: null },
    ]);
  });

  it("counts failed uploads", () => {
    expect(failedPhotoCount(photos)).toBe(1);
  });

  it("accepts images up to 10 MB only", () => {
    expect(checkPhotoFile(file)).toBeNull();
    expect(checkPhotoFile(new File(["x"], "a.txt", { type: "text/plain" }))).toBe(
      "Please upload an image file",
    );
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" });
    expect(checkPhotoFile(big)).toBe("Image must be less than 10MB");
  });
});
