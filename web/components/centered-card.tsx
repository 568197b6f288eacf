import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { mainContentProps } from "#web/components/skip-link.tsx";
import classes from "./centered-card.module.css";
import { ColorSchemeToggle } from "./color-scheme-toggle.tsx";
import { TastedWordmark } from "./tasted-wordmark.tsx";

interface CenteredCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Under the card: fine print such as the terms link. */
  footer?: ReactNode;
  /** Card width; the auth card is 440 px, the profile form a little wider. */
  maxWidth?: number;
  children: ReactNode;
}

/**
 * The full-screen frame of the account screens (/auth, password reset, /setup): the wordmark,
 * one centred card, the theme toggle in the corner. Works from 320 px phones to desktops.
 */
export function CenteredCard({
  title,
  subtitle,
  footer,
  maxWidth = 440,
  children,
}: CenteredCardProps) {
  return (
    <div className={classes.page}>
      <div className={classes.corner}>
        <ColorSchemeToggle />
      </div>
      <main {...mainContentProps} className={classes.main} style={{ maxWidth }}>
        <Paper withBorder radius="lg" className={classes.card}>
          <Stack gap="lg">
            <Stack gap={6} align="center" ta="center">
              <TastedWordmark size="lg" />
              <Title order={1} className={classes.title}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" maw={340}>
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && <div className={classes.footer}>{footer}</div>}
      </main>
    </div>
  );
}
