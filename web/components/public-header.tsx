import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import { ColorSchemeToggle } from "#web/components/color-scheme-toggle.tsx";
import classes from "./public-header.module.css";
import { TastedWordmark } from "./tasted-wordmark.tsx";

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
  return (
    <Box component="header" className={classes.header}>
      <div className={classes.inner}>
        <div className={classes.start}>
          <TastedWordmark className={hideBrandOnMobile ? classes.brandDesktopOnly : undefined} />
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
