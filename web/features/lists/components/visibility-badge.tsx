import { Badge } from "@mantine/core";
import { IconLink, IconLock, IconUsers } from "@tabler/icons-react";
import type { CSSProperties } from "react";
import type { ListVisibility } from "#domain/lists.ts";
import { listMessages } from "#domain/lists-rules.ts";

const LOOKS = {
  private: { icon: IconLock, color: "gray" },
  followers: { icon: IconUsers, color: "indigo" },
  link: { icon: IconLink, color: "blue" },
} as const satisfies Record<ListVisibility, object>;

/** Who may see a list (Private, Followers, Anyone with the link), in AA-contrast text. */
export function VisibilityBadge({ visibility }: { visibility: ListVisibility }) {
  const { icon: Icon, color } = LOOKS[visibility];
  const text = {
    "--badge-text-light": `var(--mantine-color-${color}-9)`,
    "--badge-text-dark": `var(--mantine-color-${color}-3)`,
    color: "light-dark(var(--badge-text-light), var(--badge-text-dark))",
  } as CSSProperties;
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      leftSection={<Icon size={12} stroke={2} aria-hidden />}
      style={text}
    >
      {listMessages.visibilityLabels[visibility]}
    </Badge>
  );
}
