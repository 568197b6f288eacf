import type { ItemDto } from "#domain/items.ts";
import { AddToList } from "#web/features/lists/components/add-to-list.tsx";
import { reviewSaveTarget } from "#web/features/want-to-try/api/want-to-try-queries.ts";
import { SaveToggle } from "#web/features/want-to-try/components/save-toggle.tsx";
import classes from "./item.module.css";
import { isReviewItem } from "./item-meta.ts";
import { LazyDealVotes } from "./lazy-deal-votes.tsx";

/**
 * The end of an item's row of actions, on its card and its detail alike: a deal's "Still on" and
 * "Gone"; a review's Save (pushed to the row's far end) and Add to list.
 */
export function ItemKeepActions({ item }: { item: ItemDto }) {
  if (item.itemType === "deal") return <LazyDealVotes deal={item} />;
  if (!isReviewItem(item)) return null;
  return (
    <>
      <SaveToggle target={reviewSaveTarget(item)} className={classes.save} />
      <AddToList target={{ kind: "review", id: item.id }} />
    </>
  );
}
