import { Button } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconHome, IconSearch } from "@tabler/icons-react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { PublicFooter } from "#web/components/public-footer.tsx";
import { PublicHeader } from "#web/components/public-header.tsx";
import shared from "#web/components/public-page.module.css";
import { mainContentProps } from "#web/components/skip-link.tsx";
import classes from "./not-found-page.module.css";

/** An empty plate between a fork and a knife: nothing was served at this address. */
function EmptyPlate() {
  return (
    <svg
      className={classes.art}
      viewBox="0 0 260 190"
      width="260"
      height="190"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse className={classes.shadow} cx="130" cy="170" rx="96" ry="10" />
      {/* fork */}
      <g className={classes.cutlery}>
        <rect x="30" y="44" width="6" height="36" rx="3" />
        <rect x="40" y="44" width="6" height="36" rx="3" />
        <rect x="50" y="44" width="6" height="36" rx="3" />
        <path d="M28 74h30v6a15 15 0 0 1-15 15 15 15 0 0 1-15-15z" />
        <rect x="38" y="90" width="10" height="72" rx="5" />
      </g>
      {/* knife */}
      <g className={classes.cutlery}>
        <path d="M214 44c10 8 14 26 12 50h-12z" />
        <rect x="212" y="90" width="10" height="72" rx="5" />
      </g>
      {/* plate */}
      <circle className={classes.plate} cx="130" cy="110" r="62" />
      <circle className={classes.plateRim} cx="130" cy="110" r="45" />
      <circle className={classes.crumb} cx="116" cy="120" r="2.5" />
      <circle className={classes.crumb} cx="141" cy="126" r="2" />
      <circle className={classes.crumb} cx="132" cy="100" r="1.6" />
      {/* a question rising like steam */}
      <path
        className={classes.steam}
        d="M104 38c-6-8 6-14 0-22M156 38c-6-8 6-14 0-22"
        fill="none"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <text className={classes.question} x="130" y="54" textAnchor="middle">
        ?
      </text>
    </svg>
  );
}

/** Any unknown path: "Oops! Page not found" with a way home. */
export function NotFoundPage() {
  useDocumentTitle("Page not found · Tasted");
  return (
    <div className={classes.page}>
      <PublicHeader />
      <main {...mainContentProps} className={`${shared.palette} ${classes.main}`}>
        <div className={classes.content}>
          <EmptyPlate />
          <p className={classes.code}>404</p>
          <h1 className={`${shared.display} ${classes.title}`}>Oops! Page not found</h1>
          <p className={classes.text}>
            We looked everywhere, even under the table. This page may have moved, or the link is no
            longer on the menu.
          </p>
          <div className={classes.actions}>
            <Button
              component={Link}
              to={screenPaths.landing}
              size="md"
              color="paprika.8"
              leftSection={<IconHome size={18} stroke={1.8} aria-hidden="true" />}
            >
              Go home
            </Button>
            <Button
              component={Link}
              to={screenPaths.explore}
              size="md"
              variant="default"
              leftSection={<IconSearch size={18} stroke={1.8} aria-hidden="true" />}
            >
              Explore dishes
            </Button>
          </div>
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
