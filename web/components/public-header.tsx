import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { ColorSchemeToggle } from "#web/components/color-scheme-toggle.tsx";
import classes from "./public-header.module.css";
import { TastedLogo } from "./tasted-logo.tsx";

interface PublicHeaderProps {
  /** Shown after the wordmark (the landing page's "Add to Mobile"). */
  start?: ReactNode;
  /** Shown before the colour-scheme toggle (sign-in actions or the signed-in user). */
  end?: ReactNode;
  /** Hide the wordmark below 768 px, where the landing page needs the width for its actions. */
  hideBrandOnMobile?: boolean;
}

/** Top bar of the public pages (landing, terms, install, 404): wordmark home, theme toggle. */
export function PublicHeader({ start, end, hideBrandOnMobile = false }: PublicHeaderProps) {
  const brandClass = hideBrandOnMobile
    ? `${classes.brand} ${classes.brandDesktopOnly}`
    : classes.brand;
  return (
    <Box component="header" className={classes.header}>
      <div className={classes.inner}>
        <div className={classes.start}>
          <Link to={screenPaths.landing} className={brandClass} aria-label="Tasted home">
            <TastedLogo size={32} />
            <span className={classes.wordmark}>Tasted</span>
          </Link>
          {start}
        </div>
        <div className={classes.end}>
          <ColorSchemeToggle />
          {end}
        </div>
      </div>
    </Box>
  );
}
