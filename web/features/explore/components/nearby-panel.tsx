import { Anchor, Button, Group, Loader, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconCurrentLocation, IconMapPin, IconStarFilled } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { apiPaths } from "#domain/api-paths.ts";
import { type NearbyDto, type NearbyPlaceDto, nearbyMessages } from "#domain/nearby.ts";
import type { LatLng } from "#domain/places.ts";
import { restaurantPageMessages } from "#domain/restaurant.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { type FoodMapPin, FoodMapView } from "#web/features/food-map/components/food-map-view.tsx";
import { apiGet } from "#web/lib/api-client.ts";
import { isLocationAllowed } from "#web/lib/geolocation.ts";
import { positionKeys } from "#web/lib/query-keys.ts";
import { oneDecimal } from "#web/lib/restaurant-links.ts";
import classes from "./explore.module.css";

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

/** Explore's Nearby tab: with the position, places around it as a list or on a map. */
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
  return <NearbyPlaces position={located.position} />;
}

function NearbyPlaces({ position }: { position: LatLng }) {
  const [view, setView] = useState<"list" | "map">("list");
  const query = useQuery({
    // Rounded to ~100 m: small moves reuse the answer.
    queryKey: positionKeys.nearby(position.lat, position.lng),
    queryFn: ({ signal }) => apiGet<NearbyDto>(apiPaths.nearby(position), { signal }),
  });
  if (query.isPending) return <Loader size="sm" aria-label={nearbyMessages.loading} />;
  if (query.isError) {
    return (
      <EmptyState
        icon={<IconMapPin size={28} stroke={1.6} />}
        title={nearbyMessages.loadFailed}
        hint={query.error.message}
        action={
          <Button mt="sm" variant="light" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  const places = query.data.places;
  if (places.length === 0) {
    return <EmptyState icon={<IconMapPin size={28} stroke={1.6} />} title={nearbyMessages.empty} />;
  }
  return (
    <Stack gap="md">
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
      {view === "map" ? (
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
      )}
    </Stack>
  );
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
