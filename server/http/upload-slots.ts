import type { FastifyReply, FastifyRequest } from "fastify";
import { MAX_UPLOADS_AT_ONCE, photoMessages } from "#domain/photos-rules.ts";
import { currentUser } from "#server/auth/session.ts";
import { ApiError } from "./errors.ts";

/** A client told to wait for its other uploads tries again after this many seconds. */
const UPLOAD_RETRY_AFTER_SECONDS = 2;

/** Uploads (photos and avatars) each person has in progress on this process. */
const inProgress = new Map<string, number>();

/**
 * A preHandler, after the sign-in check and before the body is read: at most
 * MAX_UPLOADS_AT_ONCE uploads per person at once (the web app sends no more), so one person
 * cannot fill the image queue that everyone shares. One more is answered 429 with Retry-After
 * without reading its body. The slot is freed when the response ends, however it ends.
 */
export async function oneOfFewUploads(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const userId = currentUser(request).id;
  const count = inProgress.get(userId) ?? 0;
  if (count >= MAX_UPLOADS_AT_ONCE) {
    reply.header("retry-after", String(UPLOAD_RETRY_AFTER_SECONDS));
    throw new ApiError(429, "TOO_MANY_UPLOADS", photoMessages.tooManyAtOnce);
  }
  inProgress.set(userId, count + 1);
  reply.raw.once("close", () => {
    const left = (inProgress.get(userId) ?? 1) - 1;
    if (left > 0) inProgress.set(userId, left);
    else inProgress.delete(userId);
  });
}
