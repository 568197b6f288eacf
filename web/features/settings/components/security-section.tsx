import { type MantineSpacing, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * One card of the settings pages, named by its heading (`titleId`) for assistive tech. Given a
 * `title` (and an `intro` under it) the card draws its own heading; without, the children hold
 * the element with `titleId` (a heading beside an icon and a badge).
 */
export function SecuritySection({
  titleId,
  title,
  intro,
  gap = "md",
  children,
}: {
  titleId: string;
  title?: string;
  intro?: ReactNode;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby={titleId}
    >
      <Stack gap={gap}>
        {title !== undefined && (
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
        )}
        {intro !== undefined && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
