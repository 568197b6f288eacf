import { Button, Group, Image, Loader, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ReviewDto } from "#domain/items.ts";
import type { Insertion, RankPlacement } from "#domain/rankings.ts";
import { narrow, nextComparison, rankingMessages } from "#domain/rankings-rules.ts";
import { finishRanking } from "#web/lib/rank-requests.ts";
import { toast } from "#web/lib/toast.ts";
import { rankingsQuery, useRankDish } from "../api/rankings-queries.ts";

/**
 * "How does it compare?" for a ranked dish, over whatever screen is open (web/lib/rank-requests):
 * a dish posted into a category that holds others, or one re-ranked from the Rankings tab.
 * Nothing is asked about a dish alone in its category.
 */
export function RankQuestionsDialog({ dish }: { dish: ReviewDto }) {
  return (
    <Modal opened onClose={finishRanking} title={rankingMessages.compareTitle} centered>
      <RankQuestions key={dish.id} dish={dish} onDone={finishRanking} />
    </Modal>
  );
}

/**
 * Binary insertion (ADR 0030): each answer halves the places left, so n dishes take at most
 * ⌈log2 n⌉ questions; "Too close to call" ties and "Skip" leaves the dish where it is.
 */
function RankQuestions({ dish, onDone }: { dish: ReviewDto; onDone: () => void }) {
  const rankings = useQuery(rankingsQuery(dish.author.id));
  const rank = useRankDish();
  const others =
    rankings.data?.categories
      .find((category) => category.name === dish.category)
      ?.dishes.filter((other) => other.id !== dish.id) ?? [];
  const [range, setRange] = useState<Insertion | null>(null);
  const alone = rankings.isSuccess && others.length === 0;
  // Nothing to compare with: the dialog closes by itself.
  useEffect(() => {
    if (alone) onDone();
  }, [alone, onDone]);

  if (rankings.isPending) return <Loader size="sm" aria-label={rankingMessages.loading} />;
  const current = range ?? { lo: 0, hi: others.length };
  const asked = nextComparison(current);
  const against = asked === null ? undefined : others[asked];

  function save(placement: RankPlacement) {
    rank.mutate(
      { id: dish.id, placement },
      {
        onSuccess: () => {
          toast.success(rankingMessages.rankSaved);
          onDone();
        },
      },
    );
  }

  function answer(verdict: "better" | "worse") {
    if (asked === null) return;
    const next = narrow(current, asked, verdict);
    setRange(next);
    if (nextComparison(next) === null) save({ aboveId: others[next.lo]?.id ?? null });
  }

  if (!against) return null;
  const photo = against.images[0];
  return (
    <Stack gap="md">
      <Text size="sm">
        Is <strong>{dish.title}</strong> better or worse than:
      </Text>
      <Group wrap="nowrap" align="center" gap="md">
        {photo && (
          <Image
            src={photo.url480}
            alt={photo.alt ?? against.title}
            w={72}
            h={72}
            radius="md"
            fit="cover"
          />
        )}
        <div>
          <Text fw={700}>{against.title}</Text>
          <Text size="sm" c="dimmed">
            {against.restaurant.name}
          </Text>
        </div>
      </Group>
      <Group grow>
        <Button onClick={() => answer("better")} disabled={rank.isPending} data-autofocus>
          {rankingMessages.better}
        </Button>
        <Button onClick={() => answer("worse")} disabled={rank.isPending}>
          {rankingMessages.worse}
        </Button>
      </Group>
      {/* One column on phones, where "Too close to call" needs the whole width. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button
          variant="light"
          onClick={() => save({ tieWithId: against.id })}
          disabled={rank.isPending}
        >
          {rankingMessages.tooClose}
        </Button>
        <Button variant="subtle" color="gray" onClick={onDone} disabled={rank.isPending}>
          {rankingMessages.skip}
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
