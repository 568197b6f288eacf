import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import classes from "./public-footer.module.css";
import { TastedLogo } from "./tasted-logo.tsx";

/** Footer of the public pages: the legal and install links every visitor may look for. */
export function PublicFooter() {
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <Link to={screenPaths.landing} className={classes.brand} aria-label="Tasted home">
          <TastedLogo size={24} />
          <span>Tasted</span>
        </Link>
        <nav aria-label="Footer">
          <ul className={classes.links}>
            <li>
              <Link to={screenPaths.terms} className={classes.link}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to={screenPaths.install} className={classes.link}>
                Install the app
              </Link>
            </li>
            <li>
              <Link to={screenPaths.explore} className={classes.link}>
                Explore
              </Link>
            </li>
          </ul>
        </nav>
        {/* The landing page's prerendered copy has the build's year; a new one replaces it. */}
        <p className={classes.copy} suppressHydrationWarning>
          © {new Date().getFullYear()} Tasted
        </p>
      </div>
    </footer>
  );
}
