import { IconToolsKitchen2 } from "@tabler/icons-react";
import type { CSSProperties } from "react";
import classes from "./place-picture.module.css";
import { RestaurantInitial } from "./restaurant-initial.tsx";

interface PlacePictureProps {
  photoUrl: string | null;
  /** Whose initial stands in for a restaurant without a photo. */
  restaurantName: string;
  /** A dish without a photo shows the dish icon instead of the restaurant's initial. */
  dish?: boolean;
  size: number;
}

/**
 * The square picture of a saved or listed place: its photo, else the dish icon for a dish, else
 * the restaurant's initial. The name beside it says what it shows, so it is never announced.
 */
export function PlacePicture({ photoUrl, restaurantName, dish = false, size }: PlacePictureProps) {
  const style = { "--place-picture-size": `${size}px` } as CSSProperties;
  if (photoUrl) {
    return (
      <img
        className={classes.picture}
        style={style}
        src={photoUrl}
        width={size}
        height={size}
        alt=""
        loading="lazy"
        decoding="async"
      />
    );
  }
  if (dish) {
    return (
      <span className={`${classes.picture} ${classes.dish}`} style={style} aria-hidden>
        <IconToolsKitchen2 size={28} stroke={1.5} />
      </span>
    );
  }
  return <RestaurantInitial name={restaurantName} size={size} />;
}
