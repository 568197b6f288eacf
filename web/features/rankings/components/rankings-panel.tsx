import {
  ActionIcon,
  Button,
  Group,
  Image,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrophy } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReviewDto } from "#domain/items.ts";
import type { RankPlacement } from "#domain/rankings.ts";
import { rankingMessages } from "#domain/rankings-rules.ts";
import { formatScore } from "#domain/review-rules.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { StarRating } from "#web/components/star-rating.tsx";
import { requestRanking } from "#web/lib/rank-requests.ts";
import { rankingsQuery, useRankDish } from "../api/rankings-queries.ts";
import classes from "./rankings.module.css";

/**
 * A profile's Rankings tab: each category's dishes best first with their scores. On one's own
 * profile a dish can be re-ranked (the questions again) or moved up and down by keyboard.
 */
export function RankingsPanel({ profileId, isOwn }: { profileId: string; isOwn: boolean }) {
  const rankings = useQuery(rankingsQuery(profileId));
  if (rankings.isPending) {
    return (
      <span role="status">
        <VisuallyHidden>{rankingMessages.loading}</VisuallyHidden>
      </span>
    );
  }
  if (rankings.isError) {
    return (
      <LoadErrorState
        title="We couldn't load the rankings"
        onRetry={() => void rankings.refetch()}
        retrying={rankings.isRefetching}
      />
    );
  }
  const { categories } = rankings.data;
  if (categories.length === 0) {
    return (
      <EmptyState
        icon={<IconTrophy size={28} stroke={1.6} />}
        title={rankingMessages.empty}
        hint={isOwn ? rankingMessages.emptyHint : undefined}
      />
    );
  }
  return (
    <Stack gap="xl">
      {categories.map((category) => (
        <section key={category.name} aria-labelledby={`ranking-${category.name}`}>
          <Title order={2} size="h4" mb="sm" id={`ranking-${category.name}`}>
            {category.name}
          </Title>
          <ol className={classes.list} aria-label={category.name}>
            {category.dishes.map((dish, index) => (
              <RankedRow
                key={dish.id}
                dish={dish}
                place={index + 1}
                above={category.dishes[index - 1]}
                belowNext={category.dishes[index + 2]}
                last={index === category.dishes.length - 1}
                isOwn={isOwn}
              />
            ))}
          </ol>
        </section>
      ))}
    </Stack>
  );
}

interface RankedRowProps {
  dish: ReviewDto;
  place: number;
  /** The dish just above (moving up goes above it). */
  above: ReviewDto | undefined;
  /** The dish two below (moving down goes above it, or to the bottom). */
  belowNext: ReviewDto | undefined;
  last: boolean;
  isOwn: boolean;
}

function RankedRow({ dish, place, above, belowNext, last, isOwn }: RankedRowProps) {
  const rank = useRankDish();
  const photo = dish.images[0];

  function move(direction: "up" | "down", placement: RankPlacement) {
    rank.mutate(
      { id: dish.id, placement },
      {
        // The row moved: its button keeps the focus, so the next press moves it again.
        onSuccess: () =>
          requestAnimationFrame(() => document.getElementById(moveId(dish.id, direction))?.focus()),
      },
    );
  }

  return (
    <li className={classes.row}>
      <Text className={classes.place} aria-hidden>
        {place}
      </Text>
      {photo ? (
        <Image src={photo.url480} alt="" w={48} h={48} radius="sm" fit="cover" />
      ) : (
        <div className={classes.noPhoto} />
      )}
      <div className={classes.text}>
        <Text fw={700} lineClamp={1}>
          <VisuallyHidden>{`${place}. `}</VisuallyHidden>
          {dish.title}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {dish.restaurant.name}
        </Text>
      </div>
      <Group gap={8} wrap="nowrap" className={classes.score}>
        <StarRating value={dish.rating} size={14} />
        {dish.score !== null && (
          <Text fw={700} className={classes.scoreValue}>
            <span aria-hidden>{formatScore(dish.score)}</span>
            <VisuallyHidden>{`Score ${formatScore(dish.score)} out of 10`}</VisuallyHidden>
          </Text>
        )}
      </Group>
      {isOwn && (
        <Group gap={4} wrap="nowrap" className={classes.controls}>
          <ActionIcon
            id={moveId(dish.id, "up")}
            variant="subtle"
            color="gray"
            aria-label={`${rankingMessages.moveUp}: ${dish.title}`}
            disabled={!above || rank.isPending}
            onClick={() => above && move("up", { aboveId: above.id })}
          >
            <IconArrowUp size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            id={moveId(dish.id, "down")}
            variant="subtle"
            color="gray"
            aria-label={`${rankingMessages.moveDown}: ${dish.title}`}
            disabled={last || rank.isPending}
            onClick={() => move("down", { aboveId: belowNext?.id ?? null })}
          >
            <IconArrowDown size={18} aria-hidden />
          </ActionIcon>
          <Button
            size="compact-sm"
            variant="subtle"
            aria-label={`${rankingMessages.reRank}: ${dish.title}`}
            onClick={() => requestRanking(dish)}
          >
            {rankingMessages.reRank}
          </Button>
        </Group>
      )}
    </li>
  );
}

const moveId = (id: string, direction: "up" | "down") => `rank-move-${direction}-${id}`;
