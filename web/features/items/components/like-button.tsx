import { UnstyledButton } from "@mantine/core";
import { IconHeart, IconHeartFilled } from "@tabler/icons-react";
import type { ItemDto } from "#domain/items.ts";
import { likeMessages } from "#domain/like-rules.ts";
import surface from "#web/components/surface.module.css";
import { useSession } from "#web/lib/session.tsx";
import { useWhenSignedIn } from "#web/lib/sign-in-prompt.ts";
import { useToggleLike } from "../api/use-toggle-like.ts";
import classes from "./item.module.css";

/**
 * Heart toggle with its count; visitors are asked to sign in. An item a moderator hid (only its
 * author sees it) cannot be liked, so the heart is off.
 */
export function LikeButton({ item }: { item: ItemDto }) {
  const { session } = useSession();
  const whenSignedIn = useWhenSignedIn(likeMessages.signInRequired);
  const toggle = useToggleLike(item.itemType, item.id);
  const liked = item.likedByMe === true;

  function onClick() {
    whenSignedIn(() => toggle.mutate(!liked));
  }

  return (
    <UnstyledButton
      className={`${surface.action} ${classes.like}`}
      data-liked={liked || undefined}
      aria-pressed={liked}
      aria-label={`Like, ${item.likeCount} ${item.likeCount === 1 ? "like" : "likes"}`}
      disabled={session.status === "loading" || item.isHidden}
      onClick={onClick}
    >
      {liked ? (
        <IconHeartFilled size={20} className={surface.pop} aria-hidden />
      ) : (
        <IconHeart size={20} stroke={1.8} aria-hidden />
      )}
      <span className={classes.count}>{item.likeCount}</span>
    </UnstyledButton>
  );
}
