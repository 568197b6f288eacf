import { ActionIcon, Skeleton, Stack } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { PageHeader } from "#web/components/page-header.tsx";
import { contentKeys, contentPath, type FeedItem } from "#web/features/feed/api/feed-queries.ts";
import { ItemDetail } from "#web/features/feed/components/item-detail.tsx";
import { apiGet } from "#web/lib/api-client.ts";

/**
 * "Dish Review" for type food or dish, otherwise "Restaurant Review" (spec 2 "View"); posts,
 * which the spec's view does not know, are titled "Post".
 */
export function reviewViewTitle(type: string | undefined): string {
  if (type === "post") return "Post";
  return type === "food" || type === "dish" ? "Dish Review" : "Restaurant Review";
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG_TYPES = new Set(["food", "dish", "restaurant"]);

/**
 * What /view/{type}/{id} loads: a review or post by id, or (spec 2, mobile links) the newest
 * review whose slugified title matches. Anything else cannot exist.
 */
function viewQuery(type: string, id: string) {
  const kind = type === "post" ? "post" : "review";
  const byId = UUID.test(id);
  return queryOptions({
    queryKey: byId ? contentKeys.item(kind, id) : ["reviews", "by-slug", type, id],
    queryFn: ({ signal }) => {
      if (byId) return apiGet<FeedItem>(contentPath(kind, id), { signal });
      if (!SLUG_TYPES.has(type)) throw new Error(`A ${type} cannot be found by its title`);
      return apiGet<FeedItem>(
        `/api/reviews/by-slug/${encodeURIComponent(type)}/${encodeURIComponent(id)}`,
        { signal },
      );
    },
  });
}

/** /view/{type}/{id}: one review or post with its photos, likes and comments. */
export function ViewReviewPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { type = "", id = "" } = useParams();
  const item = useQuery({ ...viewQuery(type, id), retry: false });
  const failed = item.isError;

  function goBack() {
    // The first page of the tab has nowhere to go back to.
    if (location.key === "default") navigate("/feed", { replace: true });
    else navigate(-1);
  }

  // Spec 2 and 8: a missing review, or any error loading it, navigates back.
  useEffect(() => {
    if (!failed) return;
    console.error("Could not load /view item", item.error);
    if (location.key === "default") navigate("/feed", { replace: true });
    else navigate(-1);
  }, [failed, item.error, location.key, navigate]);

  return (
    <>
      <PageHeader
        title={reviewViewTitle(type)}
        leading={
          <ActionIcon variant="subtle" color="gray" aria-label="Back" onClick={goBack}>
            <IconArrowLeft size={20} />
          </ActionIcon>
        }
      />
      {item.data ? (
        <Stack p="md" pb="xl">
          <ItemDetail item={item.data} />
        </Stack>
      ) : (
        <Stack p="md" gap="sm" aria-busy aria-label="Loading">
          <Skeleton height={280} radius="lg" />
          <Skeleton height={24} width="60%" />
          <Skeleton height={16} width="40%" />
          <Skeleton height={64} />
        </Stack>
      )}
    </>
  );
}
