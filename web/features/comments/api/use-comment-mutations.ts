import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { CommentDto } from "#domain/comment.ts";
import { commentMessages } from "#domain/comment-rules.ts";
import type { ItemKind } from "#domain/item-kinds.ts";
import { updateCachedItem } from "#web/features/item-data/api/item-queries.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { commentKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";

/** What the comment box sends: the text, and the comment it answers for a reply. */
interface NewComment {
  content: string;
  parentId?: string;
}

/**
 * Adds a comment or a reply (sent trimmed), then refreshes the list (with its threads) and
 * every cached count: a reply is a comment.
 */
export function useAddComment(kind: ItemKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, parentId }: NewComment) =>
      apiSend<CommentDto>("POST", apiPaths.itemComments(kind, id), {
        content: content.trim(),
        ...(parentId ? { parentId } : {}),
      }),
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

/**
 * Deletes one of the caller's own comments: `removes` is how many the count loses (a top-level
 * comment takes its replies with it).
 */
export function useDeleteComment(kind: ItemKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId }: { commentId: string; removes: number }) =>
      apiSend<null>("DELETE", apiPaths.comment(kind, commentId)),
    onSuccess: async (_, { removes }) => {
      updateCachedItem(queryClient, kind, id, (item) => ({
        ...item,
        commentCount: Math.max(0, item.commentCount - removes),
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
