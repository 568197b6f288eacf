import type { QueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { ReviewDto } from "#domain/items.ts";
import type { UploadedImageDto } from "#domain/photos.ts";
import { createReviewInput } from "#domain/review.ts";
import { createItem } from "#web/features/item-data/api/item-queries.ts";
import { announceTried } from "#web/features/want-to-try/api/use-want-to-try-mutations.ts";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { apiUpload } from "#web/lib/api-upload.ts";
import { isOnline } from "#web/lib/online.ts";
import type { NewImageRef } from "#web/lib/use-photo-uploads.ts";
import {
  dropWaitingReview,
  type ReviewFields,
  readWaitingReviews,
  refuseWaitingReview,
  type WaitingReview,
} from "#web/lib/waiting-reviews.ts";

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

/** The name a waiting review goes by in the list: the dish and where, or the restaurant. */
export function waitingReviewName({ fields }: WaitingReview): string {
  const place = fields.restaurant.name.trim();
  return fields.reviewType === "dish" && fields.title.trim()
    ? `${fields.title.trim()} · ${place}`
    : place;
}

/** Uploads its photos (as the form does), then posts it with its own submission key. */
async function sendWaitingReview(
  queryClient: QueryClient,
  waiting: WaitingReview,
): Promise<ReviewDto> {
  const images = await Promise.all(
    waiting.photos.map(async (photo) => {
      const uploaded = await apiUpload<UploadedImageDto>(apiPaths.photoUploads, photo.file);
      return { uploadId: uploaded.id, alt: photo.alt.trim() || null };
    }),
  );
  const checked = createReviewInput.safeParse(reviewCreateValues(waiting.fields, images));
  if (!checked.success) {
    throw new ApiRequestError(400, "VALIDATION_ERROR", checked.error.issues[0]?.message ?? "");
  }
  return createItem(queryClient, "review", checked.data, waiting.key, announceTried);
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

/** Reviews being sent from this page now: each is sent once at a time. */
const sending = new Set<string>();

/**
 * Sends the reviews waiting for `userId`, in the order they were written, while the network
 * holds. One the server refuses (a 4xx other than 401 and 429) is marked and waits for its
 * author; the network or the server failing leaves it for the next time the network is back or
 * the app opens. The same key on every try: a send whose answer was lost is not posted twice.
 */
export async function sendWaitingReviews(
  queryClient: QueryClient,
  userId: string,
  onPosted: (review: ReviewDto) => void,
): Promise<void> {
  const waiting = await readWaitingReviews(userId).catch(() => []);
  for (const review of waiting) {
    if (review.refusal !== null || sending.has(review.key)) continue;
    if (!isOnline()) return;
    sending.add(review.key);
    try {
      const posted = await sendWaitingReview(queryClient, review);
      await dropWaitingReview(userId, review.key);
      onPosted(posted);
    } catch (error) {
      if (!refusedByServer(error)) return;
      await refuseWaitingReview(userId, review.key, error.message);
    } finally {
      sending.delete(review.key);
    }
  }
}
