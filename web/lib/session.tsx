import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { apiPaths } from "#domain/api-paths.ts";
import type { MeDto, ProfileDto, Role, SessionUser } from "#domain/profile.ts";
import { ApiRequestError, apiGet } from "./api-client.ts";
import type { authClient as AuthClientInstance } from "./auth-client.ts";
import { type AuthSession, NOT_READ, sessionStore } from "./session-store.ts";

type Session =
  | { status: "loading" }
  | { status: "signed-out" }
  | {
      status: "signed-in";
      userId: string;
      profile: ProfileDto | null;
      role: Role;
    };

export interface SessionContextValue {
  session: Session;
  isAdmin: boolean;
  isModerator: boolean;
  /** Account facts (email, phone, two-factor) once /api/me has answered. */
  user: SessionUser | null;
  /** This browser's session id, to tell it apart in the list of active sessions. */
  currentSessionId: string | null;
  /**
   * Re-reads the session and /api/me, e.g. right after a sign-in or a profile save. Resolves
   * with the fresh /api/me answer, or null when nobody is signed in.
   */
  refresh: () => Promise<MeDto | null>;
  /**
   * Ends the session on the server and clears everything local: the session, /api/me and every
   * cached query. 401/403/404 from the server still clear locally (the session is gone there
   * either way); other failures throw.
   */
  signOut: () => Promise<void>;
}

/**
 * The one answer that says a sign-in just cancelled the account's deletion (the server says it
 * once) is told as a toast. Its wording loads only then: it lives beside the deletion's zod
 * schemas, which do not belong in the landing page's bundle (this file is on every page).
 */
function announceIfRestored(me: MeDto): MeDto {
  if (me.accountRestored) {
    void Promise.all([import("#domain/account-deletion.ts"), import("./toast.ts")]).then(
      ([{ accountDeletionMessages }, { toast }]) => toast.success(accountDeletionMessages.restored),
    );
  }
  return me;
}

/** Profile and role, fetched once signed in, under the key ["me"]. */
export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: async ({ signal }) => announceIfRestored(await apiGet<MeDto>(apiPaths.me, { signal })),
  staleTime: 60_000,
  retry: (failures, error) =>
    failures < 2 && !(error instanceof ApiRequestError && error.status < 500 && error.status > 0),
});

/**
 * After sign-in: /setup while full_name is empty or the username is still `user_…`. A missing
 * profile needs setup too (the server creates it on the first request that lacks it). Same rule
 * as domain/profile.ts needsProfileSetup, restated here because importing that module would
 * pull zod into the landing page's bundle (this file loads on every page).
 */
export function profileIncomplete(profile: ProfileDto | null | undefined): boolean {
  return !profile?.fullName?.trim() || !profile.username || profile.username.startsWith("user_");
}

/** How often a visible page re-reads its session (the server slides the idle timeout on read). */
const VISIBLE_REFRESH_MS = 5 * 60_000;

const SessionContext = createContext<SessionContextValue | null>(null);

type AuthClient = typeof AuthClientInstance;

/**
 * better-auth's client (about 13 kB gzip) loads only for what needs it here, signing out: the
 * session itself is read by session-store.ts, so no page waits for the client to know who is
 * signed in.
 */
let authClientLoad: Promise<AuthClient> | undefined;
function loadAuthClient(): Promise<AuthClient> {
  authClientLoad ??= import("./auth-client.ts").then(
    (module) => module.authClient,
    (error: unknown) => {
      authClientLoad = undefined; // the next try fetches it again
      throw error;
    },
  );
  return authClientLoad;
}

type OfflineCache = typeof import("./offline-cache.ts");

/**
 * The signed-in person's saved cache (offline-cache.ts) loads with the first person signed in
 * here, never for a visitor; each change of person reaches it in the order it happened.
 */
let offlineCacheTasks: Promise<void> = Promise.resolve();
function withOfflineCache(task: (cache: OfflineCache) => void): void {
  offlineCacheTasks = offlineCacheTasks
    .then(() => import("./offline-cache.ts"))
    .then(task)
    .catch(() => undefined); // its chunk could not load (offline, never cached): nothing saved
}

