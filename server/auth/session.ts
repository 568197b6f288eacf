import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isPlaceholderEmail } from "#domain/auth.ts";
import { adminMessages } from "#domain/moderation-rules.ts";
import type { SessionUser } from "#domain/profile.ts";
import type { Executor } from "#server/db/client.ts";
import { ApiError } from "#server/http/errors.ts";
import { findUserRole, roleFlags } from "#server/modules/profiles/profiles.service.ts";

export interface RequestSession {
  user: SessionUser;
  session: { id: string; createdAt: Date; expiresAt: Date };
}

declare module "fastify" {
  interface FastifyRequest {
    /** Filled lazily by getRequestSession(); undefined means "not looked up yet". */
    authSession: RequestSession | null | undefined;
  }
}

/** Node's incoming headers as Fetch headers (better-auth speaks Fetch). */
export function toFetchHeaders(incoming: FastifyRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  return headers;
}

interface BetterAuthSession {
  session: { id: string; token: string; createdAt: Date | string; expiresAt: Date | string };
  user: {
    id: string;
    email: string;
    emailVerified: boolean;
    phoneNumber?: string | null;
    twoFactorEnabled?: boolean | null;
  };
}

/**
 * The signed-in user of this request, or null. Reads the session row through better-auth (so
 * expiry, revocation and the idle-timeout slide behave exactly as on /api/auth/*), passes on
 * any refreshed cookie, and refuses a session older than the absolute lifetime even if its
 * row somehow says otherwise. A session read in the last seconds answers from the process's
 * SessionCache instead (ADR 0024), until a change through /api/auth/* drops it everywhere.
 */
async function getRequestSession(
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<RequestSession | null> {
  if (request.authSession !== undefined) return request.authSession;
  const { auth, config, sessionCache } = request.server;
  const cookie = request.headers.cookie;
  if (!cookie) {
    request.authSession = null;
    return null;
  }
  const cached = sessionCache.get(cookie);
  if (cached) {
    request.authSession = cached;
    return cached;
  }
  const result = await auth.api.getSession({
    headers: toFetchHeaders(request.headers),
    returnHeaders: true,
  });
  const cookies = result.headers?.getSetCookie() ?? [];
  if (reply && cookies.length > 0) reply.header("set-cookie", cookies);
  const found = result.response as BetterAuthSession | null;
  if (!found) {
    request.authSession = null;
    return null;
  }
  const createdAt = new Date(found.session.createdAt);
  if (createdAt.getTime() + config.session.absoluteLifetime * 1000 <= Date.now()) {
    await (await auth.$context).internalAdapter.deleteSession(found.session.token);
    request.authSession = null;
    return null;
  }
  request.authSession = {
    user: {
      id: found.user.id,
      email: isPlaceholderEmail(found.user.email) ? null : found.user.email,
      emailVerified: found.user.emailVerified,
      phoneNumber: found.user.phoneNumber ?? null,
      twoFactorEnabled: found.user.twoFactorEnabled === true,
    },
    session: { id: found.session.id, createdAt, expiresAt: new Date(found.session.expiresAt) },
  };
  sessionCache.set(cookie, request.authSession);
  return request.authSession;
}

/**
 * `userId`'s sessions or account just changed (signed out, revoked, account deleted): this
 * process forgets them at once, and every other one as soon as the bus delivers (milliseconds).
 */
export async function sessionsChanged(server: FastifyInstance, userId: string): Promise<void> {
  server.sessionCache.forgetUser(userId);
  await server.events.publish(userId, { type: "sessions" });
}

/** The signed-in user, or null for visitors (routes that work both ways). */
export async function getSessionUser(
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<SessionUser | null> {
  return (await getRequestSession(request, reply))?.user ?? null;
}

/** preHandler for signed-in-only routes: 401 `{ error: { code: "UNAUTHORIZED" } }` otherwise. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = await getRequestSession(request, reply);
  if (!session) throw ApiError.unauthorized();
}

/** The user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  const user = request.authSession?.user;
  if (!user) throw ApiError.unauthorized();
  return user;
}

/**
 * requireUser with the action's own prompt (e.g. "Please sign in to comment"),
 * which the web client shows as is.
 */
export function requireUserWith(message: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const session = await getRequestSession(request, reply);
    if (!session) throw ApiError.unauthorized(message);
  };
}

/**
 * A guard for moderation routes: visitors get 401, signed-in people below `role` 403. The role
 * is read from user_roles on every request, so a role an admin takes away stops working at once.
 * An admin passes wherever a moderator does. Use it as `preValidation`, so nobody without the
 * role learns anything from the route's validation errors.
 */
export function requireRole(role: "moderator" | "admin") {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const session = await getRequestSession(request, reply);
    if (!session) throw ApiError.unauthorized();
    if (!(await hasRole(request.server.database.db, session.user.id, role))) {
      throw ApiError.forbidden(adminMessages.forbidden);
    }
  };
}

/** Whether the person holds `role` now (an admin holds the moderator's too). */
export async function hasRole(
  db: Executor,
  userId: string,
  role: "moderator" | "admin",
): Promise<boolean> {
  const flags = roleFlags(await findUserRole(db, userId));
  return role === "admin" ? flags.isAdmin : flags.isModerator;
}
