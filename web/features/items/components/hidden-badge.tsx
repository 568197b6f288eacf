import { Badge } from "@mantine/core";
import { IconEyeOff } from "@tabler/icons-react";

/**
 * What the author sees on their own item after a moderator hid it (nobody else is sent it). A
 * solid badge, so it stays readable on a photo as well as on the card; the small size fits a
 * grid tile on a phone.
 */
export function HiddenBadge({
  className,
  size = "md",
}: {
  className?: string;
  size?: "sm" | "md";
}) {
  return (
    <Badge
      className={className}
      color="red.9"
      variant="filled"
      radius="sm"
      size={size}
      tt="none"
      leftSection={<IconEyeOff size={size === "sm" ? 11 : 13} stroke={2} aria-hidden />}
    >
      Hidden by a moderator
    </Badge>
  );
}
