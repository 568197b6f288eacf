import { Anchor, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { IconClock } from "@tabler/icons-react";
import { Link } from "react-router";
import { DEAL_CARD_TEXT, dealWhenText } from "#domain/deal-when.ts";
import type { DealDto } from "#domain/deals.ts";
import { screenPaths } from "#domain/screen-paths.ts";

/** One deal: the "Deal" badge, what it is, when it runs and who passed it on. */
export function DealCard({ deal }: { deal: DealDto }) {
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-label={deal.title}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge color="paprika" variant="filled" radius="sm">
            {DEAL_CARD_TEXT.badge}
          </Badge>
          <Group gap={4} wrap="nowrap">
            <IconClock size={14} stroke={1.8} aria-hidden />
            <Text size="sm" fw={600} c={deal.isOnNow ? "teal.8" : "dimmed"}>
              {dealWhenText(deal)}
            </Text>
          </Group>
        </Group>
        <Text fw={650} size="lg" style={{ overflowWrap: "anywhere" }}>
          {deal.title}
        </Text>
        {deal.details && (
          <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {deal.details}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Shared by{" "}
          <Anchor component={Link} to={screenPaths.user(deal.userHandler)} size="xs">
            {deal.userName}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
