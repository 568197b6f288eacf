import { Alert, Divider, Group, Text } from "@mantine/core";
import { IconEyeOff, IconMessageCircle } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import type { ItemDto } from "#domain/items.ts";
import { ImageCarousel } from "#web/components/image-carousel.tsx";
import { ImageViewer } from "#web/components/image-viewer.tsx";
import { CommentSection } from "#web/features/comments/components/comment-section.tsx";
import { MentionText } from "#web/features/mentions/components/mention-text.tsx";
import { DealWhen } from "./deal-when.tsx";
import { DeleteItemDialog } from "./delete-item-dialog.tsx";
import { ItemByline } from "./item-byline.tsx";
import classes from "./item-detail.module.css";
import { ItemKeepActions } from "./item-keep-actions.tsx";
import { ItemMenu } from "./item-menu.tsx";
import { isReviewItem, itemBadge, itemBody, itemVisited } from "./item-meta.ts";
import { ItemRating } from "./item-rating.tsx";
import { KindBadge } from "./kind-badge.tsx";
import { LikeButton } from "./like-button.tsx";
import { RestaurantLink } from "./restaurant-link.tsx";

const DETAIL_IMAGE_SIZES = "(max-width: 768px) 100vw, 760px";

// The edit dialogs carry the forms and load when their owner first opens one: everyone else
// reads the item (and its comments) without them.
const ReviewDialog = lazy(async () => ({
  default: (await import("#web/features/reviews/components/review-dialog.tsx")).ReviewDialog,
}));
const EditPostDialog = lazy(async () => ({
  default: (await import("#web/features/posts/components/edit-post-dialog.tsx")).EditPostDialog,
}));

/**
 * The whole of one item: photos (opening the fullscreen viewer), text, rating, cost,
 * like and comments. Shared by the feed's detail dialog and the /view/{type}/{id} page.
 */
export function ItemDetail({ item, onDeleted }: { item: ItemDto; onDeleted?: () => void }) {
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  // Once opened, an edit dialog stays mounted so that closing it animates.
  const [edited, setEdited] = useState(false);
  if (editing && !edited) setEdited(true);
  const [deleting, setDeleting] = useState(false);
  const review = isReviewItem(item) ? item : null;
  const badge = itemBadge(item);
  const body = itemBody(item);
  const visited = itemVisited(item);

  return (
    <article className={classes.root} aria-label={item.title}>
      <Group gap="sm" wrap="nowrap">
        <ItemByline item={item} avatarSize={44} />
        <KindBadge kind={badge} />
        <ItemMenu
          item={item}
          manage={{
            // A deal is not edited: a changed deal is another deal.
            onEdit: item.itemType === "deal" ? undefined : () => setEditing(true),
            onDelete: () => setDeleting(true),
          }}
          onAuthorBlocked={onDeleted}
        />
      </Group>

      {item.isHidden && (
        <Alert
          color="red"
          variant="light"
          radius="md"
          icon={<IconEyeOff size={20} aria-hidden />}
          title="Hidden by a moderator"
        >
          Only you can see this {item.itemType}. It can't be liked or commented on.
        </Alert>
      )}

      {item.images.length > 0 && (
        <ImageCarousel
          images={item.images}
          fallbackAlt={item.title}
          sizes={DETAIL_IMAGE_SIZES}
          maxHeight="min(70vh, 620px)"
          priority
          className={classes.media}
          onOpen={setViewerIndex}
        />
      )}

      <div>
        <h2 className={classes.title}>{item.title}</h2>
        {item.itemType === "deal" && <DealWhen deal={item} />}
        <RestaurantLink item={item} />
      </div>

      {review && <ItemRating review={review} size={20} />}
      {visited && review && (
        <Text size="sm" c="dimmed">
          <time dateTime={review.visitedOn}>{visited}</time>
        </Text>
      )}

      {body && (
        <p className={classes.body}>
          <MentionText text={body} mentions={item.mentions} />
        </p>
      )}

      <div className={classes.actions}>
        <LikeButton item={item} />
        <span className={classes.commentCount}>
          <IconMessageCircle size={20} stroke={1.8} aria-hidden />
          <span>
            {item.commentCount} {item.commentCount === 1 ? "comment" : "comments"}
          </span>
        </span>
        <ItemKeepActions item={item} />
      </div>

      <Divider />

      <CommentSection
        kind={item.itemType}
        itemId={item.id}
        commentCount={item.commentCount}
        closed={item.isHidden}
      />

      {item.isOwner && edited && (
        <Suspense fallback={null}>
          {item.itemType === "review" ? (
            <ReviewDialog
              opened={editing}
              onClose={() => setEditing(false)}
              mode="edit"
              reviewType={item.reviewType}
              review={item}
            />
          ) : item.itemType === "post" ? (
            <EditPostDialog opened={editing} onClose={() => setEditing(false)} post={item} />
          ) : null}
        </Suspense>
      )}
      {item.isOwner && (
        <DeleteItemDialog
          opened={deleting}
          onClose={() => setDeleting(false)}
          kind={item.itemType}
          itemId={item.id}
          onDeleted={onDeleted}
        />
      )}

      <ImageViewer
        images={item.images}
        openIndex={viewerIndex}
        onClose={() => setViewerIndex(null)}
        fallbackAlt={item.title}
      />
    </article>
  );
}
