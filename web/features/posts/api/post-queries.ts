import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PostDto } from "#domain/content.ts";
import type { PostInput, PostUpdateInput } from "#domain/review.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { refreshContent } from "#web/lib/content-cache.ts";

/** GET /api/posts/:id under ["posts", id]. */
export function postQuery(id: string) {
  return queryOptions({
    queryKey: ["posts", id],
    queryFn: ({ signal }) => apiGet<PostDto>(`/api/posts/${encodeURIComponent(id)}`, { signal }),
  });
}

/** POST /api/posts → the new post (201). */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostInput) => apiSend<PostDto>("POST", "/api/posts", input),
    onSuccess: (post) => {
      queryClient.setQueryData(postQuery(post.id).queryKey, post);
      void refreshContent(queryClient);
    },
  });
}

/** PATCH /api/posts/:id. */
export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PostUpdateInput }) =>
      apiSend<PostDto>("PATCH", `/api/posts/${encodeURIComponent(id)}`, input),
    onSuccess: (post) => {
      queryClient.setQueryData(postQuery(post.id).queryKey, post);
      void refreshContent(queryClient);
    },
  });
}

/** DELETE /api/posts/:id (204). */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend<null>("DELETE", `/api/posts/${encodeURIComponent(id)}`),
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: postQuery(id).queryKey });
      void refreshContent(queryClient);
    },
  });
}
