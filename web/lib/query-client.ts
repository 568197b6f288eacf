import { onlineManager, QueryClient } from "@tanstack/react-query";

const inBrowser = typeof window !== "undefined";

/**
 * What a person has seen stays in memory for a day (offline-cache.ts saves the cache for them,
 * so a query forgotten sooner would be missing offline). Only in the browser: the build's
 * prerender of the landing page (app/prerender.tsx) would wait a day on that timer.
 */
const DAY_MS = 24 * 60 * 60_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: 1,
      refetchOnWindowFocus: false,
      // Back online, every screen on show reads again, however fresh what it shows.
      refetchOnReconnect: "always",
      ...(inBrowser ? { gcTime: DAY_MS } : {}),
    },
  },
});

// The query client assumes it is online until an "offline" event says otherwise; a page opened
// without a network then knows at once and waits for it instead of failing each read.
if (inBrowser) onlineManager.setOnline(navigator.onLine);
