import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReviewDto } from "#domain/content.ts";
import type { CreateReviewInput, ReviewUpdateInput } from "#domain/review.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { refreshContent } from "#web/lib/content-cache.ts";

/** GET /api/reviews/:id under ["reviews", id], so a saved edit can replace it in place. */
export function reviewQuery(id: string) {
  return queryOptions({
    queryKey: ["reviews", id],
    queryFn: ({ signal }) =>
      apiGet<ReviewDto>(`/api/reviews/${encodeURIComponent(id)}`, { signal }),
  });
}

/** POST /api/reviews → the new review (201). */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => apiSend<ReviewDto>("POST", "/api/reviews", input),
    onSuccess: (review) => {
      queryClient.setQueryData(reviewQuery(review.id).queryKey, review);
      void refreshContent(queryClient);
    },
  });
}

/** PATCH /api/reviews/:id; the answer replaces the cached review, lists are re-read. */
export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReviewUpdateInput }) =>
      apiSend<ReviewDto>("PATCH", `/api/reviews/${encodeURIComponent(id)}`, input),
    onSuccess: (review) => {
      queryClient.setQueryData(reviewQuery(review.id).queryKey, review);
      void refreshContent(queryClient);
    },
  });
}

/** DELETE /api/reviews/:id (204). */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend<null>("DELETE", `/api/reviews/${encodeURIComponent(id)}`),
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: reviewQuery(id).queryKey });
      void refreshContent(queryClient);
    },
  });
}
