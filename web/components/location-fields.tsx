import { Button, Group, Loader, Stack, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { IconCurrentLocation, IconMapOff, IconMapPin, IconPlus, IconX } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { apiPaths } from "#domain/api-paths.ts";
import { ITEM_LIMITS } from "#domain/items-rules.ts";
import type { LatLng, PlaceAddress } from "#domain/places.ts";
import { placeMessages } from "#domain/places-rules.ts";
import { apiGet } from "#web/lib/api-client.ts";
import { type MapInstance, useMapLibre } from "#web/lib/use-map-libre.ts";
import classes from "./location-fields.module.css";

interface LocationFieldsProps {
  address: string;
  onAddressChange: (address: string) => void;
  pin: LatLng | null;
  onPinChange: (pin: LatLng | null) => void;
  disabled?: boolean;
  addressError?: string | undefined;
}

/** How close the map shows a pin. */
const PIN_ZOOM = 15;

/**
 * Where a place is: its address (free text) and a pin, from "Use my location" (the browser asks
 * for the position only on that tap) or placed and dragged on a map. Where the map cannot load,
 * the address alone is enough.
 */
export function LocationFields({
  address,
  onAddressChange,
  pin,
  onPinChange,
  disabled = false,
  addressError,
}: LocationFieldsProps) {
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);

  function locateMe() {
    if (typeof navigator === "undefined" || !navigator.geolocation) {
      setLocateError(placeMessages.locationUnavailable);
      return;
    }
    setLocating(true);
    setLocateError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const pin = { lat: position.coords.latitude, lng: position.coords.longitude };
        onPinChange(pin);
        if (address.trim() === "") void fillAddress(pin);
      },
      () => {
        setLocating(false);
        setLocateError(placeMessages.locationUnavailable);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  // Where the provider can tell (OpenStreetMap), an empty Address is filled from the pin.
  async function fillAddress(pin: LatLng) {
    try {
      const found = await apiGet<PlaceAddress>(apiPaths.placeReverse(pin));
      if (found.address) onAddressChange(found.address);
    } catch {
      // No address from the pin: the person types it, or the pin is enough.
    }
  }

  return (
    <Stack gap="xs">
      <TextInput
        label={placeMessages.addressLabel}
        value={address}
        onChange={(event) => onAddressChange(event.currentTarget.value)}
        maxLength={ITEM_LIMITS.titleMax}
        disabled={disabled}
        error={addressError}
        autoComplete="street-address"
      />
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          size="xs"
          leftSection={
            locating ? <Loader size={14} /> : <IconCurrentLocation size={16} aria-hidden />
          }
          onClick={locateMe}
          disabled={disabled || locating}
        >
          {placeMessages.useMyLocation}
        </Button>
        {pin && (
          <Button
            variant="subtle"
            size="xs"
            color="gray"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => onPinChange(null)}
            disabled={disabled}
          >
            {placeMessages.removePin}
          </Button>
        )}
      </Group>
      {locateError && (
        <Text size="sm" c="red.8" role="alert">
          {locateError}
        </Text>
      )}
      <Text size="xs" c="dimmed" aria-live="polite">
        {pin ? placeMessages.pinAt(pin) : placeMessages.noPin}
      </Text>
      <PinMap pin={pin} onPinChange={onPinChange} disabled={disabled} />
    </Stack>
  );
}

/**
 * The map a pin is placed on (a tap) and moved on (a drag); lazy, like every map. By keyboard
 * the map itself moves (arrow keys, plus and minus, MapLibre's own) under a mark at its centre,
 * and "Place pin at map centre" puts the pin there; the pin's position is announced below.
 */
function PinMap({
  pin,
  onPinChange,
  disabled,
}: {
  pin: LatLng | null;
  onPinChange: (pin: LatLng) => void;
  disabled: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const state = useMapLibre(container, true);
  const marker = useRef<MapMarker | null>(null);
  const latestChange = useRef(onPinChange);
  latestChange.current = onPinChange;
  const blocked = useRef(disabled);
  blocked.current = disabled;

  // A tap on the map puts the pin there. The focusable canvas says how to use it by keyboard.
  useEffect(() => {
    if (state.status !== "ready") return;
    state.map.getCanvas().setAttribute("aria-label", placeMessages.mapKeyboardLabel);
    const onClick = (event: { lngLat: { lat: number; lng: number } }) => {
      if (blocked.current) return;
      latestChange.current({ lat: event.lngLat.lat, lng: event.lngLat.lng });
    };
    state.map.on("click", onClick);
    return () => {
      state.map.off("click", onClick);
    };
  }, [state]);

  // The marker follows the pin (from the map, "Use my location" or the form); a drag moves it.
  useEffect(() => {
    if (state.status !== "ready") return;
    const { map, module } = state;
    if (!pin) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      const created = new module.Marker({ draggable: true, color: "#c2410c" });
      created.on("dragend", () => {
        const at = created.getLngLat();
        latestChange.current({ lat: at.lat, lng: at.lng });
      });
      marker.current = created.setLngLat([pin.lng, pin.lat]).addTo(map);
      centerOn(map, pin);
    } else {
      const at = marker.current.getLngLat();
      if (at.lat !== pin.lat || at.lng !== pin.lng) {
        marker.current.setLngLat([pin.lng, pin.lat]);
        centerOn(map, pin);
      }
    }
  }, [state, pin]);

  useEffect(
    () => () => {
      marker.current?.remove();
    },
    [],
  );

  if (state.status === "unavailable") {
    return (
      <Text size="sm" c="dimmed" className={classes.notice}>
        <IconMapOff size={16} aria-hidden />
        <span>{placeMessages.mapUnavailable}</span>
      </Text>
    );
  }
  const ready = state.status === "ready";
  function pinAtCentre() {
    if (state.status !== "ready") return;
    const centre = state.map.getCenter();
    onPinChange({ lat: centre.lat, lng: centre.lng });
  }
  return (
    <Stack gap={6}>
      <div className={classes.mapFrame}>
        <div ref={container} className={classes.map} data-testid="pin-map" />
        {state.status === "loading" && (
          <div className={classes.loading} role="status">
            <Loader size="sm" />
            <VisuallyHidden>{placeMessages.mapLoading}</VisuallyHidden>
          </div>
        )}
        {ready && <IconPlus size={20} stroke={2.5} aria-hidden className={classes.centreMark} />}
        {ready && !pin && (
          <Text size="xs" className={classes.hint}>
            {placeMessages.tapToPin}
          </Text>
        )}
      </div>
      {ready && (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconMapPin size={16} aria-hidden />}
          onClick={pinAtCentre}
          disabled={disabled}
          className={classes.centreButton}
        >
          {placeMessages.pinAtCentre}
        </Button>
      )}
    </Stack>
  );
}

type MapMarker = InstanceType<typeof import("#web/lib/maplibre.ts").Marker>;

function centerOn(map: MapInstance, pin: LatLng) {
  map.jumpTo({ center: [pin.lng, pin.lat], zoom: Math.max(map.getZoom(), PIN_ZOOM) });
}
