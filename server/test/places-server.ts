import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A place the fake service knows, in the fields Tasted asks Google's details for. */
interface FakePlace {
  placeId: string;
  name: string;
  address?: string | undefined;
  phone?: string | undefined;
  website?: string | undefined;
  priceLevel?: number | undefined;
  googleRating?: number | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}

export interface FakePlacesServer {
  /** What GOOGLE_PLACES_BASE_URL is set to. */
  baseUrl: string;
  /** Where a test registers a place: POST a FakePlace as JSON. */
  registerUrl: string;
  close(): Promise<void>;
}

export const FAKE_PLACES_API_KEY = "fake-places-key";

const json = (body: unknown) => JSON.stringify(body);

/**
 * Google Places (legacy web service) cannot be reached offline; this plays it on 127.0.0.1 for
 * the browser suite, through the real GooglePlaceSearch adapter: autocomplete matches the names
 * of the places tests registered, details answers their fields in Google's shape, an unknown id
 * answers NOT_FOUND as Google does, and a wrong key is refused.
 */
export async function startFakePlacesServer(): Promise<FakePlacesServer> {
  const places = new Map<string, FakePlace>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    response.setHeader("content-type", "application/json");
    if (request.method === "POST" && url.pathname === "/places") {
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      request.on("end", () => {
        const place = JSON.parse(body) as FakePlace;
        places.set(place.placeId, place);
        response.end(json({ ok: true }));
      });
      return;
    }
    if (url.searchParams.get("key") !== FAKE_PLACES_API_KEY) {
      response.end(json({ status: "REQUEST_DENIED", error_message: "The key is invalid." }));
      return;
    }
    if (url.pathname.endsWith("/autocomplete/json")) {
      const input = (url.searchParams.get("input") ?? "").toLowerCase();
      const predictions = [...places.values()]
        .filter((place) => place.name.toLowerCase().includes(input))
        .map((place) => ({ place_id: place.placeId, description: place.name }));
      response.end(json({ status: predictions.length ? "OK" : "ZERO_RESULTS", predictions }));
      return;
    }
    if (url.pathname.endsWith("/details/json")) {
      const place = places.get(url.searchParams.get("place_id") ?? "");
      if (!place) {
        response.end(json({ status: "NOT_FOUND" }));
        return;
      }
      response.end(
        json({
          status: "OK",
          result: {
            place_id: place.placeId,
            name: place.name,
            formatted_address: place.address,
            geometry:
              place.lat !== undefined && place.lng !== undefined
                ? { location: { lat: place.lat, lng: place.lng } }
                : undefined,
            formatted_phone_number: place.phone,
            website: place.website,
            price_level: place.priceLevel,
            rating: place.googleRating,
          },
        }),
      );
      return;
    }
    response.statusCode = 404;
    response.end(json({ status: "INVALID_REQUEST" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}/maps/api/place`,
    registerUrl: `${origin}/places`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
