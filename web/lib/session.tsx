import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
} from "react";
import { ApiRequestError, apiGet } from "./api-client.ts";
import { authClient } from "./auth-client.ts";

export type Role = "admin" | "moderator" | "user";

export interface SessionProfile {
  id: string;
  username: string;
  slug: string;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  avatarUrl: string | null;
  location: string | null;
}

/** Account facts from GET /api/me (not the public profile). */
export interface SessionUser {
  id: string;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  twoFactorEnabled: boolean;
}

/** GET /api/me. */
export interface MeResponse {
  user: SessionUser;
  profile: SessionProfile | null;
  role: Role | null;
  isAdmin: boolean;
  isModerator: boolean;
}

export type Session =
  | { status: "loading" }
  | { status: "signed-out" }
  | {
      status: "signed-in";
      userId: string;
      profile: SessionProfile | null;
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
  refresh: () => Promise<MeResponse | null>;
  /**
   * Ends the session on the server and clears everything local: the session, /api/me and every
   * cached query. 401/403/404 from the server still clear locally (spec 8); other failures throw.
   */
  signOut: () => Promise<void>;
}

/** Profile and role are fetched once signed in (spec 4, "deferred"), under the key ["me"]. */
export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: ({ signal }) => apiGet<MeResponse>("/api/me", { signal }),
  staleTime: 60_000,
  retry: (failures, error) =>
    failures < 2 && !(error instanceof ApiRequestError && error.status < 500 && error.status > 0),
});

/**
 * Spec 2 "Auth callback": /setup while full_name is empty or the username is still `user_…`.
 * A missing profile needs setup too (the server creates it on the first request that lacks it).
 * Same rule as domain/profile.ts needsProfileSetup, restated here because importing that module
 * would pull zod into the landing page's bundle (this file loads on every page).
 */
export function profileIncomplete(profile: SessionProfile | null | undefined): boolean {
  return !profile?.fullName?.trim() || !profile.username || profile.username.startsWith("user_");
}

/** How often a visible page re-reads its session (the server slides the idle timeout on read). */
const VISIBLE_REFRESH_MS = 5 * 60_000;

const SessionContext = createContext<SessionContextValue | null>(null);

interface SessionAtomValue {
  data: { user?: { id?: string } } | null;
  isPending: boolean;
  isRefetching: boolean;
}

/**
 * Resolves with the signed-in user's id once better-auth's session store holds a user and no
 * read is in flight (or with whatever it holds after `timeoutMs`). Awaiting `refetch()` alone is
 * not enough: after a sign-in better-auth fires its own refetch 10 ms later, which cancels ours,
 * and a screen must not navigate into a guard before the store knows the user.
 */
function settledSessionUser(timeoutMs = 8000): Promise<string | null> {
  const store = authClient.$store.atoms.session;
  if (!store) return Promise.resolve(null);
  return new Promise((resolve) => {
    let done = false;
    let unsubscribe: (() => void) | undefined;
    const finish = (value: SessionAtomValue) => {
      done = true;
      clearTimeout(timer);
      unsubscribe?.();
      resolve(value.data?.user?.id ?? null);
    };
    const timer = setTimeout(() => finish(store.get() as SessionAtomValue), timeoutMs);
    unsubscribe = store.subscribe((value: SessionAtomValue) => {
      if (!done && value.data?.user?.id && !value.isPending && !value.isRefetching) finish(value);
    });
    if (done) unsubscribe();
  });
}

function toRole(me: MeResponse): Role {
  if (me.role === "admin" || me.isAdmin) return "admin";
  if (me.role === "moderator" || me.isModerator) return "moderator";
  return "user";
}

/**
 * The single source of "who is signed in" for the whole web app. Guards, the navigation and
 * every action that needs an account read it through useSession(). better-auth's client owns
 * the session cookie and its refresh (see auth-client.ts); /api/me adds profile and role.
 *
 * The status stays "loading" until /api/me has answered once, so the admin guard and the auth
 * callback never decide on a role or profile that has not arrived yet.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const auth = authClient.useSession();
  const authUserId = auth.data?.user?.id ?? null;
  const refetchSession = auth.refetch;

  const me = useQuery({ ...meQuery, enabled: authUserId !== null });

  // A different person (or nobody) now: nothing cached for the previous one may leak through.
  const previousUserId = useRef<string | null>(authUserId);
  useEffect(() => {
    const previous = previousUserId.current;
    previousUserId.current = authUserId;
    if (previous !== null && previous !== authUserId) queryClient.clear();
  }, [authUserId, queryClient]);

  // better-auth refetches when the tab becomes visible; this keeps a long-open visible page
  // fresh and pauses while hidden (spec 4 "refresh automatically while the page is visible").
  useEffect(() => {
    if (authUserId === null) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void refetchSession();
    }, VISIBLE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [authUserId, refetchSession]);

  // The API says the cookie is no longer good: let better-auth re-read (and drop) the session.
  const meUnauthorized = me.error instanceof ApiRequestError && me.error.status === 401;
  useEffect(() => {
    if (meUnauthorized) void refetchSession();
  }, [meUnauthorized, refetchSession]);

  const refresh = useCallback(async (): Promise<MeResponse | null> => {
    void refetchSession();
    const userId = await settledSessionUser();
    if (!userId) {
      queryClient.removeQueries({ queryKey: meQuery.queryKey });
      return null;
    }
    return queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
  }, [queryClient, refetchSession]);

  const signOut = useCallback(async () => {
    let status = 200;
    let message: string | undefined;
    try {
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
    const store = authClient.$store.atoms.session;
    const current = store?.get();
    if (store && current?.data) {
      store.set({ ...current, data: null, error: null, isPending: false, isRefetching: false });
    }
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<SessionContextValue>(() => {
    let session: Session;
    if (auth.isPending && !auth.data) {
      session = { status: "loading" };
    } else if (authUserId === null || meUnauthorized) {
      session = { status: "signed-out" };
    } else if (me.data) {
      session = {
        status: "signed-in",
        userId: authUserId,
        profile: me.data.profile,
        role: toRole(me.data),
      };
    } else if (me.isError) {
      // /api/me is down: still signed in, without profile or privileges.
      session = { status: "signed-in", userId: authUserId, profile: null, role: "user" };
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
    auth.isPending,
    auth.data,
    authUserId,
    meUnauthorized,
    me.data,
    me.isError,
    refresh,
    signOut,
  ]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function deriveRoles(
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
