import { Badge } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import classes from "./admin.module.css";

/** A light badge whose text is one shade darker than Mantine's, for AA contrast. */
export function ContrastBadge({
  color,
  leftSection,
  children,
}: {
  color: string;
  leftSection?: ReactNode;
  children: ReactNode;
}) {
  const text = {
    "--badge-text-light": `var(--mantine-color-${color}-9)`,
    "--badge-text-dark": `var(--mantine-color-${color}-3)`,
  } as CSSProperties;
  return (
    <Badge
      className={classes.badge}
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      style={text}
      leftSection={leftSection}
    >
      {children}
    </Badge>
  );
}
