import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { apiPaths } from "#domain/api-paths.ts";
import type { LatLng, PlaceSearchResult, PlaceSuggestion } from "#domain/places.ts";
import { PLACE_LIMITS } from "#domain/places-rules.ts";
import { apiGet } from "./api-client.ts";
import { isLocationAllowed } from "./geolocation.ts";
import { positionKeys } from "./query-keys.ts";

/** Place search waits 300 ms after the last keystroke. */
const DEBOUNCE_MS = 300;

/**
 * The browser's position for "distance from me", read once when the field is first focused, and
 * only if the person already allowed it: the browser asks for a location only on a "Use my
 * location" tap, never because a field got focus. Otherwise (or on a failure) suggestions come
 * without a bias and without distances.
 */
export function useBrowserPosition() {
  const [position, setPosition] = useState<LatLng | null>(null);
  const asked = useRef(false);
  const request = useCallback(() => {
    if (asked.current || typeof navigator === "undefined" || !navigator.geolocation) return;
    asked.current = true;
    void isLocationAllowed().then((allowed) => {
      if (!allowed) return;
      navigator.geolocation.getCurrentPosition(
        (result) => setPosition({ lat: result.coords.latitude, lng: result.coords.longitude }),
        () => undefined,
        { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
      );
    });
  }, []);
  return { position, request };
}

/** GET /api/places/search from 2 characters, debounced, near the browser's position if known. */
export function usePlaceSearch(text: string, position: LatLng | null) {
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const enabled = debounced.length >= PLACE_LIMITS.queryMin;
  const query = useQuery<PlaceSearchResult>({
    queryKey: positionKeys.places(debounced, position?.lat ?? null, position?.lng ?? null),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q: debounced });
      if (position) {
        params.set("lat", String(position.lat));
        params.set("lng", String(position.lng));
      }
      return apiGet<PlaceSearchResult>(apiPaths.placeSearch(params), { signal });
    },
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return {
    suggestions: enabled ? (query.data?.results ?? []) : ([] as PlaceSuggestion[]),
    /** Which service answered: OpenStreetMap's data is shown with its credit. */
    provider: enabled ? (query.data?.provider ?? null) : null,
    /** True while the typed text has not been searched yet (debounce or request). */
    searching: text.trim() !== debounced || query.isFetching,
    enabled,
    error: query.error,
    searched: enabled && query.isSuccess && text.trim() === debounced,
  };
}
