import { LRUCache } from "lru-cache";
import type { SessionPolicy } from "#server/config.ts";
import type { RequestSession } from "./session.ts";

/**
 * How long a process answers a session from memory. Sign-out, revocation and account changes
 * through /api/auth/* drop it at once on every process (the "sessions" event on the bus); this
 * only bounds what changes elsewhere (a password reset by email link, a row deleted by hand).
 */
const SESSION_CACHE_MS = 10_000;
/** Sessions remembered per process: a few hundred bytes each. */
const SESSION_CACHE_ENTRIES = 10_000;

interface Entry {
  session: RequestSession;
  /** Until when the entry may answer (ms since the epoch). */
  until: number;
}

/**
 * The sessions this process read recently, by the request's Cookie header (the session cookie
 * decides the session and nothing else in the header does, so the same header means the same
 * session). A hit costs no database read, no cookie signature check and no better-auth call.
 */
export class SessionCache {
  /** Cookie headers cached per user, to drop them all when that user's sessions change. */
  readonly #byUser = new Map<string, Set<string>>();
  readonly #entries = new LRUCache<string, Entry>({
    max: SESSION_CACHE_ENTRIES,
    // However an entry goes (evicted, expired, forgotten), its user's index lets go of it.
    dispose: (entry, cookie) => {
      const cookies = this.#byUser.get(entry.session.user.id);
      cookies?.delete(cookie);
      if (cookies?.size === 0) this.#byUser.delete(entry.session.user.id);
    },
  });

  constructor(private readonly policy: SessionPolicy) {}

  get(cookie: string, now = Date.now()): RequestSession | undefined {
    const entry = this.#entries.get(cookie);
    if (!entry) return undefined;
    if (entry.until > now) return entry.session;
    this.#entries.delete(cookie);
    return undefined;
  }

  /**
   * Remembers a session better-auth just read. Never past the moment better-auth would slide
   * its expiry (so that request still reaches better-auth and refreshes the cookie), nor past
   * its expiry or absolute lifetime.
   */
  set(cookie: string, session: RequestSession, now = Date.now()): void {
    const { idleTimeout, refreshAge, absoluteLifetime } = this.policy;
    const slidesAt = session.session.expiresAt.getTime() - (idleTimeout - refreshAge) * 1000;
    const until = Math.min(
      now + SESSION_CACHE_MS,
      slidesAt,
      session.session.expiresAt.getTime(),
      session.session.createdAt.getTime() + absoluteLifetime * 1000,
    );
    if (until <= now) return;
    this.#entries.set(cookie, { session, until });
    let cookies = this.#byUser.get(session.user.id);
    if (!cookies) {
      cookies = new Set();
      this.#byUser.set(session.user.id, cookies);
    }
    cookies.add(cookie);
  }

  /** Forgets every session of `userId` (signed out, revoked, account changed). */
  forgetUser(userId: string): void {
    for (const cookie of [...(this.#byUser.get(userId) ?? [])]) this.#entries.delete(cookie);
  }
}
