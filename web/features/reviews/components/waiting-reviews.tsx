import { Button, Group, Text } from "@mantine/core";
import { IconClockUp } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { postedMessage, reviewMessages } from "#domain/review.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { isOnline, onNetworkBack, useOnline } from "#web/lib/online.ts";
import { useSession } from "#web/lib/session.tsx";
import { toast } from "#web/lib/toast.ts";
import {
  dropWaitingReview,
  useWaitingReviews,
  type WaitingReview,
} from "#web/lib/waiting-reviews.ts";
import { sendWaitingReviews, waitingReviewName } from "../api/waiting-reviews.ts";
import classes from "./waiting-reviews.module.css";

// The form loads when a waiting review is opened, not with the list.
const ReviewDialog = lazy(async () => ({
  default: (await import("./review-dialog.tsx")).ReviewDialog,
}));

/** Sends the signed-in person's waiting reviews now if the network is there, and each time it is back. */
function useSendWaitingReviews(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const send = () =>
      void sendWaitingReviews(queryClient, userId, (review) =>
        toast.success(postedMessage(review.reviewType)),
      );
    if (isOnline()) send();
    return onNetworkBack(send);
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
                      <Text size="xs" c="red">
                        {review.refusal}
                      </Text>
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
