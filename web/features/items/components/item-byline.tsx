import { Text } from "@mantine/core";
import { Link } from "react-router";
import type { ItemDto } from "#domain/items.ts";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { isoDateTime } from "#web/lib/format-date.ts";
import classes from "./item.module.css";
import { itemAuthorPath, itemDate } from "./item-meta.ts";

/**
 * Who posted an item and when: avatar, name linking to their profile, and the date
 * (MM/dd/yyyy for reviews, relative time for posts). Shared by the card and the detail view.
 */
export function ItemByline({ item, avatarSize }: { item: ItemDto; avatarSize: number }) {
  const authorPath = itemAuthorPath(item);
  return (
    <>
      <UserAvatar
        avatarUrl={item.author.avatarUrl}
        username={item.author.username}
        size={avatarSize}
      />
      <div style={{ minWidth: 0, flex: 1 }}>
        {authorPath ? (
          <Link to={authorPath} className={classes.authorLink}>
            {item.userName}
          </Link>
        ) : (
          <Text span className={classes.authorLink}>
            {item.userName}
          </Text>
        )}
        <div className={classes.meta}>
          <time dateTime={isoDateTime(item.createdAt)}>{itemDate(item)}</time>
        </div>
      </div>
    </>
  );
}
