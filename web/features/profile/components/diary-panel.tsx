import { Stack, Title, VisuallyHidden } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { ReviewDto } from "#domain/items.ts";
import { diaryMessages } from "#domain/review-rules.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ItemCardSkeleton } from "#web/features/items/components/item-card.tsx";
import { ItemDetailDialog } from "#web/features/items/components/item-detail-dialog.tsx";
import { ItemCardStack, ItemPagesView } from "#web/features/items/components/item-pages-view.tsx";
import { itemPages } from "#web/features/items/item-pages.ts";
import { useOpenItem } from "#web/features/items/use-open-item.ts";
import { formatMonth } from "#web/lib/format-date.ts";
import { diaryQuery } from "../api/profile-queries.ts";

/** The reviews of one month visited, in the list's order. */
interface DiaryMonth {
  /** `YYYY-MM`. */
  month: string;
  reviews: ReviewDto[];
}

/** Consecutive reviews (already newest visited first) grouped by the month of their date visited. */
function byMonth(reviews: readonly ReviewDto[]): DiaryMonth[] {
  const months: DiaryMonth[] = [];
  for (const review of reviews) {
    const month = review.visitedOn.slice(0, 7);
    const last = months.at(-1);
    if (last?.month === month) last.reviews.push(review);
    else months.push({ month, reviews: [review] });
  }
  return months;
}

/**
 * The own profile's Diary tab: every review by the date visited, newest first, under a heading
 * per month, with "Load more".
 */
export function DiaryPanel({ profileId }: { profileId: string }) {
  const list = useInfiniteQuery(diaryQuery(profileId));
  const pages = itemPages(list);
  const open = useOpenItem(pages.items);
  // The Diary's items are all reviews (its route returns nothing else).
  const reviews = pages.items.filter((item): item is ReviewDto => item.itemType === "review");

  return (
    <>
      <ItemPagesView
        pages={pages}
        loading={
          <Stack gap="md" aria-busy>
            <span role="status">
              <VisuallyHidden>{diaryMessages.loading}</VisuallyHidden>
            </span>
            <ItemCardSkeleton />
          </Stack>
        }
        errorTitle="We couldn't load your diary"
        empty={
          <EmptyState icon={<IconCalendar size={28} stroke={1.6} />} title={diaryMessages.empty} />
        }
        noun="reviews"
      >
        {byMonth(reviews).map(({ month, reviews: ofMonth }) => {
          const heading = formatMonth(`${month}-01`);
          return (
            <Stack key={month} gap="sm">
              <Title order={2} size="h4">
                {heading}
              </Title>
              <ItemCardStack items={ofMonth} label={heading} onOpen={open.open} />
            </Stack>
          );
        })}
      </ItemPagesView>
      <ItemDetailDialog item={open.selected} onClose={open.close} />
    </>
  );
}
