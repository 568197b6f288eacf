import { ActionIcon, Loader, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  IconBookmark,
  IconCheck,
  IconChevronRight,
  IconChevronUp,
  IconMapOff,
  IconMapPin,
  IconStar,
} from "@tabler/icons-react";
import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Link } from "react-router";
import type { MapPlaceStatus } from "#domain/food-map.ts";
import { foodMapMessages } from "#domain/food-map-rules.ts";
import type { RestaurantRefDto } from "#domain/items.ts";
import { restaurantPageMessages } from "#domain/restaurant-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { oneDecimal } from "#web/lib/restaurant-links.ts";
import { type MapState, useMapLibre } from "#web/lib/use-map-libre.ts";
import classes from "./food-map.module.css";

/**
 * What a pin stands for: a place a person tried or wants to try (their food map), or a place
 * shown with everyone's rating (a list's entries, Nearby), which unrated has no reviews yet.
 */
type FoodMapPinStatus = MapPlaceStatus | "place";

/** One place on a food map, wherever the places come from (a person's map, a list, Nearby). */
export interface FoodMapPin {
  id: string;
  restaurant: RestaurantRefDto;
  /** Null: listed with "No location", never pinned. */
  location: { lat: number; lng: number } | null;
  status: FoodMapPinStatus;
  /** The rating the pin is coloured by; null for want to try, or a place nobody rated. */
  rating: number | null;
  reviewCount?: number;
  lastAt?: string;
  /** Said after the place's name instead of its rating (Nearby's deals: "2 deals"). */
  label?: string;
}

interface FoodMapViewProps {
  /** Names the map and its list for screen readers, e.g. "My map". */
  title: string;
  pins: FoodMapPin[];
  /** Shown instead of the map when there are no pins. */
  emptyText: string;
  /** The pins are only the newest of more places. */
  truncated?: boolean;
}

/** Where the list sits beside the map; below it the list is a bottom sheet over the map. */
const DESKTOP_QUERY = "(min-width: 62em)";
/**
 * Room kept around the pins when the map first fits them: more above and below, where the
 * legend and (on phones) the list's sheet handle lie over the map.
 */
const FIT_PADDING = { top: 96, bottom: 96, left: 56, right: 56 };
/** How close a selected pin is shown, and the closest a fit to the pins goes. */
const PLACE_ZOOM = 14;
const RATING_STEPS = [1, 2, 3, 4, 5] as const;

type LocatedPin = FoodMapPin & { location: { lat: number; lng: number } };

function isLocated(pin: FoodMapPin): pin is LocatedPin {
  return pin.location !== null;
}

/** The rating's colour step, 1–5 (food-map.module.css colours each). */
function ratingStep(rating: number): number {
  return Math.min(5, Math.max(1, Math.round(rating)));
}

/** What a pin says after the place's name: its label, rating, that it is wanted, or unrated. */
function pinStatusLabel(pin: FoodMapPin): string {
  if (pin.label !== undefined) return pin.label;
  if (pin.status === "want") return foodMapMessages.want;
  if (pin.rating !== null) return foodMapMessages.ratingLabel(pin.rating);
  return pin.status === "place"
    ? restaurantPageMessages.noRestaurantReviews
    : foodMapMessages.tried;
}

/**
 * A food map: pins coloured by rating (want to try outlined) over the MapLibre style the server
 * names, with the same places listed beside it (a bottom sheet on phones). Selecting a row
 * flies to its pin; a pin selects and shows its row. Where the map cannot be drawn (no style
 * configured, the style failing or too slow, no WebGL) the list is the whole view.
 */
