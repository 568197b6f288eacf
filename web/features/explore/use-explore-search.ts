import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { ExplorePageTab } from "#domain/search.ts";
import { EXPLORE_DEBOUNCE_MS, explorePageTabs } from "#domain/search-rules.ts";
import { SEARCH_TEXT_MAX } from "#domain/text-input-rules.ts";

const DEFAULT_TAB: ExplorePageTab = "dishes";

function isExploreTab(value: string | null): value is ExplorePageTab {
  return explorePageTabs.some((tab) => tab === value);
}

/**
 * A search as the server takes it: trimmed, without NUL, at most SEARCH_TEXT_MAX characters
 * (a hand-edited address could hold anything).
 */
function cleanQuery(text: string): string {
  return text.replaceAll("\0", "").trim().slice(0, SEARCH_TEXT_MAX).trim();
}

/** The text the landing page's search box hands over as navigation state, if any. */
function handedOverQuery(state: unknown): string | null {
  const query = (state as { query?: unknown } | null)?.query;
  return typeof query === "string" && cleanQuery(query) ? cleanQuery(query) : null;
}

/**
 * Explore's search as the address holds it (`/explore?q=…&tab=…`), so reload, back/forward and
 * shared links keep it. The box answers every keystroke; the address (and so the search) takes
 * the text once typing pauses, replacing its entry rather than adding one per search. Switching
 * tabs adds an entry, so back returns to the previous tab. Text handed over by the landing page
 * fills the box and the address at once.
 */
export function useExploreSearch() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get("tab");
  const tab = isExploreTab(requestedTab) ? requestedTab : DEFAULT_TAB;
  const handedOver = handedOverQuery(location.state);
  /** The search the results show: the address's, or the landing page's until the address has it. */
  const query = handedOver ?? cleanQuery(searchParams.get("q") ?? "");
  const [text, setText] = useState(query);
  // The last search this hook put in the address, so its own writes are not taken for a move
  // back or forward (which must refill the box).
  const written = useRef(query);

  const writeQuery = useDebouncedCallback((value: string) => {
    written.current = value;
    setSearchParams(
      (params) => {
        if (value) params.set("q", value);
        else params.delete("q");
        return params;
      },
      { replace: true },
    );
  }, EXPLORE_DEBOUNCE_MS);

  // The landing page's text moves into the address; the state goes, so back and reload read
  // the address like any other visit.
  useEffect(() => {
    if (handedOver === null) return;
    setSearchParams(
      (params) => {
        params.set("q", handedOver);
        return params;
      },
      { replace: true, state: null },
    );
  }, [handedOver, setSearchParams]);

  // Back, forward or a link changed the search: the box shows it, and typing in flight is dropped.
  useEffect(() => {
    if (query === written.current) return;
    written.current = query;
    writeQuery.cancel();
    setText(query);
  }, [query, writeQuery]);

  return {
    tab,
    query,
    text,
    setText: (value: string) => {
      setText(value);
      writeQuery(cleanQuery(value));
    },
    /** Searches what the box holds now (Enter), without waiting for the pause. */
    searchNow: () => writeQuery.flush(),
    openTab: (value: string | null) => {
      if (!isExploreTab(value) || value === tab) return;
      // The search typed so far goes into the current entry and the new one.
      writeQuery.flush();
      setSearchParams((params) => {
        if (written.current) params.set("q", written.current);
        else params.delete("q");
        if (value === DEFAULT_TAB) params.delete("tab");
        else params.set("tab", value);
        return params;
      });
    },
  };
}
