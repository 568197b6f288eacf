import { VisuallyHidden } from "@mantine/core";
import type { ReviewDto } from "#domain/items.ts";
import { StarRating } from "#web/components/star-rating.tsx";
import classes from "./item.module.css";
import { itemCost, itemCostLabel } from "./item-meta.ts";

/** A review's stars and, when known, its cost (a dish's amount, a restaurant's price tier). */
export function ItemRating({ review, size }: { review: ReviewDto; size?: number }) {
  const cost = itemCost(review);
  return (
    <div className={classes.ratingRow}>
      <StarRating value={review.rating} size={size} />
      {cost && (
        <span className={classes.cost}>
          <span aria-hidden>{cost}</span>
          <VisuallyHidden>{itemCostLabel(review)}</VisuallyHidden>
        </span>
      )}
    </div>
  );
}
