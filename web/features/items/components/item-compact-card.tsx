import { UnstyledButton } from "@mantine/core";
import { type MouseEvent, useId } from "react";
import type { ItemDto } from "#domain/items.ts";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { isoDateTime } from "#web/lib/format-date.ts";
import classes from "./item-compact-card.module.css";
import { isReviewItem, itemBadge, itemBody, itemDate } from "./item-meta.ts";
import { ItemRating } from "./item-rating.tsx";
import { KindBadge } from "./kind-badge.tsx";

interface ItemCompactCardProps {
  item: ItemDto;
  onOpen: (item: ItemDto) => void;
}

/**
 * A small card for a row of highlights (friends' reviews of a restaurant): who, when, the stars,
 * the name and the start of the text. Clicking anywhere opens the item; the name is the
 * keyboard's way in.
 */
export function ItemCompactCard({ item, onOpen }: ItemCompactCardProps) {
  const titleId = useId();
  const review = isReviewItem(item) ? item : null;
  const body = itemBody(item);

  function onCardClick(event: MouseEvent<HTMLElement>) {
    if ((event.target as Element).closest("a, button")) return;
    onOpen(item);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title button is the keyboard path to the same action
    <article className={classes.card} aria-labelledby={titleId} onClick={onCardClick}>
      <div className={classes.byline}>
        <UserAvatar avatarUrl={item.author.avatarUrl} username={item.author.username} size={28} />
        <div className={classes.who}>
          <span className={classes.author}>{item.userName}</span>
          <time className={classes.date} dateTime={isoDateTime(item.createdAt)}>
            {itemDate(item)}
          </time>
        </div>
        <KindBadge kind={itemBadge(item)} />
      </div>
      {review && <ItemRating review={review} size={14} />}
      <UnstyledButton
        className={classes.titleButton}
        onClick={() => onOpen(item)}
        aria-haspopup="dialog"
      >
        <h3 className={classes.title} id={titleId}>
          {item.title}
        </h3>
      </UnstyledButton>
      {body && <p className={classes.body}>{body}</p>}
    </article>
  );
}
