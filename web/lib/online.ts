import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/** Whether the device has a network now, as the query client sees it. */
export const isOnline = () => onlineManager.isOnline();
const onServer = () => true;

/**
 * Whether the device has a network, as the query client sees it: reads wait while it has
 * none, and every screen on show reads again once it is back.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), isOnline, onServer);
}

/** Calls `callback` each time the network comes back; returns the unsubscribe. */
export function onNetworkBack(callback: () => void): () => void {
  return onlineManager.subscribe((online) => {
    if (online) callback();
  });
}
