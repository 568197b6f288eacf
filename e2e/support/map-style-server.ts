import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface MapStyleServer {
  /** What MAP_STYLE_URL is set to. */
  styleUrl: string;
  close(): Promise<void>;
}

/**
 * A MapLibre style with a background layer and an empty source: no tiles, glyphs or sprites to
 * fetch, so food maps draw offline and every run looks the same. Its colour is a pale land green
 * the pins are read against. The source carries OpenStreetMap's credit, as the sources of
 * styles on OSM data do, so the maps show it as they would with a real style.
 */
export const MAP_STYLE_ATTRIBUTION = "© OpenStreetMap contributors";

const STYLE = {
  version: 8,
  name: "Tasted browser tests",
  sources: {
    places: {
      type: "geojson",
      data: { type: "FeatureCollection", features: [] },
      attribution: `<a href="https://www.openstreetmap.org/copyright">${MAP_STYLE_ATTRIBUTION}</a>`,
    },
  },
  layers: [
    { id: "background", type: "background", paint: { "background-color": "#e4ecdf" } },
    { id: "places", type: "circle", source: "places" },
  ],
};

/**
 * Serves STYLE on 127.0.0.1 for the browser suite, from another origin than the app's as a real
 * style server is (so the page's Content-Security-Policy must allow it, and the answer carries
 * CORS headers as such servers send).
 */
export async function startMapStyleServer(): Promise<MapStyleServer> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    response.setHeader("access-control-allow-origin", "*");
    if (url.pathname !== "/style.json") {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(STYLE));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    styleUrl: `http://127.0.0.1:${port}/style.json`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
