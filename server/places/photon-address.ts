import type { PlaceAddress } from "#domain/places.ts";

/**
 * The address parts of one Photon feature (https://github.com/komoot/photon#search-api): OSM's
 * address hierarchy flattened into GeocodeJSON's names. Photon fills `city` from the place a
 * feature lies in (a city, town or village); below it `district` (a suburb or hamlet) and
 * `locality` (a neighbourhood); above it `county` and `state`. A feature that is itself a
 * place (osm_key "place") carries its own name and no `city`. `town` and `village` are not
 * Photon's, but Nominatim-shaped answers from other Photon-compatible servers carry them.
 */
export interface PhotonProperties {
  osm_id?: number;
  osm_type?: string;
  osm_key?: string;
  osm_value?: string;
  /** Photon's own rank of the feature: house, street, locality, district, city, county, … */
  type?: string;
  name?: string;
  housenumber?: string;
  street?: string;
  postcode?: string;
  city?: string;
  town?: string;
  village?: string;
  district?: string;
  locality?: string;
  county?: string;
  state?: string;
  country?: string;
  countrycode?: string;
}

/**
 * The United Kingdom's `state` is the nation (England, Scotland, Wales, Northern Ireland): every
 * place in England would share one region. Its county (Greater London, West Yorkshire) is the
 * region people name.
 */
const COUNTY_IS_REGION = new Set(["GB"]);
/** Where the house number comes before the street ("12 Canal Road"); elsewhere after it. */
const NUMBER_FIRST = new Set(["GB", "IE", "US", "CA", "AU", "NZ", "FR"]);
/** Where the postcode follows the town ("Leeds LS1 4AP"); elsewhere it precedes it ("10961 Berlin"). */
const POSTCODE_AFTER_TOWN = new Set(["GB", "IE", "US", "CA", "AU", "NZ"]);
/** Where the state is written with the town ("Chicago, Illinois 60654"). */
const STATE_IN_ADDRESS = new Set(["US", "CA", "AU"]);
/** OSM place values of settlements: such a feature is the town itself. */
const SETTLEMENTS = new Set(["city", "town", "village", "hamlet", "suburb", "neighbourhood"]);

const present = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim().length > 0;

function countryCode(properties: PhotonProperties): string {
  return (properties.countrycode ?? "").toUpperCase();
}

/** The town a feature is in: the settlement it names, from the largest part Photon gives. */
function town(properties: PhotonProperties): string | null {
  const own =
    properties.osm_key === "place" && SETTLEMENTS.has(properties.osm_value ?? "")
      ? properties.name
      : undefined;
  return (
    [
      properties.city,
      properties.town,
      properties.village,
      own,
      properties.district,
      properties.locality,
    ].find(present) ?? null
  );
}

function region(properties: PhotonProperties): string | null {
  const order = COUNTY_IS_REGION.has(countryCode(properties))
    ? [properties.county, properties.state]
    : [properties.state, properties.county];
  return order.find(present) ?? null;
}

/** The street line: "12 Canal Road" or "Mehringdamm 36"; a street feature names its street. */
function streetLine(properties: PhotonProperties): string | null {
  const street =
    properties.street ?? (properties.osm_key === "highway" ? properties.name : undefined);
  if (!present(street)) return null;
  if (!present(properties.housenumber)) return street;
  return NUMBER_FIRST.has(countryCode(properties))
    ? `${properties.housenumber} ${street}`
    : `${street} ${properties.housenumber}`;
}

/** "Leeds LS1 4AP", "Chicago, Illinois 60654", "10961 Berlin": the town line as written there. */
function townLine(properties: PhotonProperties, city: string | null): string | null {
  const code = countryCode(properties);
  const postcode = present(properties.postcode) ? properties.postcode : null;
  const state = STATE_IN_ADDRESS.has(code) ? region(properties) : null;
  const place = [city, state].filter(present).join(", ");
  const parts = POSTCODE_AFTER_TOWN.has(code) ? [place, postcode] : [postcode, place];
  const line = parts.filter(present).join(" ");
  return line === "" ? null : line;
}

/**
 * What a Photon feature says of where it is: its address as it is written in its country
 * ("12 Canal Road, Leeds LS1 4AP, United Kingdom"), its town and its region. Null parts where
 * the feature does not say.
 */
export function photonAddress(properties: PhotonProperties): PlaceAddress {
  const city = town(properties);
  const parts = [streetLine(properties), townLine(properties, city), properties.country].filter(
    present,
  );
  return {
    address: parts.length > 0 ? parts.join(", ") : null,
    city,
    region: region(properties),
  };
}
