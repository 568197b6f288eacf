import { ActionIcon, Divider, Group, Menu, VisuallyHidden } from "@mantine/core";
import {
  IconDots,
  IconMapPin,
  IconMessageCircle,
  IconPencil,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { ImageCarousel } from "#web/components/image-carousel.tsx";
import { ImageViewer } from "#web/components/image-viewer.tsx";
import { StarRating } from "#web/components/star-rating.tsx";
import { CommentSection } from "#web/features/comments/components/comment-section.tsx";
import { DeletePostDialog } from "#web/features/posts/components/delete-post-dialog.tsx";
import { EditPostDialog } from "#web/features/posts/components/edit-post-dialog.tsx";
import { DeleteReviewDialog } from "#web/features/reviews/components/delete-review-dialog.tsx";
import { ReviewDialog } from "#web/features/reviews/components/review-dialog.tsx";
import type { FeedItem } from "../api/feed-queries.ts";
import cardClasses from "./feed-card.module.css";
import { ItemByline } from "./item-byline.tsx";
import classes from "./item-detail.module.css";
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

const DETAIL_IMAGE_SIZES = "(max-width: 768px) 100vw, 760px";

/**
 * The whole of one review or post: photos (opening the fullscreen viewer), text, rating, cost,
 * like and comments. Shared by the feed's detail dialog and the /view/{type}/{id} page.
 */
export function ItemDetail({ item, onDeleted }: { item: FeedItem; onDeleted?: () => void }) {
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const review = isReviewItem(item) ? item : null;
  const badge = itemBadge(item);
  const body = itemBody(item);
  const cost = itemCost(item);

  return (
    <article className={classes.root} aria-label={item.title}>
      <Group gap="sm" wrap="nowrap">
        <ItemByline item={item} avatarSize={44} />
        <KindBadge kind={badge} />
        {item.isOwner && (
          <Menu position="bottom-end" withinPortal zIndex={350}>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={item.itemType === "review" ? "Review options" : "Post options"}
              >
                <IconDots size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                Edit
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDeleting(true)}
              >
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>

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
        {item.restaurant && (
          <Link to={restaurantPath(item.restaurant)} className={cardClasses.restaurant}>
            <IconMapPin size={15} stroke={2} aria-hidden style={{ flexShrink: 0 }} />
            <span className={cardClasses.restaurantName}>
              {review?.reviewType === "restaurant"
                ? item.restaurant.address || item.restaurant.name
                : item.restaurant.name}
            </span>
          </Link>
        )}
      </div>

      {review && (
        <div className={cardClasses.ratingRow}>
          <StarRating value={review.rating} size={20} />
          {cost && (
            <span className={cardClasses.cost}>
              <span aria-hidden>{cost}</span>
              <VisuallyHidden>{itemCostLabel(item)}</VisuallyHidden>
            </span>
          )}
        </div>
      )}

      {body && <p className={classes.body}>{body}</p>}

      <div className={classes.actions}>
        <LikeButton item={item} />
        <span className={classes.commentCount}>
          <IconMessageCircle size={20} stroke={1.8} aria-hidden />
          <span>
            {item.commentCount} {item.commentCount === 1 ? "comment" : "comments"}
          </span>
        </span>
      </div>

      <Divider />

      <CommentSection kind={item.itemType} itemId={item.id} commentCount={item.commentCount} />

      {item.isOwner && item.itemType === "review" && (
        <>
          <ReviewDialog
            opened={editing}
            onClose={() => setEditing(false)}
            mode="edit"
            reviewType={item.reviewType}
            review={item}
          />
          <DeleteReviewDialog
            opened={deleting}
            onClose={() => setDeleting(false)}
            reviewId={item.id}
            onDeleted={onDeleted}
          />
        </>
      )}
      {item.isOwner && item.itemType === "post" && (
        <>
          <EditPostDialog opened={editing} onClose={() => setEditing(false)} post={item} />
          <DeletePostDialog
            opened={deleting}
            onClose={() => setDeleting(false)}
            postId={item.id}
            onDeleted={onDeleted}
          />
        </>
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
