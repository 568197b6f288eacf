import type { MouseEvent } from "react";
import classes from "./skip-link.module.css";

/**
 * What every screen's <main> carries, so "Skip to content" lands there: the id the link names
 * and a tabindex that lets focus rest on it (the next Tab then goes to its first control).
 */
export const mainContentProps = { id: "main-content", tabIndex: -1 } as const;

/**
 * "Skip to content": the first thing Tab reaches on every screen, shown only while focused,
 * for keyboard users to pass the header and navigation. Focus moves to the main content
 * without writing #main-content into the address.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(mainContentProps.id);
    if (!main) return;
    event.preventDefault();
    main.focus();
  }
  return (
    <a href={`#${mainContentProps.id}`} className={classes.link} onClick={skip}>
      Skip to content
    </a>
  );
}
