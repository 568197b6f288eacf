import { type MantineSpacing, Paper, Stack } from "@mantine/core";
import type { ReactNode } from "react";

/** One card of the security page, named by its heading (`titleId`) for assistive tech. */
export function SecuritySection({
  titleId,
  gap = "md",
  children,
}: {
  titleId: string;
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
      <Stack gap={gap}>{children}</Stack>
    </Paper>
  );
}
