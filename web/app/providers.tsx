import "@fontsource-variable/inter";
import "@fontsource-variable/fraunces";
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./global.css";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "#web/lib/query-client.ts";
import { SessionProvider } from "#web/lib/session.tsx";
import { colorSchemeManager } from "./color-scheme.ts";
import { cssVariablesResolver, theme } from "./theme.ts";
import toastClasses from "./toasts.module.css";

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
          <ModalsProvider>
            <Notifications
              position="bottom-right"
              zIndex={1000}
              limit={3}
              containerWidth={360}
              allowDragDismiss
              classNames={{ root: toastClasses.root }}
            />
            {children}
          </ModalsProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
