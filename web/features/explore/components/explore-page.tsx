import { Box, Loader, Tabs, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useIsFetching } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { forYouMessages } from "#domain/for-you-rules.ts";
import { nearbyMessages } from "#domain/nearby-rules.ts";
import { exploreMessages, exploreTabs } from "#domain/search-rules.ts";
import { SEARCH_TEXT_MAX } from "#domain/text-input-rules.ts";
import header from "#web/components/page-header.module.css";
import { PageHeader } from "#web/components/page-header.tsx";
import { WrappingTabs } from "#web/components/wrapping-tabs.tsx";
import { exploreKeys } from "#web/lib/query-keys.ts";
import { useSession } from "#web/lib/session.tsx";
import { useExploreSearch } from "../use-explore-search.ts";
import classes from "./explore.module.css";
import { ExploreResults, exploreTabDetails } from "./explore-results.tsx";

// Nearby (and the map it may draw) and For you load only when their tab is opened.
const NearbyPanel = lazy(() =>
  import("./nearby-panel.tsx").then((module) => ({ default: module.NearbyPanel })),
);
const ForYouPanel = lazy(() =>
  import("./for-you-panel.tsx").then((module) => ({ default: module.ForYouPanel })),
);

/**
 * Search across dishes, restaurants, posts, people and deals. The search box and tabs stay in view
 * while the results scroll; the search and the tab live in the address. Signed-in people get
 * For you first (a visitor's link to it asks them to sign in).
 */
export function ExplorePage() {
  const search = useExploreSearch();
  const signedIn = useSession().session.status === "signed-in";
  const searchTab = search.tab === "nearby" || search.tab === "for-you" ? null : search.tab;
  const fetching =
    useIsFetching({
      queryKey: searchTab ? exploreKeys.results(searchTab, search.query) : ["explore", "none"],
    }) > 0;

  return (
    <>
      <PageHeader title={exploreMessages.title} />
      <WrappingTabs value={search.tab} onChange={search.openTab} keepMounted={false}>
        <div className={`${header.belowHeader} ${classes.search}`}>
          <TextInput
            type="search"
            aria-label="Search"
            placeholder={exploreMessages.placeholder}
            leftSection={<IconSearch size={18} aria-hidden />}
            rightSection={fetching ? <Loader size="xs" aria-label="Searching" /> : null}
            radius="xl"
            size="md"
            maxLength={SEARCH_TEXT_MAX}
            value={search.text}
            onChange={(event) => search.setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") search.searchNow();
            }}
          />
          <Tabs.List grow mt="sm">
            {signedIn && <Tabs.Tab value="for-you">{forYouMessages.tab}</Tabs.Tab>}
            {exploreTabs.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {exploreTabDetails[tab].label}
              </Tabs.Tab>
            ))}
            <Tabs.Tab value="nearby">{nearbyMessages.tab}</Tabs.Tab>
          </Tabs.List>
        </div>
        <Box p="md">
          {exploreTabs.map((tab) => (
            <Tabs.Panel key={tab} value={tab}>
              <ExploreResults tab={tab} query={search.query} />
            </Tabs.Panel>
          ))}
          <Tabs.Panel value="for-you">
            <Suspense fallback={<Loader size="sm" aria-label={forYouMessages.loading} />}>
              <ForYouPanel />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="nearby">
            <Suspense fallback={<Loader size="sm" aria-label={nearbyMessages.loading} />}>
              <NearbyPanel />
            </Suspense>
          </Tabs.Panel>
        </Box>
      </WrappingTabs>
    </>
  );
}
