import { ActionIcon } from "@mantine/core";
import { IconMessage2, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import type { WantToTryEntryDto } from "#domain/want-to-try.ts";
import { wantToTryMessages } from "#domain/want-to-try-rules.ts";
import { PlacePicture } from "#web/components/place-picture.tsx";
import { RestaurantPinLink } from "#web/components/restaurant-pin-link.tsx";
import surface from "#web/components/surface.module.css";
import { formatDate, isoDateTime } from "#web/lib/format-date.ts";
import { useRemoveWantToTryEntry } from "../api/use-want-to-try-mutations.ts";
import classes from "./want-to-try.module.css";

const PICTURE_SIZE = 64;

/**
 * One saved restaurant or dish: its photo (else the restaurant's initial or a dish icon), the
 * dish and the restaurant (a link to its page), when it was saved or tried, the review that
 * tried it, and Remove.
 */
export function WantToTryEntry({ entry }: { entry: WantToTryEntryDto }) {
  const remove = useRemoveWantToTryEntry();
  const { restaurant } = entry;
  const dishName = entry.kind === "dish" ? entry.dishName : null;
  const name = dishName ?? restaurant.name;
  const restaurantPath = screenPaths.restaurant(restaurant);
  const when = entry.triedAt ?? entry.savedAt;

  return (
    <li className={`${surface.rowSurface} ${classes.entry}`}>
      <PlacePicture
        photoUrl={entry.photoUrl}
        restaurantName={restaurant.name}
        dish={entry.kind === "dish"}
        size={PICTURE_SIZE}
      />
      <div className={classes.text}>
        {dishName ? (
          <>
            <h3 className={surface.entryName}>{dishName}</h3>
            <RestaurantPinLink restaurant={restaurant} />
          </>
        ) : (
          <>
            <h3 className={surface.entryName}>
              <Link to={restaurantPath} className={surface.entryLink}>
                {restaurant.name}
              </Link>
            </h3>
            {restaurant.address && (
              <span className={`${classes.address} ${classes.ellipsis}`}>{restaurant.address}</span>
            )}
          </>
        )}
        <div className={classes.meta}>
          <span>
            {entry.triedAt ? "Tried" : "Saved"}{" "}
            <time dateTime={isoDateTime(when)}>{formatDate(when)}</time>
          </span>
          {entry.triedReviewId && (
            <Link
              to={screenPaths.view(entry.kind, entry.triedReviewId)}
              className={surface.pinLink}
            >
              <IconMessage2 size={14} stroke={2} aria-hidden />
              Your review
            </Link>
          )}
        </div>
      </div>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        className={classes.remove}
        aria-label={`Remove ${name} from ${wantToTryMessages.tabLabel}`}
        disabled={remove.isPending}
        onClick={() => remove.mutate(entry)}
      >
        <IconTrash size={18} stroke={1.8} aria-hidden />
      </ActionIcon>
    </li>
  );
}
