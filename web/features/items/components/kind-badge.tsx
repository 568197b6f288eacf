import { Badge } from "@mantine/core";
import type { CSSProperties } from "react";
import classes from "./item.module.css";

const COLORS = { Dish: "paprika", Restaurant: "grape", Post: "blue", Deal: "pink" } as const;

/** "Dish", "Restaurant", "Post" or "Deal", in the kind's colour with AA-contrast text. */
export function KindBadge({ kind, className }: { kind: keyof typeof COLORS; className?: string }) {
  const color = COLORS[kind];
  const text = {
    "--badge-text-light": `var(--mantine-color-${color}-9)`,
    "--badge-text-dark": `var(--mantine-color-${color}-3)`,
  } as CSSProperties;
  return (
    <Badge
      className={[classes.kindBadge, className].filter(Boolean).join(" ")}
      color={color}
      variant="light"
      radius="sm"
      size="md"
      tt="none"
      style={text}
    >
      {kind}
    </Badge>
  );
}
