import { Stack, Text, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  hint?: string;
  action?: ReactNode;
}

/** The one way a list says "nothing here yet": icon, text, an optional hint and action. */
export function EmptyState({ icon, title, hint, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600} size="lg">
        {title}
      </Text>
      {hint && (
        <Text c="dimmed" size="sm" maw={360}>
          {hint}
        </Text>
      )}
      {action}
    </Stack>
  );
}
