import { ActionIcon, Group, Modal } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import {
  IconChevronLeft,
  IconChevronRight,
  IconX,
  IconZoomIn,
  IconZoomOut,
} from "@tabler/icons-react";
import { type PointerEvent, useRef, useState } from "react";
import { photoSrc } from "#domain/photo-variants.ts";
import type { ImageDto } from "#domain/photos.ts";
import { placeholderDataUrl } from "#web/lib/image-placeholder.ts";
import classes from "./image-viewer.module.css";

/** Zoom from 1 to 3 in steps of 0.5. */
const ZOOM = { min: 1, max: 3, step: 0.5 } as const;
/** A horizontal drag longer than this (px) at 100 % turns the page. */
const SWIPE_DISTANCE = 50;

function clampZoom(value: number): number {
  return Math.min(ZOOM.max, Math.max(ZOOM.min, value));
}

/** Previous/next wrap around: after the last photo comes the first. */
function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

interface ImageViewerProps {
  images: ImageDto[];
  /** The photo shown first; null keeps the viewer closed. */
  openIndex: number | null;
  onClose: () => void;
  fallbackAlt: string;
}

/**
 * Fullscreen photo viewer: zoom 100 %–300 % in 50 % steps (buttons, + and − keys), previous and
 * next that wrap around (buttons, arrow keys, swipe), an "n / total" counter, Escape to close.
 * Mantine's Modal traps focus inside and returns it to the photo that opened it. A dialog under
 * the viewer must not close on the same Escape (see ItemDetailDialog).
 */
export function ImageViewer({ images, openIndex, onClose, fallbackAlt }: ImageViewerProps) {
  return (
    <Modal
      opened={openIndex !== null && images.length > 0}
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      zIndex={400}
      padding={0}
      transitionProps={{ transition: "fade", duration: 150 }}
      // The title only names the dialog for screen readers; the header bar itself is hidden.
      classNames={{ content: classes.content, body: classes.body, header: classes.header }}
      title="Photo viewer"
    >
      {openIndex !== null && (
        <ViewerBody
          images={images}
          initialIndex={openIndex}
          onClose={onClose}
          fallbackAlt={fallbackAlt}
        />
      )}
    </Modal>
  );
}

function ViewerBody({
  images,
  initialIndex,
  onClose,
  fallbackAlt,
}: {
  images: ImageDto[];
  initialIndex: number;
  onClose: () => void;
  fallbackAlt: string;
}) {
  const count = images.length;
  const [index, setIndex] = useState(() => wrapIndex(initialIndex, count));
  const [zoom, setZoom] = useState<number>(ZOOM.min);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [dragging, setDragging] = useState(false);
  const pointer = useRef<{ x: number; y: number; panX: number; panY: number } | null>(null);
  const image = images[index];

  function step(delta: number) {
    if (count <= 1) return;
    setIndex((current) => wrapIndex(current + delta, count));
    // Each photo starts whole and centred.
    setZoom(ZOOM.min);
    setPan({ x: 0, y: 0 });
  }

  function zoomBy(delta: number) {
    setZoom((current) => {
      const next = clampZoom(current + delta);
      if (next === ZOOM.min) setPan({ x: 0, y: 0 });
      return next;
    });
  }

  // On the window: focus may rest on the dialog itself after a click on the photo. Escape is the
  // Modal's own (closeOnEscape).
  useWindowEvent("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowLeft") step(-1);
    else if (event.key === "ArrowRight") step(1);
    else if (event.key === "+" || event.key === "=") zoomBy(ZOOM.step);
    else if (event.key === "-" || event.key === "_") zoomBy(-ZOOM.step);
    else return;
    event.preventDefault();
  });

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    pointer.current = { x: event.clientX, y: event.clientY, panX: pan.x, panY: pan.y };
    event.currentTarget.setPointerCapture(event.pointerId);
    if (zoom > ZOOM.min) setDragging(true);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = pointer.current;
    if (!start || zoom === ZOOM.min) return;
    setPan({
      x: start.panX + (event.clientX - start.x) / zoom,
      y: start.panY + (event.clientY - start.y) / zoom,
    });
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = pointer.current;
    pointer.current = null;
    setDragging(false);
    if (!start || zoom !== ZOOM.min) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) > SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
  }

  if (!image) return null;
  const alt = image.alt?.trim() || fallbackAlt;
  const placeholder = placeholderDataUrl(image.placeholder);

  return (
    <div className={classes.shell}>
      <div className={classes.toolbar}>
        <span className={classes.counter} aria-live="polite">
          {index + 1} / {count}
        </span>
        <Group gap={8} wrap="nowrap">
          <ActionIcon
            className={classes.toolButton}
            variant="subtle"
            radius="xl"
            size={40}
            aria-label="Zoom out"
            disabled={zoom <= ZOOM.min}
            onClick={() => zoomBy(-ZOOM.step)}
          >
            <IconZoomOut size={20} />
          </ActionIcon>
          <span className={classes.zoomLabel} aria-live="polite">
            {Math.round(zoom * 100)}%
          </span>
          <ActionIcon
            className={classes.toolButton}
            variant="subtle"
            radius="xl"
            size={40}
            aria-label="Zoom in"
            disabled={zoom >= ZOOM.max}
            onClick={() => zoomBy(ZOOM.step)}
          >
            <IconZoomIn size={20} />
          </ActionIcon>
          <ActionIcon
            className={classes.toolButton}
            variant="subtle"
            radius="xl"
            size={40}
            aria-label="Close photo viewer"
            onClick={onClose}
            data-autofocus
          >
            <IconX size={20} />
          </ActionIcon>
        </Group>
      </div>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: swipe and drag-to-pan gestures; the buttons and keys do the same */}
      <div
        className={classes.stage}
        data-zoomed={zoom > ZOOM.min || undefined}
        data-dragging={dragging || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          pointer.current = null;
          setDragging(false);
        }}
        onDoubleClick={() => zoomBy(zoom >= ZOOM.max ? -(ZOOM.max - ZOOM.min) : ZOOM.step)}
      >
        <div
          className={classes.frame}
          style={{
            transform: `scale(${zoom}) translate(${pan.x}px, ${pan.y}px)`,
            backgroundImage: placeholder ? `url(${placeholder})` : undefined,
            aspectRatio:
              image.width && image.height ? `${image.width} / ${image.height}` : undefined,
          }}
        >
          <img
            key={image.id}
            className={classes.image}
            src={photoSrc(image)}
            width={image.width ?? undefined}
            height={image.height ?? undefined}
            alt={alt}
            draggable={false}
          />
        </div>
      </div>

      {count > 1 && (
        <>
          <ActionIcon
            className={`${classes.toolButton} ${classes.nav} ${classes.navPrev}`}
            variant="subtle"
            radius="xl"
            size={48}
            aria-label="Previous photo"
            onClick={() => step(-1)}
          >
            <IconChevronLeft size={26} />
          </ActionIcon>
          <ActionIcon
            className={`${classes.toolButton} ${classes.nav} ${classes.navNext}`}
            variant="subtle"
            radius="xl"
            size={48}
            aria-label="Next photo"
            onClick={() => step(1)}
          >
            <IconChevronRight size={26} />
          </ActionIcon>
        </>
      )}

      {image.alt?.trim() && <div className={classes.caption}>{image.alt}</div>}
    </div>
  );
}
