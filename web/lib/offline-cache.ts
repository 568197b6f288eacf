import {
  type DehydratedState,
  defaultShouldDehydrateQuery,
  dehydrate,
  hydrate,
  type QueryClient,
} from "@tanstack/react-query";
import { del, get, set } from "idb-keyval";
import { adminKeys, positionKeys } from "./query-keys.ts";
import { forgetOthersWaitingReviews, forgetWaitingReviews } from "./waiting-reviews.ts";

/**
 * The signed-in person's query cache, kept in IndexedDB under their user id, so a screen opened
 * without a network shows what they saw last (docs/decisions/0022). SessionProvider hands it
 * whoever is signed in; loaded only then, never for a visitor.
 */

/** What is stored for one person. */
interface SavedCache {
  savedAt: number;
  /** The build that saved it: another build's screens may expect other shapes, so it is dropped. */
  build: string;
  state: DehydratedState;
}

const BUILD: string = import.meta.env.TASTED_BUILD ?? "dev";

/** Older than this, what was seen is dropped rather than shown (the in-memory gcTime matches). */
const MAX_AGE_MS = 24 * 60 * 60_000;

/** Changes are written at most this often: each write stores the whole cache. */
const SAVE_DELAY_MS = 1_000;

const storageKey = (userId: string) => `tasted-query-cache:${userId}`;

interface Followed {
  userId: string;
  stop: () => void;
}

let followed: Followed | undefined;

/**
 * Keeps the cache of `userId` (null: nobody signed in): restores what was saved for them, then
 * saves every change. When the person changes (sign-out, the server ending the session, someone
 * else signing in), the previous person's saved cache is deleted and nothing pending for them
 * is written any more; the caller clears the in-memory cache. Someone signing in also ends
 * whatever reviews another person left waiting here: they are never sent as, nor shown to, them.
 */
export function followUser(queryClient: QueryClient, userId: string | null): void {
  if (followed?.userId === userId) return;
  if (followed) forgetUser(followed.userId);
  if (userId) {
    forgetOthersWaitingReviews(userId);
    followed = follow(queryClient, userId);
  }
}

/**
 * Deletes the reads saved for `userId`, e.g. the last person here when the server says nobody
 * is. The reviews they wrote offline stay (web/lib/waiting-reviews.ts): a session the server
 * ended is not the person leaving, and they are sent once the same person signs in again.
 */
export function forgetUser(userId: string): void {
  if (followed?.userId === userId) {
    followed.stop();
    followed = undefined;
  }
  void del(storageKey(userId)).catch(() => undefined);
}

/** `userId` signed out here: their saved reads go, and the reviews they left waiting too. */
export function forgetSignedOutUser(userId: string): void {
  forgetUser(userId);
  forgetWaitingReviews(userId);
}

/**
 * Query roots never written to the device: reads made with the browser's position (a position
 * is used for its answer only, docs/decisions/0028), and /admin's, since moderation shows other
 * people's reported and hidden content to staff only, and a role taken back must not leave it
 * on the device (nor show it, with photos no longer served, on the next open).
 */
const NEVER_SAVED = new Set<unknown>([...positionKeys.roots, ...adminKeys.all]);

/** Cache events that change what would be saved (the others are about who is watching). */
const CHANGES = new Set(["added", "removed", "updated"]);

/**
 * What the device kept, dated as if read at the epoch's first millisecond: shown at once where
 * nothing newer is there, but never taken for fresh, so a screen online asks the server again
 * (a change made just before a reload may not have been saved), and an answer already fetched
 * is never replaced by it (hydrate keeps the newer of the two).
 */
function asLongStale(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: 1 },
    })),
  };
}

function follow(queryClient: QueryClient, userId: string): Followed {
  const key = storageKey(userId);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;
  let unsubscribeWrites: (() => void) | undefined;

  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const saved: SavedCache = {
      savedAt: Date.now(),
      build: BUILD,
      // Successful reads only; a paused mutation holds no function to resume it with after a
      // reload, so none is kept. Some reads are never kept (NEVER_SAVED).
      state: dehydrate(queryClient, {
        shouldDehydrateMutation: () => false,
        shouldDehydrateQuery: (query) =>
          defaultShouldDehydrateQuery(query) && !NEVER_SAVED.has(query.queryKey[0]),
      }),
    };
    void set(key, saved).catch(() => undefined); // storage refused or full: online use goes on
  };

  void get<SavedCache>(key)
    .catch(() => undefined)
    .then((saved) => {
      if (stopped) return;
      if (saved && saved.build === BUILD && Date.now() - saved.savedAt < MAX_AGE_MS) {
        hydrate(queryClient, asLongStale(saved.state));
      }
      unsubscribe = queryClient.getQueryCache().subscribe((event) => {
        if (CHANGES.has(event.type)) timer ??= setTimeout(save, SAVE_DELAY_MS);
      });
      // A write that succeeded is saved without the delay, as soon as its onSuccess has updated
      // the cache (the success is announced after it ran): a page opened right after must not
      // show a deleted review again (with photos that are gone) or a setting switched back.
      unsubscribeWrites = queryClient.getMutationCache().subscribe((event) => {
        if (event.type === "updated" && event.action.type === "success") {
          clearTimeout(timer);
          timer = setTimeout(save, 0);
        }
      });
      // What arrived while the saved cache was being read is saved too.
      timer ??= setTimeout(save, SAVE_DELAY_MS);
    });

  // A page closed or put away within the delay saves what is waiting at once: the screen just
  // opened is the one most likely to be opened again offline.
  const saveWaiting = () => {
    if (timer !== undefined && document.visibilityState === "hidden") save();
  };
  document.addEventListener("visibilitychange", saveWaiting);
  window.addEventListener("pagehide", saveWaiting);

  return {
    userId,
    stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe?.();
      unsubscribeWrites?.();
      document.removeEventListener("visibilitychange", saveWaiting);
      window.removeEventListener("pagehide", saveWaiting);
    },
  };
}
