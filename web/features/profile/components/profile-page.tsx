import { Stack, Tabs } from "@mantine/core";
import { IconArticle, IconBuildingStore, IconToolsKitchen2 } from "@tabler/icons-react";
import { useParams } from "react-router";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { useSession } from "#web/lib/session.tsx";
import { OwnProfileHeader } from "./own-profile-header.tsx";
import { UserNotFound } from "./user-not-found.tsx";

/**
 * Own profile at /profile, and public profiles at /user/{handle} and /profile/{handleOrId}
 * Reviews and posts fill the tabs once they exist; looking up other people
 * by handle arrives with the people work, so a handle that is not your own is not found yet.
 */
export function ProfilePage() {
  const { handle } = useParams();
  const { session } = useSession();
  const ownProfile = session.status === "signed-in" ? session.profile : null;
  const normalizedHandle = handle?.replace(/^@/, "").toLowerCase();
  const isOwn =
    ownProfile !== null &&
    (normalizedHandle === undefined ||
      normalizedHandle === ownProfile.username ||
      normalizedHandle === ownProfile.slug ||
      handle === ownProfile.id);

  if (!isOwn || !ownProfile) {
    return (
      <>
        <PageHeader title="Profile" />
        <UserNotFound />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Profile" />
      <OwnProfileHeader profile={ownProfile} />
      <Stack px="md">
        <Tabs defaultValue="posts">
          <Tabs.List grow>
            <Tabs.Tab value="posts">Posts (0)</Tabs.Tab>
            <Tabs.Tab value="dishes">Dishes (0)</Tabs.Tab>
            <Tabs.Tab value="restaurants">Restaurants (0)</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="posts">
            <EmptyState icon={<IconArticle size={28} stroke={1.6} />} title="No posts yet" />
          </Tabs.Panel>
          <Tabs.Panel value="dishes">
            <EmptyState
              icon={<IconToolsKitchen2 size={28} stroke={1.6} />}
              title="No dish reviews yet"
            />
          </Tabs.Panel>
          <Tabs.Panel value="restaurants">
            <EmptyState
              icon={<IconBuildingStore size={28} stroke={1.6} />}
              title="No restaurant reviews yet"
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
