import { Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from "@mantine/core";
import { IconBuildingStore, IconMapPinFilled, IconMapPinPlus } from "@tabler/icons-react";
import { useState } from "react";
import { ITEM_LIMITS } from "#domain/items-rules.ts";
import { formatDistance, isNearby, PLACE_LIMITS, placeMessages } from "#domain/places-rules.ts";
import type { RestaurantInput } from "#domain/restaurant.ts";
import { restaurantFromPlace } from "#domain/restaurant-rules.ts";
import { useBrowserPosition, usePlaceSearch } from "#web/lib/use-place-search.ts";
import { LocationFields } from "./location-fields.tsx";
import { OsmAttribution } from "./osm-attribution.tsx";
import classes from "./place-search.module.css";

interface PlaceSearchProps {
  label: string;
  value: RestaurantInput;
  onChange: (value: RestaurantInput) => void;
  required?: boolean;
  disabled?: boolean;
  error?: string | undefined;
  placeholder?: string;
  description?: string;
}

/** The option that turns the typed name into a new place of one's own. */
const NEW_PLACE = "new-place";

/**
 * Restaurant field with suggestions: from 2 characters, 300 ms
 * after typing stops, nearest first when the browser shares its position. Typing freely is
 * always allowed (manual entry); choosing a suggestion fills in the place's details. When
 * nothing matches, "Add a new place" asks where it is: an address and a pin.
 */
export function PlaceSearch({
  label,
  value,
  onChange,
  required = false,
  disabled = false,
  error,
  placeholder = "Search for a restaurant",
  description,
}: PlaceSearchProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const { position, request } = useBrowserPosition();
  // Only what the person typed is searched; a chosen suggestion's name is not.
  const [typed, setTyped] = useState("");
  const search = usePlaceSearch(typed, position);
  const [adding, setAdding] = useState(false);
  const chosen = !adding && Boolean(value.placeId || value.address);

  function choose(index: string) {
    combobox.closeDropdown();
    if (index === NEW_PLACE) {
      setAdding(true);
      onChange({ name: value.name });
      return;
    }
    setAdding(false);
    const place = search.suggestions[Number(index)];
    if (!place) return;
    onChange(restaurantFromPlace(place));
    setTyped("");
    combobox.closeDropdown();
  }

  const options = search.suggestions.map((place, index) => {
    const distance = formatDistance(place.distance);
    const near = isNearby(place.distance);
    return (
      <Combobox.Option
        value={String(index)}
        key={place.placeId ?? place.restaurantId ?? `${place.name}|${place.address ?? ""}`}
        className={classes.option}
      >
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <span className={classes.optionIcon} aria-hidden>
            {near ? <IconMapPinFilled size={16} /> : <IconBuildingStore size={16} stroke={1.7} />}
          </span>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600} lineClamp={1}>
              {place.name}
            </Text>
            {place.address && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {place.address}
              </Text>
            )}
          </Stack>
          {distance && (
            <Text size="xs" c="dimmed" className={classes.distance}>
              {near && <span className={classes.visuallyHidden}>Nearby, </span>}
              {distance}
            </Text>
          )}
        </Group>
      </Combobox.Option>
    );
  });

  const showDropdown = search.enabled && typed.trim().length >= PLACE_LIMITS.queryMin;

  const field = (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false} disabled={disabled}>
      <Combobox.Target>
        <TextInput
          label={label}
          required={required}
          withAsterisk={required}
          disabled={disabled}
          error={error}
          description={
            description ?? (chosen && value.address && !disabled ? value.address : undefined)
          }
          placeholder={placeholder}
          inputWrapperOrder={["label", "input", "description", "error"]}
          value={value.name}
          maxLength={ITEM_LIMITS.titleMax}
          autoComplete="off"
          leftSection={<IconBuildingStore size={16} stroke={1.7} aria-hidden />}
          rightSection={search.searching && showDropdown ? <Loader size={14} /> : null}
          onChange={(event) => {
            const name = event.currentTarget.value;
            // Typing replaces any chosen place: the name is now entered by hand. A new place
            // keeps the address and pin given for it.
            onChange(adding ? { ...value, name } : { name });
            setTyped(name);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => {
            request();
            if (typed) combobox.openDropdown();
          }}
          onClick={() => {
            if (typed) combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={!showDropdown} className={classes.dropdown}>
        <Combobox.Options mah="24rem" style={{ overflowY: "auto" }} aria-label="Place suggestions">
          {options}
          {options.length === 0 && search.searched && (
            <>
              <Combobox.Empty>{placeMessages.noPlaces}</Combobox.Empty>
              {!adding && (
                <Combobox.Option value={NEW_PLACE} className={classes.option}>
                  <Group wrap="nowrap" gap="sm">
                    <span className={classes.optionIcon} aria-hidden>
                      <IconMapPinPlus size={16} stroke={1.7} />
                    </span>
                    <Text size="sm" fw={600}>
                      {placeMessages.addNewPlace}
                    </Text>
                  </Group>
                </Combobox.Option>
              )}
            </>
          )}
          {options.length === 0 && !search.searched && (
            <Combobox.Empty>{search.error ? placeMessages.noPlaces : "Searching…"}</Combobox.Empty>
          )}
        </Combobox.Options>
        {search.provider === "osm" && options.length > 0 && (
          <Combobox.Footer>
            <OsmAttribution onMouseDown={(event) => event.preventDefault()} />
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );

  if (!adding) return field;
  return (
    <Stack gap="xs">
      {field}
      <fieldset className={classes.newPlace} disabled={disabled}>
        <legend className={classes.newPlaceLegend}>{placeMessages.addNewPlace}</legend>
        <Text size="xs" c="dimmed" mb="xs">
          {placeMessages.newPlaceHint}
        </Text>
        <LocationFields
          address={value.address ?? ""}
          onAddressChange={(address) => onChange({ ...value, address })}
          pin={
            value.lat !== null &&
            value.lat !== undefined &&
            value.lng !== null &&
            value.lng !== undefined
              ? { lat: value.lat, lng: value.lng }
              : null
          }
          onPinChange={(pin) =>
            onChange({ ...value, lat: pin?.lat ?? null, lng: pin?.lng ?? null })
          }
          disabled={disabled}
        />
      </fieldset>
    </Stack>
  );
}
