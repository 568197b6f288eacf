import { useCallback, useEffect, useRef, useState } from "react";
import { apiPaths } from "#domain/api-paths.ts";
import type { ImageDto, UploadedImageDto } from "#domain/photos.ts";
import { PHOTO_LIMITS, photoMessages, uploadFailedMessage } from "#domain/photos-rules.ts";
import { ApiRequestError } from "./api-client.ts";
import { apiUpload } from "./api-upload.ts";
import { isOnline, onNetworkBack } from "./online.ts";
import { toast } from "./toast.ts";

/**
 * A photo of a review or post being written: already stored (edit) or uploading/uploaded, or
 * waiting for the network to upload (added offline, or its upload cut off by the network).
 */
export type PhotoItem =
  | {
      key: string;
      kind: "existing";
      imageId: string;
      previewUrl: string;
      alt: string;
      status: "done";
      progress: 100;
    }
  | {
      key: string;
      kind: "new";
      file: File;
      previewUrl: string;
      alt: string;
      status: "uploading" | "done" | "failed" | "waiting";
      progress: number;
      uploadId: string | null;
      error: string | null;
    };

/** What a create request sends: uploads in display order (first = Main). */
export interface NewImageRef {
  uploadId: string;
  alt: string | null;
}

/** What an edit request sends: kept photos by imageId, new ones by uploadId. */
export type EditImageRef = { imageId: string; alt: string | null } | NewImageRef;

let nextKey = 0;
const newKey = () => `photo-${++nextKey}`;

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Please try again.";
}

/** A photo the device holds, to upload later: a review kept offline (docs/decisions/0040). */
export interface HeldPhoto {
  file: File;
  alt: string;
}

/** A failure of the network, not an answer from the server. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === "NETWORK_ERROR";
}

/** The checks made before anything is sent: images only, 10 MB each. */
export function checkPhotoFile(file: File): string | null {
  if (!file.type.startsWith("image/")) return photoMessages.invalidType;
  if (file.size > PHOTO_LIMITS.maxBytes) return photoMessages.tooLarge;
  return null;
}

function heldPhoto(file: File, alt: string): PhotoItem {
  return {
    key: newKey(),
    kind: "new",
    file,
    previewUrl: URL.createObjectURL(file),
    alt,
    status: "waiting",
    progress: 0,
    uploadId: null,
    error: null,
  };
}

/**
 * The photo list of a review or post. Every added file starts uploading at once with its own
 * progress; a failed one stays in the list, marked, with Retry. Without a network a photo waits
 * and uploads once the network is back (`held`: photos kept on the device start so).
 * `settled()` waits for the uploads still running so a submit never sends a half-made list.
 */
