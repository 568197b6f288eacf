import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

const isOnline = () => onlineManager.isOnline();
const onServer = () => true;

/**
 * Whether the device has a network, as the query client sees it: reads wait while it has
 * none, and every screen on show reads again once it is back.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), isOnline, onServer);
}
