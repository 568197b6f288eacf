import { Button, Group, Text } from "@mantine/core";
import { IconClockUp } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import type { ReviewDto } from "#domain/items.ts";
import { postedMessage, reviewMessages } from "#domain/review-rules.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { itemCreated } from "#web/features/item-data/api/item-queries.ts";
import { announceTried } from "#web/features/want-to-try/api/use-want-to-try-mutations.ts";
import { isOnline, onNetworkBack, useOnline } from "#web/lib/online.ts";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import {
  dropWaitingReview,
  onWaitingReviewsChange,
  readWaitingReviews,
  type WaitingReview,
} from "#web/lib/waiting-reviews.ts";
import { onPostedElsewhere, sendWaitingReviews } from "../api/send-waiting-reviews.ts";
import { sendInBackground, waitingReviewName } from "../api/waiting-reviews.ts";
import classes from "./waiting-reviews.module.css";

// The form loads when a waiting review is opened, not with the list.
const ReviewDialog = lazy(async () => ({
  default: (await import("./review-dialog.tsx")).ReviewDialog,
}));

/** The reviews waiting for `userId`, read again after each change, here or elsewhere; none for nobody. */
function useWaitingReviews(userId: string | null): WaitingReview[] {
  const [read, setRead] = useState<{ userId: string; list: WaitingReview[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    const reread = () => {
      void readWaitingReviews(userId)
        .catch(() => [])
        .then((list) => {
          if (current) setRead({ userId, list });
        });
    };
    reread();
    const stop = onWaitingReviewsChange(reread);
    return () => {
      current = false;
      stop();
    };
  }, [userId]);
  // Never another person's list, not even for the render before the new one is read.
  return read && read.userId === userId ? read.list : [];
}

/**
 * Sends the signed-in person's waiting reviews now if the network is there, and each time it is
 * back; one the service worker (or another tab) posted is shown here as if this page had.
 */
function useSendWaitingReviews(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const posted = (review: ReviewDto) => {
      itemCreated(queryClient, "review", review, announceTried);
      toast.success(postedMessage(review.reviewType));
    };
    const send = () =>
      void sendWaitingReviews(userId, posted).then((outcome) => {
        // Stopped by the network or the server: the worker tries again, even once this page is closed.
        if (outcome === "later") void sendInBackground(userId);
      });
    if (isOnline()) send();
    const stopSending = onNetworkBack(send);
    const stopHearing = onPostedElsewhere(userId, posted);
    return () => {
      stopSending();
      stopHearing();
    };
  }, [userId, queryClient]);
}

/**
 * "Waiting to post": the reviews the signed-in person posted with no network, kept on this
 * device (docs/decisions/0040), each to open (edit and post) or discard; they are sent when the
 * network is back or the app opens. Shown above every in-app screen while there are any.
 */
export function WaitingReviews() {
  const { session } = useSession();
  const userId = session.status === "signed-in" ? session.userId : null;
  const waiting = useWaitingReviews(userId);
  useSendWaitingReviews(userId);
  const online = useOnline();
  const headingId = useId();
  const [opened, setOpened] = useState<WaitingReview | null>(null);
  const [discarding, setDiscarding] = useState<WaitingReview | null>(null);

  if (!userId) return null;
  return (
    <>
      {waiting.length > 0 && (
        <section aria-labelledby={headingId} className={classes.banner}>
          <h2 id={headingId} className={classes.heading}>
            <IconClockUp size={18} stroke={1.8} aria-hidden />
            {reviewMessages.waitingToPost}
          </h2>
          {!online && (
            <Text size="sm" c="dimmed">
              {reviewMessages.waitingHint}
            </Text>
          )}
          <ul className={classes.list}>
            {waiting.map((review) => {
              const name = waitingReviewName(review);
              return (
                <li key={review.key} className={classes.entry}>
                  <div className={classes.name}>
                    <Text size="sm" fw={600} truncate>
                      {name}
                    </Text>
                    {review.refusal && (
                      <>
                        <Text size="xs" className={classes.refusal}>
                          {reviewMessages.waitingRefused}: {review.refusal}
                        </Text>
                        <Text size="xs" className={classes.refusal}>
                          {reviewMessages.waitingRefusedHint}
                        </Text>
                      </>
                    )}
                  </div>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setOpened(review)}
                      aria-label={`Open ${name}`}
                    >
                      Open
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setDiscarding(review)}
                      aria-label={`Discard ${name}`}
                    >
                      Discard
                    </Button>
                  </Group>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {opened && (
        <Suspense fallback={null}>
          <ReviewDialog
            key={opened.key}
            opened
            onClose={() => setOpened(null)}
            mode="create"
            reviewType={opened.fields.reviewType}
            waiting={opened}
          />
        </Suspense>
      )}
      <ConfirmDialog
        opened={discarding !== null}
        onClose={() => setDiscarding(null)}
        title={reviewMessages.discardWaiting}
        text={reviewMessages.discardWaitingText}
        confirmLabel="Discard"
        pending={false}
        onConfirm={() => {
          if (discarding) void dropWaitingReview(userId, discarding.key);
          setDiscarding(null);
        }}
      />
    </>
  );
}
