import { UnstyledButton, VisuallyHidden } from "@mantine/core";
import {
  IconArticle,
  IconBuildingStore,
  IconDiscount,
  IconPhoto,
  IconToolsKitchen2,
} from "@tabler/icons-react";
import { type ImgHTMLAttributes, type MouseEvent, useId } from "react";
import type { ItemDto } from "#domain/items.ts";
import { photoSrcSet } from "#domain/photo-variants.ts";
import { placeholderDataUrl } from "#web/lib/image-placeholder.ts";
import { usePhotoLoad } from "#web/lib/use-photo-load.ts";
import { HiddenBadge } from "./hidden-badge.tsx";
import classes from "./item-list.module.css";
import { isReviewItem, itemBadge, itemBody } from "./item-meta.ts";
import { ItemRating } from "./item-rating.tsx";

/** Tiles are a third of the 720 px column at most, half the screen on phones. */
const TILE_IMAGE_SIZES = "(max-width: 720px) 50vw, 240px";

const KIND_ICONS = {
  Dish: IconToolsKitchen2,
  Restaurant: IconBuildingStore,
  Post: IconArticle,
  Deal: IconDiscount,
};

/**
 * Whose items a list holds: one person's (tiles name the restaurant) or one restaurant's (tiles
 * name the author, since the restaurant is the page itself).
 */
export type ItemListOwner = "person" | "restaurant";

interface ItemTileProps {
  item: ItemDto;
  owner: ItemListOwner;
  onOpen: (item: ItemDto) => void;
}

/**
 * A review in a grid: the first photo (else the start of its text), the name, the restaurant or
 * the author, and the rating.
 * Clicking anywhere opens it; the name is the keyboard's way in.
 */
export function ItemTile({ item, owner, onOpen }: ItemTileProps) {
  const titleId = useId();
  const review = isReviewItem(item) ? item : null;
  const photo = item.images[0];
  const placeholder = placeholderDataUrl(photo?.placeholder);
  const KindIcon = KIND_ICONS[itemBadge(item)];
  const body = itemBody(item);
  const caption =
    owner === "restaurant"
      ? item.userName
      : review?.reviewType === "dish"
        ? review.restaurant.name
        : null;

  function onTileClick(event: MouseEvent<HTMLElement>) {
    if ((event.target as Element).closest("button, a")) return;
    onOpen(item);
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title button is the keyboard path to the same action
    <article className={classes.tile} aria-labelledby={titleId} onClick={onTileClick}>
      <div
        className={classes.tileMedia}
        style={placeholder ? { backgroundImage: `url(${placeholder})` } : undefined}
      >
        {photo ? (
          <TilePhoto
            src={photo.url480 || photo.url}
            srcSet={photoSrcSet(photo)}
            sizes={TILE_IMAGE_SIZES}
            alt={photo.alt?.trim() || item.title}
            loading="lazy"
            decoding="async"
          />
        ) : body ? (
          // Without a photo the words fill the square, so reviews of one place tell apart.
          <p className={classes.tileQuote}>{body}</p>
        ) : (
          <KindIcon size={32} stroke={1.4} aria-hidden className={classes.tileIcon} />
        )}
        {item.isHidden && <HiddenBadge className={classes.tileHidden} size="sm" />}
        {item.images.length > 1 && (
          <span className={classes.tileCount}>
            <IconPhoto size={12} aria-hidden />
            <span>{item.images.length}</span>
            <VisuallyHidden> photos</VisuallyHidden>
          </span>
        )}
      </div>
      <div className={classes.tileBody}>
        <UnstyledButton className={classes.tileTitleButton} onClick={() => onOpen(item)}>
          <h3 className={classes.tileTitle} id={titleId}>
            {item.title}
          </h3>
        </UnstyledButton>
        {caption && <p className={classes.tileCaption}>{caption}</p>}
        {review && <ItemRating review={review} size={14} />}
      </div>
    </article>
  );
}

/** A tile's photo over its placeholder: hidden while it fails (see usePhotoLoad). */
function TilePhoto({ alt, ...props }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const photo = usePhotoLoad();
  return <img key={photo.key} alt={alt} {...props} {...photo.props} />;
}
