// MapLibre and its stylesheet, loaded only when a food map is drawn: neither is in the app's
// first bundle. Its worker is a file of the app's own (Vite copies it next to the chunks), so
// the Content-Security-Policy's worker-src 'self' covers it and nothing needs blob: or eval.
import "maplibre-gl/dist/maplibre-gl.css";
import "./maplibre-attribution.css";
import { setWorkerUrl } from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";

setWorkerUrl(workerUrl);

export { LngLatBounds, Map as MapLibreMap, Marker, NavigationControl } from "maplibre-gl";
