import { Link } from "react-router";
import { authorDisplayName, authorHandle } from "#domain/items-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import type { UserCardDto } from "#domain/search.ts";
import { FollowButton } from "#web/components/follow-button.tsx";
import surface from "#web/components/surface.module.css";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { useToggleFollow } from "#web/features/follows/api/use-toggle-follow.ts";
import { CardCount } from "./card-count.tsx";
import classes from "./explore.module.css";

/**
 * A person found on explore: avatar, name (the card's link to their profile), @username, their
 * counts, and Follow / Following (hidden on yourself; visitors are asked to sign in).
 */
export function UserCard({ user }: { user: UserCardDto }) {
  const toggle = useToggleFollow(user, "following");
  return (
    <div className={`${surface.card} ${classes.card} ${classes.userCard}`}>
      <UserAvatar
        avatarUrl={user.avatarUrl}
        username={user.username}
        size={52}
        className={classes.userAvatar}
      />
      <div className={classes.body}>
        <h2 className={surface.entryName}>
          <Link to={screenPaths.user(authorHandle(user))} className={classes.cardLink}>
            {authorDisplayName(user)}
          </Link>
        </h2>
        <p className={classes.handle}>@{user.username.toLowerCase()}</p>
      </div>
      {!user.isMe && (
        <div className={classes.above}>
          <FollowButton
            targetId={user.id}
            following={user.followedByMe === true}
            toggle={toggle}
            wording="following"
            size="xs"
          />
        </div>
      )}
      <ul className={`${classes.facts} ${classes.userFacts}`}>
        <CardCount value={user.counts.reviews} one="review" many="reviews" />
        <CardCount value={user.counts.followers} one="follower" many="followers" />
        <CardCount value={user.counts.following} one="following" many="following" />
      </ul>
    </div>
  );
}
