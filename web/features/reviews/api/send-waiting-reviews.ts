import { apiPaths } from "#domain/api-paths.ts";
import { SUBMISSION_KEY_HEADER } from "#domain/item-kinds.ts";
import type { ReviewDto } from "#domain/items.ts";
import type { UploadedImageDto } from "#domain/photos.ts";
import { createReviewInput } from "#domain/review.ts";
import { ApiRequestError, apiSend } from "#web/lib/api-client.ts";
import { apiUploadWithoutProgress } from "#web/lib/api-upload.ts";
import type { NewImageRef } from "#web/lib/use-photo-uploads.ts";
import {
  dropWaitingReview,
  type ReviewFields,
  readWaitingReviews,
  refuseWaitingReview,
  type WaitingReview,
} from "#web/lib/waiting-reviews.ts";

/**
 * Sending the reviews waiting on the device (docs/decisions/0040), the same code in a page and in
 * the service worker's Background Sync (docs/decisions/0043): no React, no query client, no
 * XMLHttpRequest, none of which a service worker has.
 */

const SYNC_TAG_PREFIX = "tasted-waiting-reviews:";

/** The Background Sync tag that has the service worker send `userId`'s waiting reviews. */
export const backgroundSyncTag = (userId: string) => `${SYNC_TAG_PREFIX}${userId}`;

/** Whose waiting reviews a Background Sync tag asks for; null for any other tag. */
export const userOfBackgroundSyncTag = (tag: string): string | null =>
  tag.startsWith(SYNC_TAG_PREFIX) ? tag.slice(SYNC_TAG_PREFIX.length) || null : null;

/** What POST /api/reviews is sent for the form's fields and photos, before the schema's checks. */
export function reviewCreateValues(fields: ReviewFields, images: NewImageRef[]) {
  const { reviewType, restaurant, title, rating, cost, priceRange, category } = fields;
  const common = {
    restaurant,
    rating: rating ?? undefined,
    description: fields.description,
    visitedOn: fields.visitedOn,
    images,
  };
  return reviewType === "dish"
    ? { ...common, reviewType, title, cost, category }
    : { ...common, reviewType, priceRange };
}

/**
 * Uploads its photos one after another (a background send need not hurry, and stays within the
 * server's uploads at once for a person who is uploading in a form meanwhile), then posts it
 * with its own submission key.
 */
async function sendWaitingReview(waiting: WaitingReview): Promise<ReviewDto> {
  const images: NewImageRef[] = [];
  for (const photo of waiting.photos) {
    const uploaded = await apiUploadWithoutProgress<UploadedImageDto>(
      apiPaths.photoUploads,
      photo.file,
    );
    images.push({ uploadId: uploaded.id, alt: photo.alt.trim() || null });
  }
  const checked = createReviewInput.safeParse(reviewCreateValues(waiting.fields, images));
  if (!checked.success) {
    throw new ApiRequestError(400, "VALIDATION_ERROR", checked.error.issues[0]?.message ?? "");
  }
  return apiSend<ReviewDto>("POST", apiPaths.items("review"), checked.data, {
    [SUBMISSION_KEY_HEADER]: waiting.key,
  });
}

/**
 * The server's answer that this review cannot be posted as it is, rather than a failure to try
 * again later: the network (status 0), a session to sign in again (401), a throttle, the server.
 */
function refusedByServer(error: unknown): error is ApiRequestError {
  return (
    error instanceof ApiRequestError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 429
  );
}

/** Passes of this context, one after another, where the browser has no Web Locks. */
let lastPass: Promise<unknown> = Promise.resolve();

/**
 * One sending pass at a time for a person on this device, across its pages and its service
 * worker (a Web Lock), each reading the list once it holds the lock: a review the page posted
 * is gone from the list the worker reads after it, so its photos are not uploaded twice.
 */
function oneAtATime<T>(userId: string, pass: () => Promise<T>): Promise<T> {
  if ("locks" in navigator)
    return navigator.locks.request(`tasted-send-waiting-reviews:${userId}`, pass);
  const next = lastPass.then(pass, pass);
  lastPass = next.catch(() => undefined);
  return next;
}

/** Pages hear here of each review another context (the service worker, another tab) posted. */
const postedChannel =
  typeof BroadcastChannel === "undefined"
    ? null
    : new BroadcastChannel("tasted-waiting-reviews-posted");

/** Calls `listener` with each review of `userId` that another context posted; returns the unsubscribe. */
export function onPostedElsewhere(
  userId: string,
  listener: (review: ReviewDto) => void,
): () => void {
  const heard = (event: MessageEvent<{ userId: string; review: ReviewDto }>) => {
    if (event.data.userId === userId) listener(event.data.review);
  };
  postedChannel?.addEventListener("message", heard);
  return () => postedChannel?.removeEventListener("message", heard);
}

/**
 * "sent": nothing is left to try (each was posted, or refused and waits for its author); "later":
 * the network, the session or the server stopped the pass, and what is left waits for the next.
 */
type SendOutcome = "sent" | "later";

/**
 * Sends the reviews waiting for `userId`, in the order they were written. One the server refuses
 * (a 4xx other than 401 and 429) is marked with the reason and not sent again until its author
 * edits it; the network or the server failing ends the pass. The same key on every try: a send
 * whose answer was lost, or one made by two contexts, posts one review.
 */
export function sendWaitingReviews(
  userId: string,
  onPosted: (review: ReviewDto) => void,
): Promise<SendOutcome> {
  return oneAtATime(userId, async () => {
    const waiting = await readWaitingReviews(userId).catch(() => []);
    for (const review of waiting) {
      if (review.refusal !== null) continue;
      try {
        const posted = await sendWaitingReview(review);
        await dropWaitingReview(userId, review.key);
        postedChannel?.postMessage({ userId, review: posted });
        onPosted(posted);
      } catch (error) {
        if (!refusedByServer(error)) return "later";
        await refuseWaitingReview(userId, review.key, error.message);
      }
    }
    return "sent";
  });
}
