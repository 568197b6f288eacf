import { Box, Group, Title, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./page-header.module.css";

interface PageHeaderProps {
  title: string;
  /** Left of the title, e.g. a back button. */
  leading?: ReactNode;
  /** Right side actions. */
  actions?: ReactNode;
  /** For screens whose title the desktop top bar already shows (the feed's product name). */
  mobileOnly?: boolean;
}

/** Sticky page title bar used by every in-app screen, so titles line up across the app. */
export function PageHeader({ title, leading, actions, mobileOnly = false }: PageHeaderProps) {
  return (
    <>
      {mobileOnly && (
        // Screen readers still get the page's heading where the bar is hidden.
        <VisuallyHidden visibleFrom="sm">
          <h1>{title}</h1>
        </VisuallyHidden>
      )}
      <Box component="header" className={classes.header} hiddenFrom={mobileOnly ? "sm" : undefined}>
        <Group justify="space-between" wrap="nowrap" h="100%" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {leading}
            <Title order={1} size="h3" lineClamp={1}>
              {title}
            </Title>
          </Group>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
      </Box>
    </>
  );
}
