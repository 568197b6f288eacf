import { Skeleton, Stack } from "@mantine/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useParams } from "react-router";
import { isUuid } from "#domain/ids.ts";
import type { ItemDto } from "#domain/items.ts";
import { BackButton, useGoBack } from "#web/components/back-button.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { apiGet } from "#web/lib/api-client.ts";
import { apiPaths } from "#web/lib/api-paths.ts";
import { itemKeys } from "../api/item-queries.ts";
import { ItemDetail } from "./item-detail.tsx";

/**
 * "Dish Review" for type food or dish, otherwise "Restaurant Review"; posts, which have a view
 * of their own too, are titled "Post".
 */
function viewTitle(type: string | undefined): string {
  if (type === "post") return "Post";
  return type === "food" || type === "dish" ? "Dish Review" : "Restaurant Review";
}

const SLUG_TYPES = new Set(["food", "dish", "restaurant"]);

/**
 * What /view/{type}/{id} loads: a review or post by id, or (links shared from phones) the
 * newest review whose slugified title matches. Anything else cannot exist.
 */
function viewQuery(type: string, id: string) {
  const byId = isUuid(id);
  const kind = type === "post" ? "post" : "review";
  return queryOptions<ItemDto>({
    // By id it shares the cache entry of the item's detail, so edits there show here too.
    queryKey: byId ? itemKeys.item(kind, id) : itemKeys.bySlug(type, id),
    queryFn: ({ signal }) => {
      if (byId) return apiGet<ItemDto>(apiPaths.item(kind, id), { signal });
      if (!SLUG_TYPES.has(type)) throw new Error(`A ${type} cannot be found by its title`);
      return apiGet<ItemDto>(apiPaths.reviewBySlug(type, id), { signal });
    },
  });
}

/** /view/{type}/{id}: one review or post with its photos, likes and comments. */
export function ViewItemPage() {
  const { type = "", id = "" } = useParams();
  const item = useQuery({ ...viewQuery(type, id), retry: false });
  const failed = item.isError;

  const goBack = useGoBack();

  // A missing item, or any error loading it, goes back where the person came from.
  useEffect(() => {
    if (!failed) return;
    console.error("Could not load /view item", item.error);
    goBack();
  }, [failed, item.error, goBack]);

  return (
    <>
      <PageHeader title={viewTitle(type)} leading={<BackButton />} />
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
