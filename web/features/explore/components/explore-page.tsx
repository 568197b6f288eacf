import { Stack, Tabs, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageHeader } from "#web/components/page-header.tsx";

const tabs = [
  { value: "dishes", label: "Dishes", empty: "No dish reviews yet" },
  { value: "restaurants", label: "Restaurants", empty: "No restaurants yet" },
  { value: "posts", label: "Posts", empty: "No posts yet" },
  { value: "users", label: "Users", empty: "No users yet" },
] as const;

/** Search across dishes, restaurants, posts and people. */
export function ExplorePage() {
  const location = useLocation();
  const initialQuery = (location.state as { query?: unknown } | null)?.query;
  const [query, setQuery] = useState(typeof initialQuery === "string" ? initialQuery : "");

  return (
    <>
      <PageHeader title="Explore" />
      <Stack p="md" gap="md">
        <TextInput
          aria-label="Search"
          placeholder="Search dishes, restaurants, or users..."
          leftSection={<IconSearch size={18} />}
          radius="xl"
          size="md"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        <Tabs defaultValue="dishes">
          <Tabs.List grow>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value}>
              <EmptyState icon={<IconSearch size={28} stroke={1.6} />} title={tab.empty} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </>
  );
}
