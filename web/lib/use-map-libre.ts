import { useQuery } from "@tanstack/react-query";
import { type RefObject, useEffect, useState } from "react";
import { appConfigQuery } from "./app-config.ts";

type MapLibreModule = typeof import("./maplibre.ts");
/** What screens draw with, once the map is ready: markers and bounds to fit. */
type MapModule = Pick<MapLibreModule, "Marker" | "LngLatBounds">;
export type MapInstance = InstanceType<MapLibreModule["MapLibreMap"]>;
export type MapState =
  | { status: "loading" }
  | { status: "ready"; map: MapInstance; module: MapModule }
  | { status: "unavailable" };

/** A style that has not loaded by then (a slow or silent server) counts as failed. */
const STYLE_LOAD_TIMEOUT_MS = 8000;

/** Whether the browser can draw WebGL; the probe's context is released at once. */
function hasWebGl(): boolean {
  try {
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("webgl2") ?? canvas.getContext("webgl");
    context?.getExtension("WEBGL_lose_context")?.loseContext();
    return context !== null;
  } catch {
    return false;
  }
}

/**
 * The MapLibre map in `container` over the style the server names (MAP_STYLE_URL), once that
 * style has loaded; "unavailable" when there is no style, no WebGL, or the style fails (an error
 * before 'load', or no 'load' in time). MapLibre is imported here, on first use, with its
 * stylesheet: only screens that draw a map load it. Nothing happens until `wanted`.
 */
export function useMapLibre(
  container: RefObject<HTMLDivElement | null>,
  wanted: boolean,
): MapState {
  const config = useQuery(appConfigQuery);
  // A failed config read is no style; while it loads, nothing is decided yet.
  const styleUrl = config.isPending ? undefined : (config.data?.mapStyleUrl ?? null);
  const [state, setState] = useState<MapState>({ status: "loading" });
  useEffect(() => {
    if (styleUrl === undefined || !wanted) return;
    if (styleUrl === null || !hasWebGl()) {
      setState({ status: "unavailable" });
      return;
    }
    setState({ status: "loading" });
    let done = false;
    let map: MapInstance | undefined;
    const fail = () => {
      if (done) return;
      done = true;
      map?.remove();
      map = undefined;
      setState({ status: "unavailable" });
    };
    const timer = window.setTimeout(fail, STYLE_LOAD_TIMEOUT_MS);
    import("./maplibre.ts")
      .then(({ MapLibreMap, NavigationControl, Marker, LngLatBounds }) => {
        const element = container.current;
        if (done || !element) return;
        const created = new MapLibreMap({
          container: element,
          style: styleUrl,
          center: [0, 20],
          zoom: 1,
          // The style's credits stay shown, never folded into a button that a first drag of
          // the map closes: OpenStreetMap's licence asks for its credit on every map of its
          // data, and the short credit fits a phone's width.
          attributionControl: { compact: false },
        });
        map = created;
        created.addControl(new NavigationControl({ showCompass: false }), "top-right");
        // Later errors (a tile that fails) leave a working map; only a failed start is fatal.
        created.on("error", fail);
        created.once("load", () => {
          if (done) return;
          done = true;
          window.clearTimeout(timer);
          created.off("error", fail);
          setState({ status: "ready", map: created, module: { Marker, LngLatBounds } });
        });
      })
      .catch(fail);
    return () => {
      done = true;
      window.clearTimeout(timer);
      map?.remove();
    };
  }, [container, styleUrl, wanted]);
  return state;
}
