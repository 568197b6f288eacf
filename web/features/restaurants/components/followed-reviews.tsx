import { Avatar, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { ItemCompactCard } from "#web/features/items/components/item-compact-card.tsx";
import { ItemDetailDialog } from "#web/features/items/components/item-detail-dialog.tsx";
import { useOpenItem } from "#web/features/items/use-open-item.ts";
import { SavedByFollowed } from "#web/features/want-to-try/components/saved-by-followed.tsx";
import { followedReviewsQuery } from "../api/restaurant-queries.ts";
import { distinctAuthors, followedReviewersSentence } from "./followed-reviewers.ts";
import classes from "./restaurant-page.module.css";

/** Faces shown in the avatar group before "+n". */
const FACES = 3;

/**
 * Friends' opinions first: the reviews of this place by people the signed-in viewer follows,
 * above the tabs. Shows nothing while loading, when nobody they follow reviewed here, or when
 * the read fails (the tabs below still list every review).
 */
export function FollowedReviews({ restaurantId }: { restaurantId: string }) {
  const headingId = useId();
  const query = useQuery(followedReviewsQuery(restaurantId));
  const items = query.data?.items ?? [];
  const open = useOpenItem(items);
  if (items.length === 0) return null;

  const authors = distinctAuthors(items);
  const reviewerCount = Math.max(query.data?.reviewerCount ?? 0, authors.length);
  const hiddenFaces = reviewerCount - Math.min(FACES, authors.length);

  return (
    <section className={classes.followed} aria-labelledby={headingId}>
      <div className={classes.followedHeader}>
        <Avatar.Group spacing="sm" aria-hidden>
          {authors.slice(0, FACES).map(({ author }) => (
            <UserAvatar
              key={author.id}
              avatarUrl={author.avatarUrl}
              username={author.username}
              size={36}
              className={classes.face}
            />
          ))}
          {hiddenFaces > 0 && (
            <Avatar size={36} radius="xl" className={classes.face}>
              +{hiddenFaces}
            </Avatar>
          )}
        </Avatar.Group>
        <div className={classes.followedText}>
          <Title order={2} id={headingId} className={classes.sectionTitle}>
            People you follow
          </Title>
          <Text size="sm" c="dimmed">
            {followedReviewersSentence(
              authors.map(({ name }) => name),
              reviewerCount,
            )}
          </Text>
        </div>
      </div>
      <ul className={classes.followedList}>
        {items.map((item) => (
          <li key={item.id} className={classes.followedItem}>
            <ItemCompactCard item={item} onOpen={open.open} />
          </li>
        ))}
      </ul>
      <ItemDetailDialog item={open.selected} onClose={open.close} />
    </section>
  );
}

/**
 * How many people the signed-in viewer follows want to try this place, for the page's header:
 * from the same answer as FollowedReviews (one request for both), so nothing while it loads or
 * when the read fails.
 */
export function FollowedSaves({
  restaurantId,
  className,
}: {
  restaurantId: string;
  className?: string;
}) {
  const query = useQuery(followedReviewsQuery(restaurantId));
  return <SavedByFollowed count={query.data?.savedByFollowedCount ?? 0} className={className} />;
}
