import { createHash } from "node:crypto";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { getSessionUser } from "#server/auth/session.ts";
import { ApiError } from "#server/http/errors.ts";
import { StoredFileMissingError } from "#server/media/storage.ts";
import { SERVED_TYPES, storedFileAudience } from "./media.service.ts";

/**
 * How long a browser or shared cache may keep a photo everyone may see without asking again:
 * short, so a photo whose item is hidden or whose account turns private stops being shown
 * within minutes even from caches (the server itself refuses it at once).
 */
const PUBLIC_CACHE_CONTROL = "public, max-age=300";
/** A photo only some people may see: kept by the browser alone, and checked on every use. */
const RESTRICTED_CACHE_CONTROL = "private, no-cache";

/**
 * GET /uploads/* (the prefix it is registered under) serves stored photos and avatars after asking who may see them
 * (storedFileAudience): a file the caller may not see answers 404 as a missing one does.
 * Stored files never change under their random names, so the name is their ETag, and a
 * browser's copy is confirmed with a 304 once the check passed.
 */
export async function mediaRoutes(app: FastifyInstance) {
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const key = app.storage.keyFromUrl(request.url.split("?")[0] ?? "");
    const type = key && SERVED_TYPES[path.extname(key) as keyof typeof SERVED_TYPES];
    if (!key || !type) throw ApiError.notFound();
    const viewer = await getSessionUser(request, reply);
    const audience = await storedFileAudience(app.database.db, app.storage, key, viewer?.id);
    if (audience === "nobody") throw ApiError.notFound();
    const etag = `"${createHash("sha256").update(key).digest("base64url").slice(0, 27)}"`;
    reply
      .header(
        "cache-control",
        audience === "everyone" ? PUBLIC_CACHE_CONTROL : RESTRICTED_CACHE_CONTROL,
      )
      .header("etag", etag)
      .header("x-content-type-options", "nosniff");
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    try {
      return reply.type(type).send(await app.storage.read(key));
    } catch (error) {
      if (error instanceof StoredFileMissingError) throw ApiError.notFound();
      throw error;
    }
  });
}
