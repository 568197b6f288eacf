import { Button } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import { Link } from "react-router";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageHeader } from "#web/components/page-header.tsx";

/** Restaurant page by UUID or slug (spec 2 "Restaurant page"); restaurants come with reviews. */
export function RestaurantPage() {
  return (
    <>
      <PageHeader title="Restaurant" />
      <EmptyState
        icon={<IconBuildingStore size={28} stroke={1.6} />}
        title="Restaurant not found"
        action={
          <Button component={Link} to="/explore" variant="light" mt="sm">
            Explore restaurants
          </Button>
        }
      />
    </>
  );
}
