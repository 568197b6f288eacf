import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { FoodMapDto, MapPlaceDto } from "#domain/food-map.ts";
import { foodMapMessages } from "#domain/food-map-rules.ts";
import { authorDisplayName } from "#domain/items-rules.ts";
import type { ProfilePageDto } from "#domain/profile.ts";
import { BackButton } from "#web/components/back-button.tsx";
import { LoadErrorState } from "#web/components/load-error-state.tsx";
import { LoadingScreen } from "#web/components/loading-screen.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import { ownMapQuery, profileMapQuery } from "../api/food-map-queries.ts";
import classes from "./food-map-page.module.css";
import { type FoodMapPin, FoodMapView } from "./food-map-view.tsx";

/** A person's places as pins: one per restaurant, so the restaurant's id names it. */
function toPins(places: MapPlaceDto[]): FoodMapPin[] {
  return places.map((place) => ({ id: place.restaurant.id, ...place }));
}

/** /map: the signed-in person's places, tried and wanted. */
export function OwnMapPage() {
  const map = useQuery(ownMapQuery);
  return (
    <MapScreen title={foodMapMessages.myMapTitle} map={map} emptyText={foodMapMessages.emptyOwn} />
  );
}

/**
 * /user/:handle/map: someone's tried places (their want to try stays private). `profile` is the
 * person the address names and `notFound` what an unknown handle shows: the profile feature's
 * read and page, which the app's screen passes in.
 */
export function UserMapPage({
  profile,
  notFound,
}: {
  profile: UseQueryResult<ProfilePageDto>;
  notFound: ReactNode;
}) {
  const profileId = profile.data?.profile.id;
  const map = useQuery({ ...profileMapQuery(profileId ?? ""), enabled: profileId !== undefined });
  const title = profile.data
    ? foodMapMessages.userMapTitle(authorDisplayName(profile.data.profile))
    : foodMapMessages.openMap;

  if (profile.isError) {
    const isNotFound = profile.error instanceof ApiRequestError && profile.error.status === 404;
    return (
      <>
        <PageHeader title={title} leading={<BackButton />} />
        {isNotFound ? (
          notFound
        ) : (
          <LoadErrorState
            title={foodMapMessages.loadFailed}
            onRetry={() => void profile.refetch()}
            retrying={profile.isRefetching}
          />
        )}
      </>
    );
  }
  return <MapScreen title={title} map={map} emptyText={foodMapMessages.empty} back />;
}

function MapScreen({
  title,
  map,
  emptyText,
  back = false,
}: {
  title: string;
  map: UseQueryResult<FoodMapDto>;
  emptyText: string;
  back?: boolean;
}) {
  return (
    <div className={classes.screen}>
      <PageHeader title={title} leading={back ? <BackButton /> : undefined} />
      <div className={classes.body}>
        {map.data ? (
          <FoodMapView
            title={title}
            pins={toPins(map.data.places)}
            emptyText={emptyText}
            truncated={map.data.truncated}
          />
        ) : map.isError ? (
          <LoadErrorState
            title={foodMapMessages.loadFailed}
            onRetry={() => void map.refetch()}
            retrying={map.isRefetching}
          />
        ) : (
          <LoadingScreen />
        )}
      </div>
    </div>
  );
}
