import { Skeleton, Stack } from "@mantine/core";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useParams } from "react-router";
import { apiPaths } from "#domain/api-paths.ts";
import { isUuid } from "#domain/ids-rules.ts";
import type { ItemDto } from "#domain/items.ts";
import { BackButton, useGoBack } from "#web/components/back-button.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { apiGet } from "#web/lib/api-client.ts";
import { itemKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";
import { ItemDetail } from "./item-detail.tsx";
import { itemDetailTitle } from "./item-meta.ts";

/**
 * While the item loads, the address's type names it: "Dish Review" for food or dish, "Post" for
 * a post, "Deal" for a deal, otherwise "Restaurant Review". Once loaded, the item's real kind does, whatever the
 * address said.
 */
function viewTitle(type: string, item: ItemDto | undefined): string {
  if (item) return itemDetailTitle(item);
  if (type === "post") return "Post";
  if (type === "deal") return "Deal";
  return type === "food" || type === "dish" ? "Dish Review" : "Restaurant Review";
}

const SLUG_TYPES = new Set(["food", "dish", "restaurant"]);

/**
 * What /view/{type}/{id} loads: a review, post or deal by id, or (links shared from phones) the
 * newest review whose slugified title matches. Anything else cannot exist.
 */
function viewQuery(type: string, id: string) {
  const byId = isUuid(id);
  const kind = type === "post" || type === "deal" ? type : "review";
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

/** /view/{type}/{id}: one item with its photos, likes and comments. */
export function ViewItemPage() {
  const { type = "", id = "" } = useParams();
  const item = useQuery({ ...viewQuery(type, id), retry: false });
  const failed = item.isError;

  const goBack = useGoBack();

  // A missing item, or any error loading it, goes back where the person came from, saying why:
  // the toast outlives the move it explains.
  useEffect(() => {
    if (!failed) return;
    console.error("Could not load /view item", item.error);
    toast.error(
      `This ${type === "post" || type === "deal" ? type : "review"} isn't available`,
      undefined,
      {
        keepOnNavigation: true,
      },
    );
    goBack();
  }, [failed, item.error, goBack, type]);

  return (
    <>
      <PageHeader title={viewTitle(type, item.data)} leading={<BackButton />} />
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