export function FoodMapView({ title, pins, emptyText, truncated = false }: FoodMapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const state = useMapLibre(container, pins.length > 0);
  const located = pins.filter(isLocated);
  const markers = useMarkers(state, located);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const rows = useRef(new Map<string, HTMLLIElement>());
  const sheet = useRef<HTMLElement>(null);
  const desktop = useMediaQuery(DESKTOP_QUERY) ?? false;
  const listId = useId();
  const [scrollTarget, setScrollTarget] = useState<string | null>(null);

  useEffect(() => {
    if (scrollTarget === null) return;
    rows.current.get(scrollTarget)?.scrollIntoView({ block: "nearest" });
    setScrollTarget(null);
  }, [scrollTarget]);

  if (pins.length === 0) {
    return <EmptyState icon={<IconMapPin size={28} stroke={1.6} />} title={emptyText} />;
  }

  const mapShown = state.status !== "unavailable";

  function selectRow(pin: FoodMapPin) {
    setSelectedId(pin.id);
    if (state.status !== "ready" || !pin.location) return;
    // On a phone the open sheet covers the map's lower part: centre the pin above it.
    const bottom = desktop ? 0 : (sheet.current?.offsetHeight ?? 0);
    state.map.flyTo({
      center: [pin.location.lng, pin.location.lat],
      zoom: Math.max(state.map.getZoom(), PLACE_ZOOM),
      padding: { top: 0, left: 0, right: 0, bottom },
    });
  }

  function selectPin(pin: FoodMapPin) {
    setSelectedId(pin.id);
    setExpanded(true);
    setScrollTarget(pin.id);
  }

  return (
    <div className={classes.view} data-map={mapShown}>
      {mapShown && (
        <section className={classes.mapPane} aria-label={title}>
          <div ref={container} className={classes.map} />
          {state.status === "loading" && (
            <div className={classes.mapLoading} role="status">
              <Loader size="sm" />
              <VisuallyHidden>{foodMapMessages.loading}</VisuallyHidden>
            </div>
          )}
          {state.status === "ready" && <Legend pins={located} />}
        </section>
      )}
      <aside
        ref={sheet}
        className={classes.list}
        data-expanded={expanded}
        aria-label={foodMapMessages.listLabel(title, pins.length)}
      >
        {mapShown && (
          <UnstyledButton
            className={classes.handle}
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((open) => !open)}
          >
            <span className={classes.grip} aria-hidden />
            <span className={classes.handleLabel}>
              {expanded ? foodMapMessages.hideList : foodMapMessages.showList(pins.length)}
              <IconChevronUp size={18} aria-hidden className={classes.handleIcon} />
            </span>
          </UnstyledButton>
        )}
        <div id={listId} className={classes.listBody}>
          {!mapShown && (
            <p className={classes.notice}>
              <IconMapOff size={18} aria-hidden />
              <span>{foodMapMessages.unavailable}</span>
            </p>
          )}
          {truncated && <p className={classes.truncated}>{foodMapMessages.truncated}</p>}
          <ul className={classes.rows}>
            {pins.map((pin) => (
              <PlaceRow
                key={pin.id}
                pin={pin}
                selected={pin.id === selectedId}
                onSelect={() => selectRow(pin)}
                rowRef={(row) => {
                  if (row) rows.current.set(pin.id, row);
                  else rows.current.delete(pin.id);
                }}
              />
            ))}
          </ul>
        </div>
      </aside>
      {located.map((pin) => {
        const element = markers.get(pin.id);
        return element
          ? createPortal(
              <PinButton
                pin={pin}
                selected={pin.id === selectedId}
                onSelect={() => selectPin(pin)}
              />,
              element,
              pin.id,
            )
          : null;
      })}
    </div>
  );
}

/**
 * A MapLibre marker per located pin, each an element the pin's button is rendered into; the
 * first time there are markers the map fits them all in view.
 */
function useMarkers(state: MapState, pins: LocatedPin[]): Map<string, HTMLElement> {
  const [elements, setElements] = useState(new Map<string, HTMLElement>());
  const fitted = useRef(false);
  // Markers follow which pins there are and where, not the pins' other fields.
  const key = pins.map((pin) => `${pin.id}@${pin.location.lat},${pin.location.lng}`).join(";");
  const latest = useRef(pins);
  latest.current = pins;
  useEffect(() => {
    if (state.status !== "ready" || key === "") return;
    const { map, module } = state;
    const placed = latest.current.map((pin) => {
      const element = document.createElement("div");
      const marker = new module.Marker({ element, className: classes.marker })
        .setLngLat([pin.location.lng, pin.location.lat])
        .addTo(map);
      return { id: pin.id, element, marker, pin };
    });
    setElements(new Map(placed.map(({ id, element }) => [id, element])));
    if (!fitted.current) {
      fitted.current = true;
      const bounds = new module.LngLatBounds();
      for (const { pin } of placed) bounds.extend([pin.location.lng, pin.location.lat]);
      map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: PLACE_ZOOM, animate: false });
    }
    return () => {
      for (const { marker } of placed) marker.remove();
      setElements(new Map());
    };
  }, [state, key]);
  return elements;
}

