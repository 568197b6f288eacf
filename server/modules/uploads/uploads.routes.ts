import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "#domain/api-error.ts";
import { PHOTO_LIMITS, photoMessages, uploadedImageSchema } from "#domain/photos.ts";
import { currentUser, requireUser } from "#server/auth/session.ts";
import { consumeActionQuota } from "#server/http/action-limit.ts";
import { ApiError } from "#server/http/errors.ts";
import { cleanupStaleUploads, uploadPhoto } from "./uploads.service.ts";

/** How often unclaimed uploads are swept (besides once at start-up). */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      const removed = await cleanupStaleUploads(app.database.db, app.storage, app.log);
      if (removed > 0) app.log.info({ removed }, "removed unclaimed uploads");
    } catch (error) {
      app.log.warn({ err: error }, "cleaning unclaimed uploads failed");
    }
  };
  app.addHook("onReady", async () => {
    await sweep();
    timer = setInterval(sweep, CLEANUP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });

  app.post(
    "/uploads/images",
    {
      preHandler: requireUser,
      schema: {
        summary: "Upload a review or post photo (multipart `file`, optional `alt`)",
        description:
          "An image under 10 MB; re-encoded to WebP 480 and 1280 px wide without metadata. " +
          "Reference the returned id in POST /api/reviews or /api/posts `images` within a day.",
        tags: ["uploads"],
        consumes: ["multipart/form-data"],
        response: {
          201: uploadedImageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) {
        throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", photoMessages.invalidType);
      }
      await consumeActionQuota(
        app.database.db,
        "upload",
        user.id,
        app.config.contentRateLimits.uploads,
        reply,
      );
      let data: Buffer | undefined;
      let alt: string | null = null;
      const parts = request.parts({
        limits: { fileSize: PHOTO_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 },
      });
      try {
        for await (const part of parts) {
          if (part.type === "file") {
            // Stops reading at the limit: a huge upload is never buffered whole.
            if (part.fieldname === "file") data = await part.toBuffer();
            else part.file.resume();
          } else if (part.fieldname === "alt" && typeof part.value === "string") {
            alt = part.value.trim().slice(0, PHOTO_LIMITS.altMax) || null;
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          throw new ApiError(413, "PAYLOAD_TOO_LARGE", photoMessages.tooLarge);
        }
        throw error;
      }
      if (!data) throw ApiError.badRequest(photoMessages.invalidType);
      const uploaded = await uploadPhoto(
        { db: app.database.db, userId: user.id, storage: app.storage, log: request.log },
        data,
        alt,
      );
      return reply.status(201).send(uploaded);
    },
  );
};
