import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { screenPaths } from "#domain/screen-paths.ts";
import { mainContentProps } from "#web/components/skip-link.tsx";
import { PublicFooter } from "./public-footer.tsx";
import { PublicHeader } from "./public-header.tsx";
import classes from "./public-page.module.css";

interface PublicPageProps {
  /** The widest the content may grow: reading pages stay narrow, showcase pages go wide. */
  maxWidth: number;
  children: ReactNode;
}

/** Frame of a public content page (install, terms): header, a way back home, footer. */
export function PublicPage({ maxWidth, children }: PublicPageProps) {
  return (
    <>
      <PublicHeader />
      <main {...mainContentProps} className={`${classes.palette} ${classes.main}`}>
        <div className={classes.container} style={{ maxWidth }}>
          <Link to={screenPaths.landing} className={classes.back}>
            <IconArrowLeft size={18} stroke={1.8} aria-hidden="true" />
            Back to home
          </Link>
          {children}
        </div>
      </main>
      <PublicFooter />
    </>
  );
}
