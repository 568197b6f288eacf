import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiPaths } from "#domain/api-paths.ts";
import type { BlockState, MuteState, RestrictedAccountPage } from "#domain/blocks.ts";
import { blockMessages } from "#domain/blocks-rules.ts";
import type { AuthorNames } from "#domain/items.ts";
import { authorDisplayName } from "#domain/items-rules.ts";
import type { Restriction, RestrictPrompt } from "#web/components/restrict-dialog.tsx";
import { dropAuthorFromCachedLists } from "#web/features/item-data/api/item-queries.ts";
import { ApiRequestError, apiSend } from "#web/lib/api-client.ts";
import { refreshContent } from "#web/lib/content-cache.ts";
import { commentKeys, notificationKeys, safetyKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";

/** The person blocked or muted, as the toasts and dialogs name them. */
export interface RestrictTarget extends AuthorNames {
  id: string;
  username: string;
}

const paths = { block: apiPaths.block, mute: apiPaths.mute } as const;

const toasts = {
  block: { on: blockMessages.blocked, off: blockMessages.unblocked },
  mute: { on: blockMessages.muted, off: blockMessages.unmuted },
} as const;

/**
 * Blocks or mutes `person` (`on` true), or undoes it. Their content comes and goes from every
 * list at once, so every cached list of reviews, posts, comments and notifications is marked
 * stale (a block also removes follows, likes and comments between the two, which moves counts
 * everywhere); an undo from settings takes the row out of the list before the list is read
 * again. The server's 4xx answer ("You cannot block yourself") is the toast; anything else is
 * "Something went wrong".
 */
export function useSetRestriction(
  kind: Restriction,
  person: RestrictTarget,
  /** Runs once it is in, before the lists are read again (a block: what showed them closes). */
  onApplied?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["safety", kind, person.id],
    mutationFn: (on: boolean) =>
      apiSend<BlockState | MuteState>(on ? "PUT" : "DELETE", paths[kind](person.id)),
    onSuccess: (_state, on) => {
      toast.success(toasts[kind][on ? "on" : "off"](authorDisplayName(person)));
      if (on) {
        // Their cards leave every list now; the lists' new reads follow.
        if (kind === "block") dropAuthorFromCachedLists(queryClient, person.id);
        onApplied?.();
      } else {
        queryClient.setQueryData<InfiniteData<RestrictedAccountPage, string | null>>(
          safetyKeys.list(kind),
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((entry) => entry.person.id !== person.id),
              })),
            },
        );
      }
      // Not awaited: the dialog that asked closes now, while the lists are read again.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: safetyKeys.list(kind) }),
        // Marked stale, not read again while on screen: an open detail view of theirs is
        // closing, and its comments would answer 404; every comment list is read when next shown.
        queryClient.invalidateQueries({ queryKey: commentKeys.all, refetchType: "none" }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        refreshContent(queryClient),
      ]);
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        toast.error(error.message);
        return;
      }
      console.error(`Updating a ${kind} failed`, error);
      toast.error(blockMessages.failed, error.message);
    },
  });
}

/**
 * Block and mute behind their confirmation, for a menu to start (`ask`) and a RestrictDialog to
 * show (`prompt`); `unblock` and `unmute` need no question. `onBlocked` runs once a block is
 * in and before any list is read again, e.g. to forget and close the item of theirs on screen.
 */
export function useRestrictPrompt(person: RestrictTarget, onBlocked?: () => void) {
  const [kind, setKind] = useState<Restriction>("block");
  const [opened, setOpened] = useState(false);
  const block = useSetRestriction("block", person, onBlocked);
  const mute = useSetRestriction("mute", person);
  const mutation = kind === "block" ? block : mute;
  const prompt: RestrictPrompt = {
    opened,
    kind,
    name: authorDisplayName(person),
    pending: mutation.isPending,
    onCancel: () => setOpened(false),
    onConfirm: () => mutation.mutate(true, { onSuccess: () => setOpened(false) }),
  };
  return {
    prompt,
    ask: (wanted: Restriction) => {
      setKind(wanted);
      setOpened(true);
    },
    unblock: () => block.mutate(false),
    unmute: () => mute.mutate(false),
    pending: block.isPending || mute.isPending,
  };
}
