import { ActionIcon } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconListDetails, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { ItemDto } from "#domain/items.ts";
import type { ListDetailDto, ListEntryDto } from "#domain/lists.ts";
import { listMessages } from "#domain/lists-rules.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PlacePicture } from "#web/components/place-picture.tsx";
import { RestaurantPinLink } from "#web/components/restaurant-pin-link.tsx";
import { StarRating } from "#web/components/star-rating.tsx";
import surface from "#web/components/surface.module.css";
import { ItemCard } from "#web/features/items/components/item-card.tsx";
import { ItemDetailDialog } from "#web/features/items/components/item-detail-dialog.tsx";
import { useOpenItem } from "#web/features/items/use-open-item.ts";
import { useRemoveListEntry, useReorderList } from "#web/features/lists/api/use-list-mutations.ts";
import { oneDecimal } from "#web/lib/restaurant-links.ts";
import { toast } from "#web/lib/toast.ts";
import classes from "./list-page.module.css";

type Direction = "up" | "down";

/** What an entry is called in its buttons' names: the review's title, or the restaurant's name. */
function entryName(entry: ListEntryDto): string {
  return entry.review?.title ?? entry.restaurant.name;
}

/** The entries with the one at `index` swapped with its neighbour in `direction`. */
function moved(entries: ListEntryDto[], index: number, direction: Direction): ListEntryDto[] {
  const other = direction === "up" ? index - 1 : index + 1;
  const next = [...entries];
  [next[index], next[other]] = [next[other] as ListEntryDto, next[index] as ListEntryDto];
  return next;
}

/**
 * Every entry in the list's order: reviews as the item cards, restaurants as a compact card. The
 * owner moves each up or down and removes it; a moved entry keeps keyboard focus on its button.
 */
export function ListEntries({ detail }: { detail: ListDetailDto }) {
  const { list, entries } = detail;
  const reviews = entries.flatMap((entry) => (entry.review ? [entry.review] : []));
  const open = useOpenItem(reviews);
  const reorder = useReorderList(list.id);
  const remove = useRemoveListEntry(list.id);
  const [lastMove, setLastMove] = useState<{
    entryId: string;
    direction: Direction;
    to: number;
  } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  // Once the moved entry shows in its new place, focus goes back to the button pressed, or to
  // the other one when the entry reached an end and this one is off (a disabled button loses
  // focus). Only once: a later re-read of the list leaves focus where the person put it.
  useEffect(() => {
    if (!lastMove || entries[lastMove.to]?.id !== lastMove.entryId) return;
    setLastMove(null);
    const tools = listRef.current?.querySelector(`[data-entry="${CSS.escape(lastMove.entryId)}"]`);
    const wanted = tools?.querySelector<HTMLButtonElement>(`[data-move="${lastMove.direction}"]`);
    const target =
      wanted && !wanted.disabled
        ? wanted
        : tools?.querySelector<HTMLElement>("[data-move]:not(:disabled)");
    target?.focus();
  }, [lastMove, entries]);

  if (entries.length === 0) {
    return (
      <EmptyState
        icon={<IconListDetails size={28} stroke={1.6} />}
        title={list.isOwner ? listMessages.emptyOwn : listMessages.empty}
      />
    );
  }

  function move(index: number, direction: Direction) {
    const entry = entries[index];
    if (!entry) return;
    reorder.mutate(moved(entries, index, direction));
    setLastMove({ entryId: entry.id, direction, to: direction === "up" ? index - 1 : index + 1 });
  }

  return (
    <>
      <ol className={classes.entries} aria-label={list.name} ref={listRef}>
        {entries.map((entry, index) => (
          <li key={entry.id} className={classes.entry}>
            {entry.review ? (
              <ItemCard item={entry.review} onOpen={(item: ItemDto) => open.open(item)} />
            ) : (
              <PlaceCard entry={entry} />
            )}
            {list.isOwner && (
              <div className={classes.entryTools} data-entry={entry.id}>
                {/* The list's own numbers are read out; this one is for the eye. */}
                <span className={classes.position} aria-hidden>
                  {index + 1}
                </span>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  radius="xl"
                  data-move="up"
                  aria-label={`Move ${entryName(entry)} up`}
                  disabled={index === 0}
                  onClick={() => move(index, "up")}
                >
                  <IconArrowUp size={18} stroke={1.8} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  radius="xl"
                  data-move="down"
                  aria-label={`Move ${entryName(entry)} down`}
                  disabled={index === entries.length - 1}
                  onClick={() => move(index, "down")}
                >
                  <IconArrowDown size={18} stroke={1.8} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  radius="xl"
                  aria-label={`Remove ${entryName(entry)} from ${list.name}`}
                  onClick={() =>
                    remove.mutate(entry, {
                      onSuccess: () => toast.success(listMessages.removed(list.name)),
                    })
                  }
                >
                  <IconTrash size={18} stroke={1.8} aria-hidden />
                </ActionIcon>
              </div>
            )}
          </li>
        ))}
      </ol>
      <ItemDetailDialog item={open.selected} onClose={open.close} />
    </>
  );
}

const PICTURE_SIZE = 72;

/** A restaurant in a list: its photo (else initial), name to its page, address and rating. */
function PlaceCard({ entry }: { entry: ListEntryDto }) {
  const { restaurant } = entry;
  return (
    <article className={`${surface.rowSurface} ${classes.place}`} aria-label={restaurant.name}>
      <PlacePicture
        photoUrl={entry.photoUrl}
        restaurantName={restaurant.name}
        size={PICTURE_SIZE}
      />
      <div className={classes.placeText}>
        <h3 className={surface.entryName}>
          <Link to={screenPaths.restaurant(restaurant)} className={surface.entryLink}>
            {restaurant.name}
          </Link>
        </h3>
        {restaurant.address && (
          <RestaurantPinLink restaurant={restaurant} label={restaurant.address} />
        )}
        {entry.placeRating !== null && (
          <span className={classes.rating}>
            <StarRating value={entry.placeRating} size={14} />
            {oneDecimal(entry.placeRating)}
          </span>
        )}
      </div>
    </article>
  );
}
