import "./fonts.css";
import "virtual:mantine-first.css";
import "./global.css";
import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { queryClient } from "#web/lib/query-client.ts";
import { SessionProvider } from "#web/lib/session.tsx";
import { colorSchemeManager } from "./color-scheme.ts";
import { cssVariablesResolver, theme } from "./theme.ts";

const Toaster = lazy(async () => ({ default: (await import("./toaster.tsx")).Toaster }));

/**
 * Mounts the toaster with the first toast: most visits to the landing page show none, so its
 * code and styles load only then. The store behind web/lib/toast.ts keeps what was shown in the
 * meantime, and the toaster stays once mounted so a toast can animate out.
 */
function Toasts() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <Toasts />
          {children}
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
