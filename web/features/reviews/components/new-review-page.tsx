import { ActionIcon, Stack, Tabs, Text } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useLocation, useNavigate } from "react-router";
import { PageHeader } from "#web/components/page-header.tsx";

/** /post (spec 2 "New Review"): Dish Review and Restaurant Review forms arrive with reviews. */
export function NewReviewPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const kind = (location.state as { kind?: unknown } | null)?.kind;

  return (
    <>
      <PageHeader
        title="New Review"
        leading={
          <ActionIcon variant="subtle" color="gray" aria-label="Back" onClick={() => navigate(-1)}>
            <IconArrowLeft size={20} />
          </ActionIcon>
        }
      />
      <Stack p="md">
        <Tabs defaultValue={kind === "restaurant" ? "restaurant" : "dish"}>
          <Tabs.List grow>
            <Tabs.Tab value="dish">Dish Review</Tabs.Tab>
            <Tabs.Tab value="restaurant">Restaurant Review</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="dish" pt="md">
            <Text c="dimmed">Rate a dish: photo, rating, cost and your experience.</Text>
          </Tabs.Panel>
          <Tabs.Panel value="restaurant" pt="md">
            <Text c="dimmed">Rate a restaurant: rating, price range and your experience.</Text>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
