import {
  Anchor,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from "@mantine/core";
import {
  IconCurrentLocation,
  IconDiscount2,
  IconMapPin,
  IconStarFilled,
} from "@tabler/icons-react";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { apiPaths } from "#domain/api-paths.ts";
import type { DealDto } from "#domain/items.ts";
import type {
  NearbyDealPlaceDto,
  NearbyDealsDto,
  NearbyDto,
  NearbyPlaceDto,
} from "#domain/nearby.ts";
import { nearbyMessages } from "#domain/nearby-rules.ts";
import type { LatLng } from "#domain/places.ts";
import { restaurantPageMessages } from "#domain/restaurant-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { type FoodMapPin, FoodMapView } from "#web/features/food-map/components/food-map-view.tsx";
import { apiGet } from "#web/lib/api-client.ts";
import { isLocationAllowed } from "#web/lib/geolocation.ts";
import { positionKeys } from "#web/lib/query-keys.ts";
import { oneDecimal } from "#web/lib/restaurant-links.ts";
import classes from "./explore.module.css";

// Deal cards load with the first deals, so the places view carries none of them.
const DealCard = lazy(async () => ({
  default: (await import("#web/features/items/components/deal-card.tsx")).DealCard,
}));

type Located =
  | { status: "idle" }
  | { status: "locating" }
  | { status: "refused" }
  | { status: "located"; position: LatLng };

/**
 * The browser's position for Nearby: asked for only when the person taps "Use my location",
 * or at once when they already allowed it (the browser then shows no prompt). Kept in memory
 * for this visit only.
 */
function useNearbyPosition() {
  const [located, setLocated] = useState<Located>({ status: "idle" });
  const locate = useCallback(() => {
    if (typeof navigator === "undefined" || !navigator.geolocation) {
      setLocated({ status: "refused" });
      return;
    }
    setLocated({ status: "locating" });
    navigator.geolocation.getCurrentPosition(
      (result) =>
        setLocated({
          status: "located",
          position: { lat: result.coords.latitude, lng: result.coords.longitude },
        }),
      () => setLocated({ status: "refused" }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  }, []);
  useEffect(() => {
    let cancelled = false;
    void isLocationAllowed().then((allowed) => {
      if (!cancelled && allowed) locate();
    });
    return () => {
      cancelled = true;
    };
  }, [locate]);
  return { located, locate };
}

/**
 * Explore's Nearby tab: with the position, places around it (or, with the Deals switch on, the
 * active deals there) as a list or on a map.
 */
export function NearbyPanel() {
  const { located, locate } = useNearbyPosition();
  if (located.status !== "located") {
    return (
      <EmptyState
        icon={<IconMapPin size={28} stroke={1.6} />}
        title={nearbyMessages.allowLocation}
        hint={located.status === "refused" ? nearbyMessages.locationRefused : undefined}
        action={
          <Button
            mt="sm"
            variant="light"
            leftSection={<IconCurrentLocation size={16} aria-hidden />}
            loading={located.status === "locating"}
            onClick={locate}
          >
            {nearbyMessages.useMyLocation}
          </Button>
        }
      />
    );
  }
  return <NearbyResults position={located.position} />;
}

type NearbyView = "list" | "map";

/** The address's `deals=1`: Nearby shows active deals instead of places (issue 30). */
function useDealsSwitch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const on = searchParams.get(DEALS_PARAM) === "1";
  const set = (value: boolean) =>
    setSearchParams((params) => {
      if (value) params.set(DEALS_PARAM, "1");
      else params.delete(DEALS_PARAM);
      return params;
    });
  return [on, set] as const;
}

const DEALS_PARAM = "deals";

/** Around the position: the Map | List switch, the Deals switch, and places or deals. */
function NearbyResults({ position }: { position: LatLng }) {
  const [view, setView] = useState<NearbyView>("list");
  const [dealsOn, setDealsOn] = useDealsSwitch();
  return (
    <Stack gap="md">
      <Group gap="lg" wrap="wrap" align="center">
        <SegmentedControl
          aria-label={nearbyMessages.viewSwitchLabel}
          value={view}
          onChange={(value) => setView(value === "map" ? "map" : "list")}
          data={[
            { value: "list", label: nearbyMessages.listView },
            { value: "map", label: nearbyMessages.mapView },
          ]}
          className={classes.nearbySwitch}
        />
        <Switch
          label={nearbyMessages.dealsSwitch}
          checked={dealsOn}
          onChange={(event) => setDealsOn(event.currentTarget.checked)}
        />
      </Group>
      {dealsOn ? (
        <NearbyDeals position={position} view={view} />
      ) : (
        <NearbyPlaces position={position} view={view} />
      )}
    </Stack>
  );
}

/** What a Nearby read shows while it loads or after it failed; null once it has data. */
function pendingOrFailed(
  query: UseQueryResult<unknown>,
  text: { loading: string; failed: string },
): ReactNode {
  if (query.isPending) return <Loader size="sm" aria-label={text.loading} />;
  if (!query.isError) return null;
  return (
    <EmptyState
      icon={<IconMapPin size={28} stroke={1.6} />}
      title={text.failed}
      hint={query.error.message}
      action={
        <Button mt="sm" variant="light" onClick={() => void query.refetch()}>
          Retry
        </Button>
      }
    />
  );
}

function NearbyPlaces({ position, view }: { position: LatLng; view: NearbyView }) {
  const query = useQuery({
    // Rounded to ~100 m: small moves reuse the answer.
    queryKey: positionKeys.nearby(position.lat, position.lng),
    queryFn: ({ signal }) => apiGet<NearbyDto>(apiPaths.nearby(position), { signal }),
  });
  if (!query.isSuccess) {
    return pendingOrFailed(query, {
      loading: nearbyMessages.loading,
      failed: nearbyMessages.loadFailed,
    });
  }
  const places = query.data.places;
  if (places.length === 0) {
    return <EmptyState icon={<IconMapPin size={28} stroke={1.6} />} title={nearbyMessages.empty} />;
  }
  return view === "map" ? (
    <div className={classes.nearbyMap}>
      <FoodMapView
        title={nearbyMessages.tab}
        pins={places.map(toPin)}
        emptyText={nearbyMessages.empty}
      />
    </div>
  ) : (
    <ul className={classes.nearbyList} aria-label={nearbyMessages.tab}>
      {places.map((place) => (
        <NearbyRow key={place.restaurant.id} place={place} />
      ))}
    </ul>
  );
}

/** The active deals around the position, nearest first, as deal cards or one pin a place. */
function NearbyDeals({ position, view }: { position: LatLng; view: NearbyView }) {
  const query = useQuery({
    queryKey: positionKeys.nearbyDealsAt(position.lat, position.lng),
    queryFn: ({ signal }) => apiGet<NearbyDealsDto>(apiPaths.nearbyDeals(position), { signal }),
  });
  if (!query.isSuccess) {
    return pendingOrFailed(query, {
      loading: nearbyMessages.dealsLoading,
      failed: nearbyMessages.dealsLoadFailed,
    });
  }
  const { items, places } = query.data;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconDiscount2 size={28} stroke={1.6} />}
        title={nearbyMessages.dealsEmpty}
        hint={nearbyMessages.dealsEmptyHint}
      />
    );
  }
  const distances = new Map(
    places.map((place) => [place.restaurantId, nearbyMessages.distance(place.distance)]),
  );
  if (view === "map") {
    return (
      <div className={classes.nearbyMap}>
        <FoodMapView
          title={nearbyMessages.dealsTitle}
          pins={dealPins(items, places)}
          emptyText={nearbyMessages.dealsEmpty}
        />
      </div>
    );
  }
  return (
    <Suspense fallback={<Loader size="sm" aria-label={nearbyMessages.dealsLoading} />}>
      <ul
        className={`${classes.nearbyList} ${classes.nearbyDeals}`}
        aria-label={nearbyMessages.dealsTitle}
      >
        {items.map((deal) => (
          <li key={deal.id}>
            <DealCard deal={deal} distance={distances.get(deal.restaurant.id)} />
          </li>
        ))}
      </ul>
    </Suspense>
  );
}

