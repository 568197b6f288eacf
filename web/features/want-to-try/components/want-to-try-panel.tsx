import { SegmentedControl, Select, Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { IconBookmark, IconChecks } from "@tabler/icons-react";
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type {
  WantToTryPageDto,
  WantToTryStatus,
  WantToTryVisibility,
} from "#domain/want-to-try.ts";
import {
  wantToTryMessages,
  wantToTryVisibilities,
  wantToTryVisibilityLabels,
} from "#domain/want-to-try-rules.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import { useSetWantToTryVisibility } from "../api/use-want-to-try-mutations.ts";
import { wantToTryListQuery } from "../api/want-to-try-queries.ts";
import classes from "./want-to-try.module.css";
import { WantToTryEntry } from "./want-to-try-entry.tsx";

/** The address keeps the open half (?list=tried; absent for Want to try), so back returns to it. */
const LIST_PARAM = "list";
const SKELETONS = ["first", "second", "third"] as const;

const HALVES = {
  want: {
    label: wantToTryMessages.tabLabel,
    empty: wantToTryMessages.emptyWant,
    icon: IconBookmark,
  },
  tried: {
    label: wantToTryMessages.triedLabel,
    empty: wantToTryMessages.emptyTried,
    icon: IconChecks,
  },
} as const satisfies Record<WantToTryStatus, object>;

const VISIBILITY_CHOICES = wantToTryVisibilities.map((value) => ({
  value,
  label: wantToTryVisibilityLabels[value],
}));

/**
 * The own profile's Want to try tab: Want to try | Tried, each newest first with "Load more",
 * a skeleton while the first page loads, its empty text, or a Retry when it failed; and who
 * may count the saves, once the list says.
 */
export function WantToTryPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status: WantToTryStatus = searchParams.get(LIST_PARAM) === "tried" ? "tried" : "want";
  const list = useInfiniteQuery(wantToTryListQuery(status));

  function openHalf(value: string) {
    setSearchParams(
      (params) => {
        if (value === "tried") params.set(LIST_PARAM, value);
        else params.delete(LIST_PARAM);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="List"
        value={status}
        onChange={openHalf}
        radius="xl"
        fullWidth
        data={[
          { value: "want", label: HALVES.want.label },
          { value: "tried", label: HALVES.tried.label },
        ]}
      />
      <ListBody status={status} list={list} />
      {list.data?.pages[0] && <VisibilityChoice value={list.data.pages[0].visibility} />}
    </Stack>
  );
}

/** Only me (the default) or Followers: whether followers count these saves. */
function VisibilityChoice({ value }: { value: WantToTryVisibility }) {
  const setVisibility = useSetWantToTryVisibility();
  return (
    <Select
      label={wantToTryMessages.visibilityLabel}
      description={wantToTryMessages.visibilityDescription}
      data={VISIBILITY_CHOICES}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        if (next && next !== value) setVisibility.mutate(next as WantToTryVisibility);
      }}
    />
  );
}

type WantToTryList = UseInfiniteQueryResult<InfiniteData<WantToTryPageDto>>;

/** The open half: a skeleton, its load error, its empty text, or the entries and "Load more". */
function ListBody({ status, list }: { status: WantToTryStatus; list: WantToTryList }) {
  const entries = list.data?.pages.flatMap((page) => page.items) ?? [];
  const half = HALVES[status];

  if (list.status === "pending") {
    return (
      <div aria-busy>
        <span role="status">
          <VisuallyHidden>Loading {half.label}</VisuallyHidden>
        </span>
        <Stack gap="sm">
          {SKELETONS.map((key) => (
            <div key={key} className={classes.entry}>
              <Skeleton width={64} height={64} radius="md" />
              <Stack gap={8}>
                <Skeleton height={16} width="60%" />
                <Skeleton height={12} width="40%" />
                <Skeleton height={10} width="30%" />
              </Stack>
            </div>
          ))}
        </Stack>
      </div>
    );
  }

  if (list.status === "error" && entries.length === 0) {
    return (
      <LoadErrorState
        title={`We couldn't load ${half.label}`}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  }

  if (entries.length === 0) {
    return <EmptyState icon={<half.icon size={28} stroke={1.6} />} title={half.empty} />;
  }

  return (
    <Stack gap="md">
      <ul className={classes.list} aria-label={half.label}>
        {entries.map((entry) => (
          <WantToTryEntry key={entry.id} entry={entry} />
        ))}
      </ul>
      <LoadMore
        noun="saved places and dishes"
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        onLoadMore={() => {
          if (!list.isFetching) void list.fetchNextPage();
        }}
      />
    </Stack>
  );
}
