import type { ReactNode } from "react";
import { Link } from "react-router";
import { type AuthorDto, authorDisplayName, authorHandle } from "#domain/items.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import classes from "./person-list.module.css";
import { UserAvatar } from "./user-avatar.tsx";

/**
 * A list of people (followers, who liked something, blocked accounts): each row their photo,
 * name and @username linking to their profile, and an action at the end. `divided` parts the
 * rows with lines instead of space.
 */
export function PersonList({
  label,
  divided = false,
  children,
}: {
  label: string;
  divided?: boolean;
  children: ReactNode;
}) {
  return (
    <ul
      className={divided ? `${classes.people} ${classes.divided}` : classes.people}
      aria-label={label}
    >
      {children}
    </ul>
  );
}

export function PersonRow({
  person,
  avatarSize = 44,
  action,
}: {
  person: AuthorDto;
  avatarSize?: number;
  /** A follow or undo button. */
  action?: ReactNode;
}) {
  return (
    <li className={classes.person}>
      <UserAvatar avatarUrl={person.avatarUrl} username={person.username} size={avatarSize} />
      <Link to={screenPaths.user(authorHandle(person))} className={classes.link}>
        <span className={classes.name}>{authorDisplayName(person)}</span>
        <span className={classes.handle}>@{person.username.toLowerCase()}</span>
      </Link>
      {action}
    </li>
  );
}
