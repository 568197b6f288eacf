import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "#domain/api-paths.ts";
import type { PushPublicKey } from "#domain/notification-settings.ts";
import { apiGet, apiSend } from "#web/lib/api-client.ts";
import { notificationSettingsKeys } from "#web/lib/query-keys.ts";

/**
 * Where push stands in this browser: it cannot show push at all, the server sends none, the
 * person blocked notifications for the site, or it is on or off here.
 */
export type PushState = "unsupported" | "unavailable" | "denied" | "on" | "off";

/** The service worker registered at start-up (vite-plugin-pwa); waited for this long at most. */
const SERVICE_WORKER_WAIT_MS = 10_000;

function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function readPushState(): Promise<{ state: PushState; publicKey: string | null }> {
  if (!pushSupported()) return { state: "unsupported", publicKey: null };
  const { publicKey } = await apiGet<PushPublicKey>(apiPaths.pushPublicKey);
  if (!publicKey) return { state: "unavailable", publicKey };
  if (Notification.permission === "denied") return { state: "denied", publicKey };
  const subscribed = Notification.permission === "granted" && (await currentSubscription());
  return { state: subscribed ? "on" : "off", publicKey };
}

/** This browser's push state, read without asking for any permission. */
export const pushStateQuery = queryOptions({
  queryKey: notificationSettingsKeys.push(),
  queryFn: readPushState,
  staleTime: 0,
});

function applicationServerKey(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

async function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("no service worker")), SERVICE_WORKER_WAIT_MS),
    ),
  ]);
}

/**
 * Turning push on asks for the notification permission (only here, on the person's own
 * click), subscribes this browser with the server's key and stores the subscription; off
 * deletes it on the server and unsubscribes. Answers the new state.
 */
async function setPush(on: boolean, publicKey: string | null): Promise<PushState> {
  if (!on) {
    const subscription = await currentSubscription();
    if (subscription) {
      await apiSend("DELETE", apiPaths.pushSubscriptions, { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    return "off";
  }
  if (!publicKey) return "unavailable";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "off";
  const registration = await serviceWorkerReady();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  await apiSend("POST", apiPaths.pushSubscriptions, subscription.toJSON());
  return "on";
}

export function useSetPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ on, publicKey }: { on: boolean; publicKey: string | null }) =>
      setPush(on, publicKey),
    onSuccess: (state, { publicKey }) =>
      queryClient.setQueryData(pushStateQuery.queryKey, { state, publicKey }),
  });
}
