import { useMutation, useQueryClient } from "@tanstack/react-query";
import { commentMessages } from "#domain/comment.ts";
import type { ItemType } from "#domain/content.ts";
import { updateCachedItem } from "#web/features/feed/api/feed-queries.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { type CommentDto, commentKeys, commentsPath } from "./comment-queries.ts";

/** Adds a comment (sent trimmed), then refreshes the list and every cached count. */
export function useAddComment(kind: ItemType, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiSend<CommentDto>("POST", commentsPath(kind, id), { content: content.trim() }),
    onSuccess: async () => {
      updateCachedItem(queryClient, kind, id, (item) => ({
        ...item,
        commentCount: item.commentCount + 1,
      }));
      toast.success(commentMessages.added);
      await queryClient.invalidateQueries({ queryKey: commentKeys.item(kind, id) });
    },
    onError: (error) => {
      console.error("Adding a comment failed", error);
      toast.error(commentMessages.addFailed, error.message);
    },
  });
}

export const commentDeleteMessages = {
  confirmTitle: "Delete comment",
  confirmText: "Are you sure you want to delete this comment?",
  deleted: "Comment deleted",
  failed: "Failed to delete comment",
} as const;

/** Deletes one of the caller's own comments. */
export function useDeleteComment(kind: ItemType, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      apiSend<unknown>("DELETE", `/api/comments/${kind}/${encodeURIComponent(commentId)}`),
    onSuccess: async () => {
      updateCachedItem(queryClient, kind, id, (item) => ({
        ...item,
        commentCount: Math.max(0, item.commentCount - 1),
      }));
      toast.success(commentDeleteMessages.deleted);
      await queryClient.invalidateQueries({ queryKey: commentKeys.item(kind, id) });
    },
    onError: (error) => {
      console.error("Deleting a comment failed", error);
      toast.error(commentDeleteMessages.failed, error.message);
    },
  });
}
