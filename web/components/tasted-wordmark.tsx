import { Link } from "react-router";
import classes from "./centered-card.module.css";
import { TastedLogo } from "./tasted-logo.tsx";

/** The app mark (as in public/favicon.svg) and the "Tasted" wordmark, linking home. */
export function TastedWordmark() {
  return (
    <Link to="/" className={classes.brand} aria-label="Tasted home">
      <TastedLogo size={36} />
      <span className={classes.wordmark}>Tasted</span>
    </Link>
  );
}
