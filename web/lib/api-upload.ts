import pLimit from "p-limit";
import { MAX_UPLOADS_AT_ONCE } from "#domain/photos-rules.ts";
import {
  ApiRequestError,
  apiRequest,
  errorFromBody,
  NETWORK_MESSAGE,
  parseJson,
} from "./api-client.ts";

// Apart from api-client.ts, which every page loads: only the screens that upload and the sending
// of waiting reviews need this (and the photo limits' module brings zod along).

/** The server takes MAX_UPLOADS_AT_ONCE uploads per person at once; the rest wait their turn here. */
const uploadTurns = pLimit(MAX_UPLOADS_AT_ONCE);

/**
 * Multipart upload of one file in the field "file". XMLHttpRequest rather than fetch because
 * only it reports upload progress; onProgress receives 0–100. Uploads past the server's
 * per-person limit wait (at 0%) until an earlier one ends.
 */
export function apiUpload<T>(
  path: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<T> {
  return uploadTurns(() => sendUpload<T>(path, file, onProgress));
}

function sendUpload<T>(
  path: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = false; // same-origin requests send cookies anyway
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener("load", () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(body as T);
      } else {
        reject(errorFromBody(xhr.status, body));
      }
    });
    xhr.addEventListener("error", () =>
      reject(new ApiRequestError(0, "NETWORK_ERROR", NETWORK_MESSAGE)),
    );
    xhr.addEventListener("abort", () =>
      reject(new ApiRequestError(0, "ABORTED", "The upload was cancelled.")),
    );
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

/**
 * A multipart upload without progress, through fetch: what sends a waiting review, in a page or
 * in the service worker, which has no XMLHttpRequest.
 */
export function apiUploadWithoutProgress<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append("file", file, file.name);
  return apiRequest<T>(path, {
    method: "POST",
    headers: { accept: "application/json" },
    body: form,
  });
}
