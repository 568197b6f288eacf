import { SegmentedControl, Stack, Text } from "@mantine/core";
import { IconToolsKitchen2 } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { FeedScope } from "#domain/feed.ts";
import { feedMessages } from "#domain/feed-rules.ts";
import type { ItemDto } from "#domain/items.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { ItemCardSkeleton } from "#web/features/items/components/item-card.tsx";
import { ItemDetailDialog } from "#web/features/items/components/item-detail-dialog.tsx";
import { ItemCardStack, ItemPagesView } from "#web/features/items/components/item-pages-view.tsx";
import { type ItemPages, itemPages } from "#web/features/items/item-pages.ts";
import { useItemDialog } from "#web/features/items/use-open-item.ts";
import { useSession } from "#web/lib/session.tsx";
import { feedQuery } from "../api/feed-queries.ts";
import classes from "./feed-page.module.css";

/** Only an empty feed offers it: loaded then, so a feed with posts pays nothing for it. */
const FirstDay = lazy(() =>
  import("./first-day.tsx").then((module) => ({ default: module.FirstDay })),
);

/** Three skeleton cards while the feed loads. */
const SKELETON_CARDS = ["first", "second", "third"] as const;
/** Start loading the next page this far before the end comes into view. */
const PREFETCH_MARGIN = "800px 0px";

/**
 * The home feed: reviews and posts newest first, infinite scroll on keyset pages. Public and
 * read-only for visitors (docs/decisions/0003); signed-in users can switch to people
 * they follow.
 */
export function FeedPage() {
  const { session } = useSession();
  const signedIn = session.status === "signed-in";
  const [chosenScope, setScope] = useState<FeedScope>("everyone");
  const scope: FeedScope = signedIn ? chosenScope : "everyone";
  // Asked for at once, not after the session read: the request carries the session cookie, so
  // the server answers for whoever is signed in (their likes included) either way.
  const feed = useInfiniteQuery(feedQuery(scope));
  const pages = itemPages(feed);
  // Phones open the dialog too (not /view), so closing it returns to the same place in the feed.
  const dialog = useItemDialog(pages.items);

  useEffect(() => {
    if (feed.error) console.error("Feed failed to load", feed.error);
  }, [feed.error]);

  return (
    <>
      <PageHeader title="Tasted" mobileOnly />
      <Stack p="md" gap="md">
        {signedIn && (
          <div className={classes.toolbar}>
            <SegmentedControl
              className={classes.scope}
              value={scope}
              onChange={(value) => setScope(value as FeedScope)}
              data={[
                { value: "everyone", label: "Everyone" },
                { value: "following", label: "Following" },
              ]}
              radius="xl"
              fullWidth
              aria-label="Whose posts to show"
            />
          </div>
        )}

        <FeedList pages={pages} scope={scope} signedIn={signedIn} onOpen={dialog.open} />
      </Stack>

      <ItemDetailDialog item={dialog.selected} onClose={dialog.close} />
    </>
  );
}

interface FeedListProps {
  pages: ItemPages;
  scope: FeedScope;
  /** An empty feed offers the signed-in person a first review and people to follow. */
  signedIn: boolean;
  onOpen: (item: ItemDto) => void;
}

function FeedList({ pages, scope, signedIn, onOpen }: FeedListProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(pages.loadMore);
  loadMore.current = pages.loadMore;

  // Re-observed after every page: a new observer reports at once if the end is still in view.
  const autoLoad =
    pages.status === "success" &&
    pages.hasNextPage &&
    !pages.nextPageFailed &&
    !pages.isFetchingNextPage;
  useEffect(() => {
    const node = sentinel.current;
    if (!autoLoad || !node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [autoLoad]);

  return (
    <ItemPagesView
      pages={pages}
      loading={
        <Stack gap="md" aria-busy aria-label="Loading the feed">
          {SKELETON_CARDS.map((key) => (
            <ItemCardSkeleton key={key} />
          ))}
        </Stack>
      }
      errorTitle="We couldn't load the feed"
      empty={
        <Stack gap="lg">
          <EmptyState
            icon={<IconToolsKitchen2 size={28} stroke={1.6} />}
            title={feedMessages.empty}
            hint={
              scope === "following"
                ? "Reviews and posts from people you follow show up here."
                : undefined
            }
          />
          {signedIn && (
            <Suspense fallback={null}>
              <FirstDay />
            </Suspense>
          )}
        </Stack>
      }
      noun="posts"
      end={
        <Text ta="center" size="sm" c="dimmed" py="sm">
          You're all caught up
        </Text>
      }
    >
      <ItemCardStack items={pages.items} label="Feed" onOpen={onOpen} />
      <div ref={sentinel} className={classes.sentinel} aria-hidden />
    </ItemPagesView>
  );
}
