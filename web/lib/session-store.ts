import { apiPaths } from "#domain/api-paths.ts";
import { ApiRequestError, apiGet } from "./api-client.ts";

/**
 * What this browser knows of its session cookie: better-auth's GET /api/auth/get-session answer
 * (who, which session) and how the last read went. Read here with the app's one fetch wrapper,
 * not through better-auth's client (about 13 kB gzip): the session is needed on every page, the
 * client only on the screens that sign in, sign out or change the account, which load it then
 * (docs/decisions/0005).
 */
export interface AuthSession {
  data: { user: { id: string }; session: { id: string } } | null;
  error: { status: number } | null;
  /** The first read of this page load is under way. */
  isPending: boolean;
  /** A later read is under way; data and error still say what the last one found. */
  isRefetching: boolean;
}

/** Before the first read has answered (also what the prerendered landing page is drawn with). */
export const NOT_READ: AuthSession = {
  data: null,
  error: null,
  isPending: true,
  isRefetching: false,
};

/** Reads started within this long of the last one join it (a focus and an online event at once). */
const JOIN_MS = 1_000;

type Listener = () => void;

function createSessionStore() {
  let value = NOT_READ;
  let running: Promise<void> | undefined;
  let startedAt = 0;
  let generation = 0;
  const listeners = new Set<Listener>();
  const set = (next: AuthSession) => {
    value = next;
    for (const listener of listeners) listener();
  };

  /**
   * Reads the session again. A read the server answers without a session (or with 401) leaves
   * nobody signed in; any other failure (network, 429, 5xx) keeps who was there, with the error
   * beside it, for SessionProvider to retry and to ask /api/me meanwhile. `fresh` (after a
   * sign-in) never joins a read that started before it.
   */
  const refetch = (fresh = false): Promise<void> => {
    if (!fresh && running && performance.now() - startedAt < JOIN_MS) return running;
    const read = ++generation;
    startedAt = performance.now();
    const first = value.isPending;
    set({ ...value, isPending: first, isRefetching: !first });
    running = apiGet<AuthSession["data"]>(apiPaths.session).then(
      (data) => {
        if (read === generation) set({ data: data?.user ? data : null, ...settled });
      },
      (error: unknown) => {
        if (read !== generation) return;
        const status = error instanceof ApiRequestError ? error.status : 0;
        set({ ...settled, data: status === 401 ? null : value.data, error: { status } });
      },
    );
    return running;
  };

  return {
    get: () => value,
    /** Calls `listener` on every change; the first listener starts the first read. */
    listen(listener: Listener): () => void {
      listeners.add(listener);
      if (listeners.size === 1 && value === NOT_READ) void refetch();
      return () => listeners.delete(listener);
    },
    refetch,
    /** Nobody is signed in any more (a sign-out the server confirmed): no read needed. */
    signedOut() {
      generation += 1;
      running = undefined;
      set({ data: null, error: null, isPending: false, isRefetching: false });
    },
  };
}

const settled = { error: null, isPending: false, isRefetching: false } as const;

/** The page's one session store; SessionProvider (session.tsx) is its only reader. */
export const sessionStore = createSessionStore();

/**
 * As better-auth's client did: the session is read again when the tab is shown again and when
 * the device comes back online (a hidden tab is never polled; SessionProvider polls a visible
 * one).
 */
if (typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && sessionStore.get() !== NOT_READ) {
      void sessionStore.refetch();
    }
  });
  window.addEventListener("online", () => {
    if (sessionStore.get() !== NOT_READ) void sessionStore.refetch();
  });
}
