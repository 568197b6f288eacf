import { Paper, Tabs } from "@mantine/core";
import { IconBuildingStore, IconToolsKitchen2 } from "@tabler/icons-react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { ReviewDto, ReviewType } from "#domain/items.ts";
import { postedMessage } from "#domain/review-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { BackButton } from "#web/components/back-button.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { toast } from "#web/lib/toast.ts";
import { afterPostPath, anotherDishAction } from "./review-dialog.tsx";
import { ReviewForm, type Visit } from "./review-form.tsx";

/**
 * /post, "New Review": Back, "New Review", tabs "Dish Review" / "Restaurant Review" with
 * the forms inline. The first tab comes from navigation state `{ kind }`; `{ visit }` ("Add
 * another dish from this visit") starts the dish form at that restaurant and date.
 */
export function NewReviewPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { kind?: unknown; visit?: Visit } | null;
  const kind = state?.kind;
  const [tab, setTab] = useState<ReviewType>(kind === "restaurant" ? "restaurant" : "dish");

  // Kept on the device: the feed, under the "Waiting to post" list.
  const waiting = () => navigate(screenPaths.feed);

  function saved(review: ReviewDto) {
    toast.success(postedMessage(review.reviewType), undefined, anotherDishAction(review, navigate));
    navigate(afterPostPath(review));
  }

  return (
    <>
      <PageHeader title="New Review" leading={<BackButton />} />
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === "restaurant" ? "restaurant" : "dish")}
        keepMounted={false}
        p="md"
        styles={{ tab: { justifyContent: "center" }, tabLabel: { flex: "none" } }}
      >
        <Tabs.List grow mb="md">
          <Tabs.Tab value="dish" leftSection={<IconToolsKitchen2 size={16} aria-hidden />}>
            Dish Review
          </Tabs.Tab>
          <Tabs.Tab value="restaurant" leftSection={<IconBuildingStore size={16} aria-hidden />}>
            Restaurant Review
          </Tabs.Tab>
        </Tabs.List>
        <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
          <Tabs.Panel value="dish">
            <ReviewForm
              key={location.key}
              reviewType="dish"
              mode="create"
              onSaved={saved}
              onWaiting={waiting}
              visit={state?.visit}
            />
          </Tabs.Panel>
          <Tabs.Panel value="restaurant">
            <ReviewForm reviewType="restaurant" mode="create" onSaved={saved} onWaiting={waiting} />
          </Tabs.Panel>
        </Paper>
      </Tabs>
    </>
  );
}
