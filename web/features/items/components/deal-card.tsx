import { Anchor, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { DEAL_CARD_TEXT } from "#domain/deal-when.ts";
import type { DealDto } from "#domain/items.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { DealVotes } from "./deal-votes.tsx";
import { DealWhen } from "./deal-when.tsx";

/**
 * One deal: the "Deal" badge, what it is, when it runs, who passed it on and its votes. Away
 * from its restaurant's page (Nearby) it also names the restaurant and how far it is
 * (`distance`, "0.8 km").
 */
export function DealCard({ deal, distance }: { deal: DealDto; distance?: string | undefined }) {
  return (
    <Paper withBorder radius="lg" p="md" component="article" aria-label={deal.title}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge color="paprika" variant="filled" radius="sm">
            {DEAL_CARD_TEXT.badge}
          </Badge>
          <DealWhen deal={deal} />
        </Group>
        <Text fw={650} size="lg" style={{ overflowWrap: "anywhere" }}>
          {deal.title}
        </Text>
        {distance !== undefined && (
          <Text size="sm" c="dimmed">
            <Anchor
              component={Link}
              to={screenPaths.restaurant(deal.restaurant)}
              size="sm"
              fw={600}
            >
              {deal.restaurant.name}
            </Anchor>{" "}
            · {distance}
          </Text>
        )}
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
        <DealVotes deal={deal} />
      </Stack>
    </Paper>
  );
}
