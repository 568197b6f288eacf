import { ActionIcon, UnstyledButton } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { type CSSProperties, useCallback, useEffect, useRef, useState } from "react";
import { photoSrc, photoSrcSet } from "#domain/photo-variants.ts";
import type { ImageDto } from "#domain/photos.ts";
import { placeholderDataUrl } from "#web/lib/image-placeholder.ts";
import { usePhotoLoad } from "#web/lib/use-photo-load.ts";
import classes from "./image-carousel.module.css";

/** Narrowest and widest box a carousel takes, whatever the first photo's shape. */
const MIN_RATIO = 4 / 5;
const MAX_RATIO = 16 / 9;
const DEFAULT_RATIO = 4 / 3;

function carouselAspectRatio(images: Pick<ImageDto, "width" | "height">[]): number {
  const first = images[0];
  if (!first?.width || !first.height) return DEFAULT_RATIO;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, first.width / first.height));
}

interface ImageCarouselProps {
  images: ImageDto[];
  /** Alt text for photos that have none, e.g. the dish name. */
  fallbackAlt: string;
  /** The `sizes` attribute: how wide the carousel is drawn. */
  sizes: string;
  /** Caps the box on wide screens; the aspect ratio still fixes the height before load. */
  maxHeight?: number | string;
  /** Show whole photos (detail view) instead of filling the box (cards). */
  fit?: "cover" | "contain";
  /** Makes each photo a button, e.g. to open the fullscreen viewer. */
  onOpen?: (index: number) => void;
  /** Eager-load the first photo (above the fold). */
  priority?: boolean;
  radius?: number | string;
  className?: string;
}

/**
 * A light, accessible photo carousel: native scroll-snap (so touch swipe, trackpads and momentum
 * come from the browser), arrow buttons and dots only when there is more than one photo. The box
 * is sized from the first photo's width/height before anything loads, so nothing shifts.
 */
export function ImageCarousel({
  images,
  fallbackAlt,
  sizes,
  maxHeight,
  fit = "cover",
  onOpen,
  priority = false,
  radius,
  className,
}: ImageCarouselProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const count = images.length;
  const several = count > 1;

  const onScroll = useCallback(() => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    setIndex(Math.round(track.scrollLeft / track.clientWidth));
  }, []);

  // A shorter list after an edit must not leave the index past the end.
  useEffect(() => {
    if (index > count - 1) setIndex(Math.max(0, count - 1));
  }, [count, index]);

  function go(target: number) {
    const track = trackRef.current;
    if (!track) return;
    const next = Math.max(0, Math.min(count - 1, target));
    track.scrollTo({ left: next * track.clientWidth });
    setIndex(next);
  }

  if (count === 0) return null;

  const style: CSSProperties = {
    aspectRatio: String(carouselAspectRatio(images)),
    maxHeight,
    borderRadius: radius,
  };

  // One photo is just a picture; several form a labelled carousel (WAI-ARIA pattern).
  const carouselProps = several
    ? {
        role: "region",
        "aria-roledescription": "carousel",
        "aria-label": `${count} photos: ${fallbackAlt}`,
      }
    : {};

  return (
    <div
      className={[classes.root, fit === "contain" ? classes.contain : "", className]
        .filter(Boolean)
        .join(" ")}
      style={style}
      {...carouselProps}
    >
      <div
        ref={trackRef}
        className={classes.track}
        onScroll={several ? onScroll : undefined}
        // Keyboard users can scroll the strip with the arrow keys once it has focus.
        tabIndex={several ? 0 : undefined}
      >
        {images.map((image, position) => {
          const placeholder = placeholderDataUrl(image.placeholder);
          const alt = image.alt?.trim() || fallbackAlt;
          const picture = (
            <CarouselImage
              image={image}
              alt={alt}
              sizes={sizes}
              eager={priority && position === 0}
            />
          );
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a div with role group
            <div
              key={image.id}
              className={classes.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={several ? `${position + 1} of ${count}` : undefined}
              aria-hidden={several && position !== index ? true : undefined}
              style={placeholder ? { backgroundImage: `url(${placeholder})` } : undefined}
            >
              {onOpen ? (
                <UnstyledButton
                  className={classes.slideButton}
                  onClick={() => onOpen(position)}
                  aria-label={`View photo ${position + 1} of ${count} full screen`}
                  tabIndex={several && position !== index ? -1 : 0}
                >
                  {picture}
                </UnstyledButton>
              ) : (
                picture
              )}
            </div>
          );
        })}
      </div>

      {several && (
        <>
          <ActionIcon
            className={`${classes.arrow} ${classes.prev}`}
            radius="xl"
            size={34}
            variant="white"
            aria-label="Previous photo"
            disabled={index === 0}
            onClick={() => go(index - 1)}
          >
            <IconChevronLeft size={20} stroke={2.2} />
          </ActionIcon>
          <ActionIcon
            className={`${classes.arrow} ${classes.next}`}
            radius="xl"
            size={34}
            variant="white"
            aria-label="Next photo"
            disabled={index === count - 1}
            onClick={() => go(index + 1)}
          >
            <IconChevronRight size={20} stroke={2.2} />
          </ActionIcon>
          <div className={classes.dots}>
            {images.map((image, position) => (
              <UnstyledButton
                key={image.id}
                className={classes.dot}
                aria-label={`Show photo ${position + 1} of ${count}`}
                aria-current={position === index ? "true" : undefined}
                onClick={() => go(position)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function CarouselImage({
  image,
  alt,
  sizes,
  eager,
}: {
  image: ImageDto;
  alt: string;
  sizes: string;
  eager: boolean;
}) {
  const photo = usePhotoLoad();
  return (
    <img
      key={photo.key}
      {...photo.props}
      className={classes.image}
      src={photoSrc(image)}
      srcSet={photoSrcSet(image)}
      sizes={sizes}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      // The screen's largest paint: ahead of every other image (the server preloads it too).
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
      draggable={false}
    />
  );
}