/** One pin a place, saying how many of the listed deals are there. */
function dealPins(items: readonly DealDto[], places: readonly NearbyDealPlaceDto[]): FoodMapPin[] {
  return places.flatMap((place) => {
    const here = items.filter((deal) => deal.restaurant.id === place.restaurantId);
    const [first] = here;
    if (!first) return [];
    return [
      {
        id: place.restaurantId,
        restaurant: first.restaurant,
        location: place.location,
        status: "place",
        rating: null,
        label: nearbyMessages.dealCount(here.length),
      },
    ];
  });
}

function toPin(place: NearbyPlaceDto): FoodMapPin {
  return {
    id: place.restaurant.id,
    restaurant: place.restaurant,
    location: place.location,
    status: "place",
    rating: place.rating,
    reviewCount: place.reviewCount,
  };
}

function NearbyRow({ place }: { place: NearbyPlaceDto }) {
  const { restaurant } = place;
  const path = screenPaths.restaurant(restaurant);
  return (
    <li className={classes.nearbyRow}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={path} fw={600}>
            {restaurant.name}
          </Anchor>
          {restaurant.address && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {restaurant.address}
            </Text>
          )}
          {place.rating === null ? (
            <Text size="sm" c="dimmed">
              {restaurantPageMessages.noRestaurantReviews}
            </Text>
          ) : (
            <Group gap={6}>
              <IconStarFilled size={14} aria-hidden className={classes.nearbyStar} />
              <Text size="sm">
                {oneDecimal(place.rating)}{" "}
                <Text span size="xs" c="dimmed">
                  · {nearbyMessages.reviewCount(place.reviewCount)}
                </Text>
              </Text>
            </Group>
          )}
          {place.followedRating !== null && (
            <Text size="xs" c="dimmed">
              {nearbyMessages.followedRating(place.followedRating)}
            </Text>
          )}
        </Stack>
        <Text size="sm" fw={600} className={classes.nearbyDistance}>
          {nearbyMessages.distance(place.distance)}
        </Text>
      </Group>
    </li>
  );
}
