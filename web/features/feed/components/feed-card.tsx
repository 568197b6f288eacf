import { UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconMapPin, IconMessageCircle } from "@tabler/icons-react";
import { type MouseEvent, useId } from "react";
import { Link } from "react-router";
import { ImageCarousel } from "#web/components/image-carousel.tsx";
import { StarRating } from "#web/components/star-rating.tsx";
import type { FeedItem } from "../api/feed-queries.ts";
import classes from "./feed-card.module.css";
import { ItemByline } from "./item-byline.tsx";
import {
  isReviewItem,
  itemBadge,
  itemBody,
  itemCost,
  itemCostLabel,
  restaurantPath,
} from "./item-meta.ts";
import { KindBadge } from "./kind-badge.tsx";
import { LikeButton } from "./like-button.tsx";

/** Cards are at most the feed column wide (720 px, minus padding). */
const CARD_IMAGE_SIZES = "(max-width: 720px) 100vw, 690px";

/** Clicks on these inside a card do their own thing instead of opening the detail view. */
const INTERACTIVE = "a, button, input, textarea, select, [role='button'], [role='menuitem']";

interface FeedCardProps {
  item: FeedItem;
  onOpen: (item: FeedItem) => void;
  /** The first cards are above the fold: their first photo loads eagerly. */
  priority?: boolean;
}

/** A review or post in the feed (spec 2 "Home feed"). Clicking the card opens its detail. */
export function FeedCard({ item, onOpen, priority = false }: FeedCardProps) {
  const titleId = useId();
  const review = isReviewItem(item) ? item : null;
  const badge = itemBadge(item);
  const body = itemBody(item);
  const cost = itemCost(item);

  function onCardClick(event: MouseEvent<HTMLElement>) {
    const target = event.target as Element;
    if (target.closest(INTERACTIVE) || window.getSelection()?.toString()) return;
    onOpen(item);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title button is the keyboard path to the same action
    <article className={classes.card} aria-labelledby={titleId} onClick={onCardClick}>
      <header className={classes.header}>
        <ItemByline item={item} avatarSize={40} />
        <KindBadge kind={badge} className={classes.badge} />
      </header>

      {item.images.length > 0 && (
        <ImageCarousel
          images={item.images}
          fallbackAlt={item.title}
          sizes={CARD_IMAGE_SIZES}
          maxHeight="min(75vh, 560px)"
          priority={priority}
          className={classes.media}
        />
      )}

      <div className={classes.body}>
        <UnstyledButton
          className={classes.titleButton}
          onClick={() => onOpen(item)}
          aria-haspopup="dialog"
        >
          <h2 className={classes.title} id={titleId}>
            {item.title}
          </h2>
        </UnstyledButton>

        {item.restaurant && (review === null || review.reviewType === "dish") && (
          <Link to={restaurantPath(item.restaurant)} className={classes.restaurant}>
            <IconMapPin size={15} stroke={2} aria-hidden style={{ flexShrink: 0 }} />
            <span className={classes.restaurantName}>{item.restaurant.name}</span>
          </Link>
        )}
        {review?.reviewType === "restaurant" && (
          <Link to={restaurantPath(review.restaurant)} className={classes.restaurant}>
            <IconMapPin size={15} stroke={2} aria-hidden style={{ flexShrink: 0 }} />
            <span className={classes.restaurantName}>
              {review.restaurant.address || "View restaurant"}
            </span>
          </Link>
        )}

        {review && (
          <div className={classes.ratingRow}>
            <StarRating value={review.rating} />
            {cost && (
              <span className={classes.cost}>
                <span aria-hidden>{cost}</span>
                <VisuallyHidden>{itemCostLabel(item)}</VisuallyHidden>
              </span>
            )}
          </div>
        )}

        {body && <p className={`${classes.description} ${classes.clamp}`}>{body}</p>}
      </div>

      <div className={classes.footer}>
        <LikeButton item={item} />
        <UnstyledButton
          className={classes.action}
          aria-label={`Comments, ${item.commentCount}`}
          aria-haspopup="dialog"
          onClick={() => onOpen(item)}
        >
          <IconMessageCircle size={20} stroke={1.8} aria-hidden />
          <span className={classes.count}>{item.commentCount}</span>
        </UnstyledButton>
      </div>
    </article>
  );
}
