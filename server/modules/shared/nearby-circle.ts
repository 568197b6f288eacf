import { type SQL, sql } from "drizzle-orm";
import { NEARBY_LIMITS } from "#domain/nearby.ts";

// The circle around a caller that Nearby's places and Nearby's deals both read (ADR 0028): the
// pinned restaurants in it, each with its distance, and the rule that widens it when it holds
// too little.

/** A caller's position; used for one answer, never stored or logged. */
export interface Centre {
  lat: number;
  lng: number;
}

const METERS_PER_DEGREE = 111_320;

/**
 * The latitude and longitude ranges that hold every point within `radius` metres of the centre:
 * what restaurants_location_idx is read with before the exact distance is computed. Near a
 * pole, or across the antimeridian, the longitudes are not narrowed.
 */
function boundingBox(centre: Centre, radius: number) {
  const dLat = radius / METERS_PER_DEGREE;
  const cos = Math.cos((centre.lat * Math.PI) / 180);
  const dLng = cos > 0.01 ? radius / (METERS_PER_DEGREE * cos) : 360;
  const wraps = centre.lng - dLng < -180 || centre.lng + dLng > 180;
  return {
    minLat: Math.max(-90, centre.lat - dLat),
    maxLat: Math.min(90, centre.lat + dLat),
    minLng: wraps ? -180 : centre.lng - dLng,
    maxLng: wraps ? 180 : centre.lng + dLng,
  };
}

/**
 * The pinned restaurants within `radius` metres of `centre`, as a subquery of restaurants'
 * columns and `distance` (metres, haversine with R = 6 371 km), unordered: the box is read from
 * restaurants_location_idx and the exact distance keeps the circle.
 */
export function restaurantsWithinSql(centre: Centre, radius: number): SQL {
  const box = boundingBox(centre, radius);
  return sql`
    select * from (
      select id, name, address, slug, price_level, latitude, longitude,
             2 * 6371000 * asin(least(1, sqrt(
               power(sin(radians(latitude - ${centre.lat}) / 2), 2)
               + cos(radians(${centre.lat})) * cos(radians(latitude))
                 * power(sin(radians(longitude - ${centre.lng}) / 2), 2)))) as distance
        from restaurants
       where latitude between ${box.minLat} and ${box.maxLat}
         and longitude between ${box.minLng} and ${box.maxLng}) box
     where distance <= ${radius}`;
}

/**
 * Reads the circle of `radius` metres and, when it holds fewer than NEARBY_LIMITS.widenBelow
 * rows, the widest circle instead; answers the radius read and its rows.
 */
export async function readWidening<Row>(
  radius: number,
  read: (radius: number) => Promise<Row[]>,
): Promise<{ radius: number; rows: Row[] }> {
  const rows = await read(radius);
  if (rows.length >= NEARBY_LIMITS.widenBelow || radius >= NEARBY_LIMITS.maxRadiusMeters) {
    return { radius, rows };
  }
  const widest = NEARBY_LIMITS.maxRadiusMeters;
  return { radius: widest, rows: await read(widest) };
}
