import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Photon's answers as its documentation shows them (https://github.com/komoot/photon, "Search
 * API" and "Reverse geocode"): a GeoJSON FeatureCollection whose features carry OSM's id, type,
 * key and value and the address parts, coordinates as [lon, lat].
 */
const photonFeatures = {
  noodleStreet: feature([-1.55, 53.8], {
    osm_id: 4001,
    osm_type: "W",
    osm_key: "highway",
    osm_value: "residential",
    name: "Noodle Street",
    city: "Leeds",
    county: "West Yorkshire",
    state: "England",
    country: "United Kingdom",
    countrycode: "GB",
  }),
  noodleBar: feature([-1.5479, 53.7958], {
    osm_id: 123,
    osm_type: "N",
    osm_key: "amenity",
    osm_value: "restaurant",
    name: "Noodle Bar",
    housenumber: "12",
    street: "Canal Road",
    postcode: "LS1 4AP",
    city: "Leeds",
    county: "West Yorkshire",
    state: "England",
    country: "United Kingdom",
    countrycode: "GB",
  }),
  noodleMuseum: feature([-1.54, 53.79], {
    osm_id: 77,
    osm_type: "R",
    osm_key: "tourism",
    osm_value: "museum",
    name: "Noodle Museum",
    city: "Leeds",
    county: "West Yorkshire",
    state: "England",
    country: "United Kingdom",
    countrycode: "GB",
  }),
};

function feature(coordinates: [number, number], properties: Record<string, unknown>) {
  return { type: "Feature", geometry: { type: "Point", coordinates }, properties };
}

/** How the fake answers: as Photon does, with an error, with something not JSON, or never. */
type PhotonMode = "ok" | "error" | "garbage" | "silent";

export interface FakePhotonServer {
  baseUrl: string;
  /** Every request it was sent: its path, query and headers. */
  requests: { url: URL; headers: IncomingHttpHeaders }[];
  mode: PhotonMode;
  close(): Promise<void>;
}

/**
 * A Photon-compatible geocoder on 127.0.0.1: /api answers the features whose name holds `q`,
 * in the order above (Photon's relevance), /reverse the street feature nearest nothing in
 * particular (the bar's), as the real service would for a pin on it.
 */
export async function startFakePhoton(): Promise<FakePhotonServer> {
  const fake: FakePhotonServer = {
    baseUrl: "",
    requests: [],
    mode: "ok",
    close: async () => undefined,
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    fake.requests.push({ url, headers: request.headers });
    if (fake.mode === "silent") return;
    if (fake.mode === "error") {
      response.statusCode = 500;
      response.end("Internal Server Error");
      return;
    }
    response.setHeader("content-type", "application/json");
    if (fake.mode === "garbage") {
      response.end("<html>busy</html>");
      return;
    }
    const all = Object.values(photonFeatures);
    const features =
      url.pathname === "/reverse"
        ? [photonFeatures.noodleBar]
        : all.filter((each) =>
            String(each.properties.name)
              .toLowerCase()
              .includes((url.searchParams.get("q") ?? "").toLowerCase()),
          );
    response.end(JSON.stringify({ type: "FeatureCollection", features }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
