import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";

/** Chromium's install prompt event; not in TypeScript's DOM library. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

export type InstallOutcome = "accepted" | "dismissed" | "unavailable";

/*
 * The browser fires `beforeinstallprompt` once per page load, usually before anyone has opened
 * /install, so the listener lives at module level (the router imports this page eagerly) and
 * keeps the event until the install page asks for it.
 */
let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    // Keeps Chrome's own mini-infobar away; our button shows the prompt instead.
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener("appinstalled", () => {
    deferredPrompt = null;
    emit();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True when Tasted runs as an installed app (home-screen launch), on Android or iOS. */
export function isRunningStandalone(): boolean {
  if (typeof window === "undefined") return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia("(display-mode: standalone)").matches;
}

interface UseInstallPromptOptions {
  /** Called when the browser reports that Tasted was installed. */
  onInstalled?: () => void;
}

export function useInstallPrompt({ onInstalled }: UseInstallPromptOptions = {}) {
  const canInstall = useSyncExternalStore(
    subscribe,
    () => deferredPrompt !== null,
    () => false,
  );

  // The latest callback, so the listener below is attached once.
  const onInstalledRef = useRef(onInstalled);
  onInstalledRef.current = onInstalled;

  useEffect(() => {
    const handle = () => onInstalledRef.current?.();
    window.addEventListener("appinstalled", handle);
    return () => window.removeEventListener("appinstalled", handle);
  }, []);

  const install = useCallback(async (): Promise<InstallOutcome> => {
    const event = deferredPrompt;
    if (!event) return "unavailable";
    await event.prompt();
    const { outcome } = await event.userChoice;
    // A prompt event can be used only once; the browser sends a new one if it is dismissed.
    deferredPrompt = null;
    emit();
    return outcome;
  }, []);

  return { canInstall, install };
}
