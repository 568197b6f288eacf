import { Button, SegmentedControl, Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { IconListSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams, useSearchParams } from "react-router";
import { foodMapMessages } from "#domain/food-map-rules.ts";
import type { ListDetailDto } from "#domain/lists.ts";
import { listMessages } from "#domain/lists-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { BackButton } from "#web/components/back-button.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import surface from "#web/components/surface.module.css";
import { listDetailQuery } from "#web/features/lists/api/list-queries.ts";
import { ListHeader, ListHeaderSkeleton } from "#web/features/lists/components/list-header.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { useSession } from "#web/lib/session.tsx";
import { ListEntries } from "./list-entries.tsx";
import { ListMap } from "./list-map.tsx";
import classes from "./list-page.module.css";

const SKELETONS = ["first", "second", "third"] as const;

/**
 * One named list at /lists/:listId (a link list's share link adds ?key=, sent on to the API):
 * its header, then every entry in order, or their places on a map (?view=map). A list the
 * viewer may not see reads "List not found", never why.
 */
export function ListPage() {
  const { listId = "" } = useParams();
  const [searchParams] = useSearchParams();
  const key = searchParams.get("key");
  const query = useQuery({
    ...listDetailQuery(listId, key),
    retry: (failures, error) =>
      failures < 2 && !(error instanceof ApiRequestError && error.status === 404),
  });
  const header = <PageHeader title="List" leading={<BackButton />} />;

  if (query.data) {
    return (
      <>
        {header}
        <div className={classes.page}>
          <ListHeader list={query.data.list} shareKey={key} />
          <ListBody detail={query.data} />
        </div>
      </>
    );
  }

  const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
  return (
    <>
      {header}
      {notFound ? (
        <ListNotFound />
      ) : query.isError ? (
        <LoadErrorState
          title="We couldn't load this list"
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      ) : (
        <ListSkeleton />
      )}
    </>
  );
}

const VIEWS = [
  { value: "list", label: foodMapMessages.listView },
  { value: "map", label: foodMapMessages.mapView },
];

/** The entries as cards or as a map; the choice lives in the URL (the share key stays). */
function ListBody({ detail }: { detail: ListDetailDto }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = searchParams.get("view") === "map" ? "map" : "list";

  function show(next: string) {
    setSearchParams(
      (params) => {
        if (next === "map") params.set("view", "map");
        else params.delete("view");
        return params;
      },
      { replace: true },
    );
  }

  return (
    <>
      {detail.entries.length > 0 && (
        <SegmentedControl
          className={classes.viewSwitch}
          aria-label={foodMapMessages.viewSwitchLabel}
          data={VIEWS}
          value={view}
          onChange={show}
        />
      )}
      {view === "map" && detail.entries.length > 0 ? (
        <ListMap name={detail.list.name} entries={detail.entries} emptyText={listMessages.empty} />
      ) : (
        <ListEntries detail={detail} />
      )}
    </>
  );
}

/** A list nobody lets the viewer see: the words, and a way back (their own lists when signed in). */
function ListNotFound() {
  const { session } = useSession();
  const signedIn = session.status === "signed-in";
  return (
    <EmptyState
      icon={<IconListSearch size={28} stroke={1.6} />}
      title={listMessages.notFound}
      hint={listMessages.notFoundHint}
      action={
        <Button component={Link} to={signedIn ? screenPaths.ownLists : screenPaths.feed} mt="sm">
          {signedIn ? "Go to your lists" : "Go to Feed"}
        </Button>
      }
    />
  );
}

/** The header's and the first entries' shapes while the list loads. */
function ListSkeleton() {
  return (
    <div className={classes.page} aria-busy>
      <span role="status">
        <VisuallyHidden>Loading list</VisuallyHidden>
      </span>
      <ListHeaderSkeleton />
      <Stack gap="md">
        {SKELETONS.map((name) => (
          <div key={name} className={`${surface.rowSurface} ${classes.place}`}>
            <Skeleton width={72} height={72} radius="md" />
            <Stack gap={8}>
              <Skeleton height={16} width="60%" />
              <Skeleton height={12} width="40%" />
            </Stack>
          </div>
        ))}
      </Stack>
    </div>
  );
}
