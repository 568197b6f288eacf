import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { TastedLogo } from "./tasted-logo.tsx";
import classes from "./tasted-wordmark.module.css";

interface TastedWordmarkProps {
  /** "md" in the public header bar, "lg" above the account screens' card. */
  size?: "md" | "lg";
  className?: string;
}

/** The app mark (as in public/favicon.svg) and the "Tasted" wordmark, linking home. */
export function TastedWordmark({ size = "md", className }: TastedWordmarkProps) {
  return (
    <Link
      to={screenPaths.landing}
      className={className ? `${classes.brand} ${className}` : classes.brand}
      data-size={size}
      aria-label="Tasted home"
    >
      <TastedLogo size={size === "lg" ? 36 : 32} />
      <span className={classes.wordmark}>Tasted</span>
    </Link>
  );
}