/** The round badge a pin shows: the rating in its colour, or want to try's outlined bookmark. */
function PinBadge({ pin }: { pin: FoodMapPin }) {
  if (pin.status === "want") {
    return (
      <span className={classes.badge} data-want aria-hidden>
        <IconBookmark size={16} stroke={2.2} />
      </span>
    );
  }
  return (
    <span
      className={classes.badge}
      data-step={pin.rating === null ? undefined : ratingStep(pin.rating)}
      aria-hidden
    >
      {pin.rating !== null ? (
        oneDecimal(pin.rating)
      ) : pin.status === "place" ? (
        <IconStar size={16} stroke={2.2} />
      ) : (
        <IconCheck size={16} stroke={2.4} />
      )}
    </span>
  );
}

function PinButton({
  pin,
  selected,
  onSelect,
}: {
  pin: FoodMapPin;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      className={classes.pin}
      aria-label={`${pin.restaurant.name}, ${pinStatusLabel(pin)}`}
      aria-pressed={selected}
      onClick={onSelect}
    >
      <PinBadge pin={pin} />
    </button>
  );
}

function PlaceRow({
  pin,
  selected,
  onSelect,
  rowRef,
}: {
  pin: FoodMapPin;
  selected: boolean;
  onSelect: () => void;
  rowRef: (row: HTMLLIElement | null) => void;
}) {
  const reviews = pin.reviewCount ? foodMapMessages.reviewCount(pin.reviewCount) : null;
  const name = pin.restaurant.name;
  return (
    <li ref={rowRef} className={classes.row} data-selected={selected}>
      <UnstyledButton className={classes.rowSelect} aria-pressed={selected} onClick={onSelect}>
        <PinBadge pin={pin} />
        <span className={classes.rowText}>
          <span className={classes.rowName}>{name}</span>
          <span className={classes.rowMeta}>
            {[pinStatusLabel(pin), reviews].filter(Boolean).join(" · ")}
          </span>
          {pin.location === null ? (
            <span className={classes.rowMeta}>{foodMapMessages.noLocation}</span>
          ) : (
            pin.restaurant.address && (
              <span className={classes.rowAddress}>{pin.restaurant.address}</span>
            )
          )}
        </span>
      </UnstyledButton>
      <ActionIcon
        component={Link}
        to={screenPaths.restaurant(pin.restaurant)}
        variant="subtle"
        color="gray"
        radius="xl"
        size="lg"
        aria-label={foodMapMessages.openPlace(name)}
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </li>
  );
}

/** The colours' key: the rating steps, and want to try when any pin is wanted. */
function Legend({ pins }: { pins: FoodMapPin[] }) {
  const anyWanted = pins.some((pin) => pin.status === "want");
  const anyRated = pins.some((pin) => pin.status !== "want" && pin.rating !== null);
  // Unrated places only (Nearby's deals, a new city): no colour to explain, no empty box.
  if (!anyRated && !anyWanted) return null;
  return (
    <div className={classes.legend}>
      <VisuallyHidden>{foodMapMessages.legend}</VisuallyHidden>
      {anyRated && (
        <div className={classes.legendScale}>
          <span className={classes.legendLabel}>{foodMapMessages.legendRating}</span>
          <ol className={classes.legendSteps}>
            {RATING_STEPS.map((step) => (
              <li key={step} className={classes.legendStep} data-step={step}>
                {step}
              </li>
            ))}
          </ol>
        </div>
      )}
      {anyWanted && (
        <div className={classes.legendWant}>
          <span className={classes.legendSwatch} data-want aria-hidden>
            <IconBookmark size={12} stroke={2.4} />
          </span>
          <span className={classes.legendLabel}>{foodMapMessages.want}</span>
        </div>
      )}
    </div>
  );
}