export function usePhotoUploads(initial: ImageDto[] = [], held: HeldPhoto[] = []) {
  const [photos, setPhotosState] = useState<PhotoItem[]>(() => [
    ...initial
      .slice()
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map(
        (image): PhotoItem => ({
          key: newKey(),
          kind: "existing",
          imageId: image.id,
          previewUrl: image.url480 || image.url,
          alt: image.alt ?? "",
          status: "done",
          progress: 100,
        }),
      ),
    ...held.map((photo) => heldPhoto(photo.file, photo.alt)),
  ]);
  // The latest list, readable synchronously by upload callbacks and settled().
  const current = useRef(photos);
  const inFlight = useRef(new Map<string, Promise<void>>());

  const update = useCallback((change: (list: PhotoItem[]) => PhotoItem[]) => {
    current.current = change(current.current);
    setPhotosState(current.current);
  }, []);

  const patch = useCallback(
    (key: string, fields: Partial<Extract<PhotoItem, { kind: "new" }>>) =>
      update((list) =>
        list.map((photo) =>
          photo.key === key && photo.kind === "new" ? { ...photo, ...fields } : photo,
        ),
      ),
    [update],
  );

  const upload = useCallback(
    (key: string, file: File) => {
      patch(key, { status: "uploading", progress: 0, error: null, uploadId: null });
      const job = apiUpload<UploadedImageDto>(apiPaths.photoUploads, file, (progress) => {
        // Keeps the bar just short of full until the server has made the variants.
        patch(key, { progress: Math.min(progress, 97) });
      })
        .then((uploaded) => {
          if (!current.current.some((photo) => photo.key === key)) return;
          patch(key, { status: "done", progress: 100, uploadId: uploaded.id });
        })
        .catch((error: unknown) => {
          if (!current.current.some((photo) => photo.key === key)) return;
          if (isNetworkError(error)) {
            patch(key, { status: "waiting", progress: 0 });
            return;
          }
          const reason = reasonOf(error);
          patch(key, { status: "failed", error: reason });
          toast.error(uploadFailedMessage(reason));
        })
        .finally(() => inFlight.current.delete(key));
      inFlight.current.set(key, job);
    },
    [patch],
  );

  /** Adds files (after the size/type checks), up to the 10-photo limit. */
  const add = useCallback(
    (files: File[]) => {
      const room = PHOTO_LIMITS.perItemMax - current.current.length;
      if (room <= 0) {
        toast.error(photoMessages.tooMany);
        return;
      }
      if (files.length > room) toast.error(photoMessages.tooMany);
      for (const file of files.slice(0, room)) {
        const problem = checkPhotoFile(file);
        if (problem) {
          toast.error(uploadFailedMessage(problem), file.name);
          continue;
        }
        const photo = heldPhoto(file, "");
        update((list) => [...list, photo]);
        if (isOnline()) upload(photo.key, file);
      }
    },
    [update, upload],
  );

  const remove = useCallback(
    (key: string) => {
      const photo = current.current.find((item) => item.key === key);
      if (photo?.kind === "new") URL.revokeObjectURL(photo.previewUrl);
      update((list) => list.filter((item) => item.key !== key));
    },
    [update],
  );

  const move = useCallback(
    (key: string, offset: -1 | 1) =>
      update((list) => {
        const from = list.findIndex((item) => item.key === key);
        const to = from + offset;
        if (from < 0 || to < 0 || to >= list.length) return list;
        const next = list.slice();
        const [moved] = next.splice(from, 1);
        if (moved) next.splice(to, 0, moved);
        return next;
      }),
    [update],
  );

  const setAlt = useCallback(
    (key: string, alt: string) =>
      update((list) => list.map((item) => (item.key === key ? { ...item, alt } : item))),
    [update],
  );

  const retry = useCallback(
    (key: string) => {
      const photo = current.current.find((item) => item.key === key);
      if (photo?.kind === "new" && photo.status === "failed") upload(key, photo.file);
    },
    [upload],
  );

  // Photos waiting for the network upload as soon as it is there: now, and each time it is back.
  useEffect(() => {
    const uploadWaiting = () => {
      for (const photo of current.current) {
        if (photo.kind === "new" && photo.status === "waiting") upload(photo.key, photo.file);
      }
    };
    if (isOnline()) uploadWaiting();
    return onNetworkBack(uploadWaiting);
  }, [upload]);

  /** Waits for running uploads; resolves with the list as it then stands. */
  const settled = useCallback(async (): Promise<PhotoItem[]> => {
    while (inFlight.current.size > 0) {
      await Promise.allSettled([...inFlight.current.values()]);
    }
    return current.current;
  }, []);

  // Object URLs of photos still listed are released when the form goes away.
  useEffect(
    () => () => {
      for (const photo of current.current) {
        if (photo.kind === "new") URL.revokeObjectURL(photo.previewUrl);
      }
    },
    [],
  );

  return { photos, add, remove, move, setAlt, retry, settled };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;

const altOf = (photo: PhotoItem) => photo.alt.trim() || null;

/** Create payload: only finished uploads, in order. */
export function newImageRefs(photos: PhotoItem[]): NewImageRef[] {
  return photos.flatMap((photo) =>
    photo.kind === "new" && photo.status === "done" && photo.uploadId
      ? [{ uploadId: photo.uploadId, alt: altOf(photo) }]
      : [],
  );
}

/** Edit payload: the complete new list, in order. */
export function editImageRefs(photos: PhotoItem[]): EditImageRef[] {
  return photos.flatMap((photo): EditImageRef[] => {
    if (photo.kind === "existing") return [{ imageId: photo.imageId, alt: altOf(photo) }];
    return photo.status === "done" && photo.uploadId
      ? [{ uploadId: photo.uploadId, alt: altOf(photo) }]
      : [];
  });
}

/** Photos that did not make it (failed uploads), which a submit must not silently drop. */
export function failedPhotoCount(photos: PhotoItem[]): number {
  return photos.filter((photo) => photo.kind === "new" && photo.status === "failed").length;
}

/** Photos waiting for the network to upload. */
export function waitingPhotoCount(photos: PhotoItem[]): number {
  return photos.filter((photo) => photo.kind === "new" && photo.status === "waiting").length;
}

/** The new photos as the device holds them (file and description), to upload later, in order. */
export function heldPhotos(photos: PhotoItem[]): HeldPhoto[] {
  return photos.flatMap((photo) =>
    photo.kind === "new" ? [{ file: photo.file, alt: photo.alt }] : [],
  );
}
