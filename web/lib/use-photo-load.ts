import { useEffect, useState } from "react";
import { onNetworkBack } from "./online.ts";

type PhotoState = "loading" | "loaded" | "failed";

/**
 * The loading state of a photo drawn over its placeholder (the thumbhash behind the <img>). A
 * photo that fails (no network, or gone) stays hidden, so the placeholder shows rather than the
 * browser's broken-image icon, and is asked for again when the network comes back: `key` changes,
 * so React makes a new <img>. Spread `props` on the <img>; CSS reads data-loaded / data-failed.
 */
export function usePhotoLoad() {
  const [state, setState] = useState<PhotoState>("loading");
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (state !== "failed") return;
    return onNetworkBack(() => {
      setState("loading");
      setAttempt((count) => count + 1);
    });
  }, [state]);
  return {
    key: attempt,
    props: {
      // A cached photo may finish before React attaches onLoad.
      ref: (node: HTMLImageElement | null) => {
        if (node?.complete && node.naturalWidth > 0) setState("loaded");
      },
      onLoad: () => setState("loaded"),
      onError: () => setState("failed"),
      "data-loaded": state === "loaded" || undefined,
      "data-failed": state === "failed" || undefined,
    },
  };
}
