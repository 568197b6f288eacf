import { Group, Text } from "@mantine/core";
import { IconClock } from "@tabler/icons-react";
import { dealWhenText } from "#domain/deal-when.ts";
import type { DealDto } from "#domain/items.ts";
import classes from "./item.module.css";

/**
 * When a deal runs ("Ends in 3 hours", "Mon–Fri 4–7 pm"), stronger while it is on; "Ended" or
 * "Reported gone" where such a deal is still shown.
 */
export function DealWhen({ deal }: { deal: DealDto }) {
  const on = deal.isOnNow && !deal.reportedGone;
  return (
    <Group gap={4} wrap="nowrap">
      <IconClock size={14} stroke={1.8} aria-hidden />
      <Text
        size="sm"
        fw={600}
        c={on ? undefined : "dimmed"}
        className={on ? classes.onNow : undefined}
      >
        {dealWhenText(deal)}
      </Text>
    </Group>
  );
}
