import { IconListDetails } from "@tabler/icons-react";
import { Link } from "react-router";
import type { ListSummaryDto } from "#domain/lists.ts";
import { listMessages } from "#domain/lists-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import surface from "#web/components/surface.module.css";
import classes from "./lists.module.css";
import { VisibilityBadge } from "./visibility-badge.tsx";

/**
 * A list on a profile: its cover (the first entry's photo), name (the card's link), counts and,
 * for its owner, who may see it. The link needs no key: its owner, and whoever follows it, see it
 * without one.
 */
export function ListCard({ list }: { list: ListSummaryDto }) {
  return (
    <li>
      <article className={`${surface.rowSurface} ${classes.card}`}>
        {list.coverPhotoUrl ? (
          <img
            className={classes.cover}
            src={list.coverPhotoUrl}
            // The name under it says what the list is.
            alt=""
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className={classes.cover} aria-hidden>
            <IconListDetails size={32} stroke={1.5} />
          </span>
        )}
        <div className={classes.cardBody}>
          <h3 className={classes.cardName}>
            <Link to={screenPaths.list(list.id)} className={classes.cardLink}>
              {list.name}
            </Link>
          </h3>
          <div className={classes.counts}>
            <span>{listMessages.entryCount(list.entryCount)}</span>
            <span>{listMessages.followerCount(list.followerCount)}</span>
          </div>
          {list.isOwner && (
            <div>
              <VisibilityBadge visibility={list.visibility} />
            </div>
          )}
        </div>
      </article>
    </li>
  );
}
