import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import classes from "./centered-card.module.css";
import { TastedLogo } from "./tasted-logo.tsx";

/** The app mark (as in public/favicon.svg) and the "Tasted" wordmark, linking home. */
export function TastedWordmark() {
  return (
    <Link to={screenPaths.landing} className={classes.brand} aria-label="Tasted home">
      <TastedLogo size={36} />
      <span className={classes.wordmark}>Tasted</span>
    </Link>
  );
}
