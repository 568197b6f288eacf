import { VisuallyHidden } from "@mantine/core";
import type { ReviewDto } from "#domain/items.ts";
import { formatScore } from "#domain/review-rules.ts";
import { StarRating } from "#web/components/star-rating.tsx";
import classes from "./item.module.css";
import { itemCost, itemCostLabel } from "./item-meta.ts";

/**
 * A review's stars, a ranked dish's score out of 10 (ADR 0030) and, when known, its cost (a
 * dish's amount, a restaurant's price tier).
 */
export function ItemRating({ review, size }: { review: ReviewDto; size?: number }) {
  const cost = itemCost(review);
  return (
    <div className={classes.ratingRow}>
      <StarRating value={review.rating} size={size} />
      {review.score !== null && (
        <span className={classes.score}>
          <span aria-hidden>{formatScore(review.score)}</span>
          <VisuallyHidden>{`Score ${formatScore(review.score)} out of 10`}</VisuallyHidden>
        </span>
      )}
      {cost && (
        <span className={classes.cost}>
          <span aria-hidden>{cost}</span>
          <VisuallyHidden>{itemCostLabel(review)}</VisuallyHidden>
        </span>
      )}
    </div>
  );
}
