import { Skeleton, Stack, UnstyledButton } from "@mantine/core";
import { IconMessageCircle } from "@tabler/icons-react";
import { type MouseEvent, useId } from "react";
import type { ItemDto } from "#domain/items.ts";
import { CARD_PHOTO_SIZES } from "#domain/photo-variants.ts";
import { ImageCarousel } from "#web/components/image-carousel.tsx";
import surface from "#web/components/surface.module.css";
import { MentionText } from "#web/features/mentions/components/mention-text.tsx";
import { DealWhen } from "./deal-when.tsx";
import { HiddenBadge } from "./hidden-badge.tsx";
import classes from "./item.module.css";
import { ItemByline } from "./item-byline.tsx";
import { ItemKeepActions } from "./item-keep-actions.tsx";
import { ItemMenu } from "./item-menu.tsx";
import { isReviewItem, itemBadge, itemBody } from "./item-meta.ts";
import { ItemRating } from "./item-rating.tsx";
import { KindBadge } from "./kind-badge.tsx";
import { LikeButton } from "./like-button.tsx";
import { RestaurantLink } from "./restaurant-link.tsx";

/** Clicks on these inside a card do their own thing instead of opening the detail view. */
const INTERACTIVE = "a, button, input, textarea, select, [role='button'], [role='menuitem']";

interface ItemCardProps {
  item: ItemDto;
  onOpen: (item: ItemDto) => void;
  /** The first cards are above the fold: their first photo loads eagerly. */
  priority?: boolean;
}

/** An item in a list such as the feed. Clicking the card opens its detail. */
export function ItemCard({ item, onOpen, priority = false }: ItemCardProps) {
  const titleId = useId();
  const review = isReviewItem(item) ? item : null;
  const badge = itemBadge(item);
  const body = itemBody(item);

  function onCardClick(event: MouseEvent<HTMLElement>) {
    const target = event.target as Element;
    // Clicks in the report dialog bubble here through React's portal; they are not the card's.
    if (!event.currentTarget.contains(target)) return;
    if (target.closest(INTERACTIVE) || window.getSelection()?.toString()) return;
    onOpen(item);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title button is the keyboard path to the same action
    <article className={surface.card} aria-labelledby={titleId} onClick={onCardClick}>
      <header className={classes.header}>
        <ItemByline item={item} avatarSize={40} />
        <KindBadge kind={badge} className={classes.badge} />
        <ItemMenu item={item} />
      </header>

      {item.images.length > 0 && (
        <ImageCarousel
          images={item.images}
          fallbackAlt={item.title}
          sizes={CARD_PHOTO_SIZES}
          maxHeight="min(75vh, 560px)"
          priority={priority}
          className={classes.media}
        />
      )}

      <div className={classes.body}>
        {item.isHidden && <HiddenBadge className={classes.hiddenBadge} />}
        <UnstyledButton
          className={classes.titleButton}
          onClick={() => onOpen(item)}
          aria-haspopup="dialog"
        >
          <h2 className={classes.title} id={titleId}>
            {item.title}
          </h2>
        </UnstyledButton>

        {item.itemType === "deal" && <DealWhen deal={item} />}
        <RestaurantLink item={item} noAddress="View restaurant" />

        {review && <ItemRating review={review} />}

        {body && (
          <p className={`${classes.description} ${classes.clamp}`}>
            <MentionText text={body} mentions={item.mentions} />
          </p>
        )}
      </div>

      <div className={classes.footer}>
        <LikeButton item={item} />
        <UnstyledButton
          className={surface.action}
          aria-label={`Comments, ${item.commentCount}`}
          aria-haspopup="dialog"
          onClick={() => onOpen(item)}
        >
          <IconMessageCircle size={20} stroke={1.8} aria-hidden />
          <span className={classes.count}>{item.commentCount}</span>
        </UnstyledButton>
        <ItemKeepActions item={item} />
      </div>
    </article>
  );
}

/** The shape of an item card while its list loads. */
export function ItemCardSkeleton() {
  return (
    <div className={surface.card} style={{ cursor: "default" }}>
      <div className={classes.header}>
        <Skeleton circle height={40} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={12} width="40%" />
          <Skeleton height={10} width="25%" />
        </Stack>
      </div>
      <Skeleton height={0} radius={0} style={{ aspectRatio: "4 / 3", height: "auto" }} />
      <Stack gap={8} p="md">
        <Skeleton height={18} width="65%" />
        <Skeleton height={12} width="35%" />
        <Skeleton height={12} width="90%" />
      </Stack>
    </div>
  );
}