/** The prerendered landing page (web/app/prerender.tsx) is drawn before any read. */
const beforeAnyRead = () => NOT_READ;

/** The session store as React state; listening starts the page's first read. */
function useAuthSession(): AuthSession {
  return useSyncExternalStore(sessionStore.listen, sessionStore.get, beforeAnyRead);
}

function toRole(me: MeDto): Role {
  if (me.role === "admin" || me.isAdmin) return "admin";
  if (me.role === "moderator" || me.isModerator) return "moderator";
  return "user";
}

/**
 * A session read that failed for a reason that says nothing about the session: the network,
 * a proxy or server error, a throttle. Only an answer from the server (no session, 401) signs
 * anyone out.
 */
function failedRetryably(error: { status?: number } | null | undefined): boolean {
  if (!error) return false;
  const status = error.status ?? 0;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * The id of the last person signed in on this browser (nothing secret: the session itself is
 * an HttpOnly cookie). A page load whose session read fails keeps that person signed in until
 * the server says otherwise, instead of flashing "signed out".
 */
const LAST_USER_KEY = "tasted-last-user";

function readLastUser(): string | null {
  try {
    return localStorage.getItem(LAST_USER_KEY);
  } catch {
    return null;
  }
}

function writeLastUser(userId: string | null): void {
  try {
    if (userId) localStorage.setItem(LAST_USER_KEY, userId);
    else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Storage refused (private mode): the hint is a convenience only.
  }
}

/** A failed session read is tried again this long after, doubling each time up to the max. */
const RETRY_FIRST_MS = 200;
const RETRY_MAX_MS = 60_000;

/**
 * The single source of "who is signed in" for the whole web app. Guards, the navigation and
 * every action that needs an account read it through useSession(). session-store.ts reads the
 * session (better-auth's answer) and refreshes it; /api/me adds profile and role.
 *
 * The status stays "loading" until /api/me has answered once, so the admin guard and the auth
 * callback never decide on a role or profile that has not arrived yet.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const auth = useAuthSession();
  const sessionUserId = auth.data?.user?.id ?? null;
  const refetchSession = useCallback(() => sessionStore.refetch(), []);
  // The session read failed, not answered: /api/me (never throttled) then says who this is, and
  // until it answers, the last person signed in on this browser stays signed in. While a read
  // is in flight (a retry), what the last finished read said still holds, so nothing flickers.
  const lastReadFailed = useRef(false);
  if (!auth.isPending && !auth.isRefetching) {
    lastReadFailed.current = sessionUserId === null && failedRetryably(auth.error);
  }
  const checkFailed = sessionUserId === null && lastReadFailed.current;
  const [lastUserId, setLastUserId] = useState(readLastUser);

  // The first read of this page load, not answered yet. Someone was signed in here before, so
  // /api/me is asked at the same time: its answer can show them in without waiting.
  const firstRead = auth.isPending && !auth.data;
  const meStandsIn = sessionUserId === null && (checkFailed || (firstRead && lastUserId !== null));

  const me = useQuery({ ...meQuery, enabled: sessionUserId !== null || meStandsIn });
  // The API says the cookie is no longer good: read the session again (the server drops it).
  const meUnauthorized = me.error instanceof ApiRequestError && me.error.status === 401;
  const fallbackUserId =
    meStandsIn && !meUnauthorized ? (me.data?.user.id ?? (checkFailed ? lastUserId : null)) : null;
  const userId = sessionUserId ?? fallbackUserId;

  // Remember who is signed in; forget it once the server says nobody is.
  const serverSaysNobody =
    (!auth.isPending && !auth.isRefetching && !auth.error && auth.data === null) || meUnauthorized;
  useEffect(() => {
    if (sessionUserId) {
      writeLastUser(sessionUserId);
      setLastUserId(sessionUserId);
    } else if (serverSaysNobody) {
      // Their session ended (here or elsewhere, or while this page was closed): what was
      // saved for them goes too, but for the reviews they left waiting (forgetUser).
      const last = readLastUser();
      if (last) withOfflineCache((cache) => cache.forgetUser(last));
      writeLastUser(null);
      setLastUserId(null);
    }
  }, [sessionUserId, serverSaysNobody]);

  // A different person (or nobody) now: nothing cached for the previous one may leak through,
  // in memory or saved. The person signed in gets back what they saw last, offline too.
  const previousUserId = useRef<string | null>(null);
  useEffect(() => {
    const previous = previousUserId.current;
    previousUserId.current = userId;
    if (previous === userId) return;
    if (previous !== null) queryClient.clear();
    withOfflineCache((cache) => cache.followUser(queryClient, userId));
  }, [userId, queryClient]);

  // The store reads again when the tab becomes visible; this keeps a long-open visible page
  // fresh and pauses while hidden.
  useEffect(() => {
    if (userId === null) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void refetchSession();
    }, VISIBLE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [userId, refetchSession]);

  // A failed read is tried again, later each time; a hidden tab waits: the store reads again
  // when it becomes visible.
  const retries = useRef(0);
  useEffect(() => {
    if (!checkFailed) {
      retries.current = 0;
      return;
    }
    if (!failedRetryably(auth.error)) return; // a read is in flight
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** retries.current);
    const timer = setTimeout(() => {
      retries.current += 1;
      if (document.visibilityState === "visible") void refetchSession();
    }, delay);
    return () => clearTimeout(timer);
  }, [checkFailed, auth.error, refetchSession]);

  useEffect(() => {
    if (meUnauthorized) void refetchSession();
  }, [meUnauthorized, refetchSession]);

  const refresh = useCallback(async (): Promise<MeDto | null> => {
    await sessionStore.refetch(true);
    try {
      return await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
      queryClient.removeQueries({ queryKey: meQuery.queryKey });
      return null;
    }
  }, [queryClient]);

  const signOut = useCallback(async () => {
    let status = 200;
    let message: string | undefined;
    try {
      const authClient = await loadAuthClient();
      const result = await authClient.signOut();
      if (result.error) {
        status = result.error.status;
        message = result.error.message;
      }
    } catch {
      status = 0;
    }
    if (status >= 400 && status !== 401 && status !== 403 && status !== 404) {
      throw new Error(message || "Could not sign out. Please try again.");
    }
    if (status === 0)
      throw new Error("Could not reach Tasted. Check your connection and try again.");
    // Cleared here even when the server had already forgotten the session (401/403/404).
    const last = readLastUser();
    if (last) withOfflineCache((cache) => cache.forgetSignedOutUser(last));
    sessionStore.signedOut();
    writeLastUser(null);
    setLastUserId(null);
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<SessionContextValue>(() => {
    let session: Session;
    if (userId === null || meUnauthorized) {
      // Waiting: the first read, or /api/me standing in for a failed one.
      const waiting = checkFailed ? me.isPending && !meUnauthorized : firstRead;
      session = { status: waiting ? "loading" : "signed-out" };
    } else if (me.data) {
      session = { status: "signed-in", userId, profile: me.data.profile, role: toRole(me.data) };
    } else if (me.isError) {
      // /api/me is down too: still signed in, without profile or privileges.
      session = { status: "signed-in", userId, profile: null, role: "user" };
    } else {
      session = { status: "loading" };
    }
    return {
      ...deriveRoles(session),
      user: session.status === "signed-in" ? (me.data?.user ?? null) : null,
      currentSessionId: session.status === "signed-in" ? (auth.data?.session.id ?? null) : null,
      refresh,
      signOut,
    };
  }, [
    auth.data,
    firstRead,
    userId,
    checkFailed,
    meUnauthorized,
    me.data,
    me.isError,
    me.isPending,
    refresh,
    signOut,
  ]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function deriveRoles(
  session: Session,
): Pick<SessionContextValue, "session" | "isAdmin" | "isModerator"> {
  const role = session.status === "signed-in" ? session.role : undefined;
  return {
    session,
    isAdmin: role === "admin",
    isModerator: role === "admin" || role === "moderator",
  };
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useAuth must be used within an AuthProvider");
  return value;
}
