import type { CSSProperties } from "react";
import classes from "./restaurant-initial.module.css";

/** A restaurant's stand-in picture: the first letter of its name on the brand colour. */
export function RestaurantInitial({ name, size }: { name: string; size: number }) {
  return (
    <span
      className={classes.initial}
      style={{ "--initial-size": `${size}px` } as CSSProperties}
      aria-hidden
    >
      {name.trim().charAt(0).toUpperCase() || "R"}
    </span>
  );
}
