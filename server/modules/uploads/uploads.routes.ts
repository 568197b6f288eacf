import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { photoUploadFields, uploadedImageSchema } from "#domain/photos.ts";
import { PHOTO_LIMITS, photoMessages } from "#domain/photos-rules.ts";
import { currentUser, requireUser } from "#server/auth/session.ts";
import { throttleCaller } from "#server/http/action-limit.ts";
import { errorResponses } from "#server/http/errors.ts";
import { readUploadBody } from "#server/http/upload-body.ts";
import { oneOfFewUploads } from "#server/http/upload-slots.ts";
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
      // The quota is counted before the body is read, so a throttled client sends it for nothing.
      preHandler: [
        requireUser,
        oneOfFewUploads,
        throttleCaller("upload", app.config.contentRateLimits.uploads),
      ],
      schema: {
        summary: "Upload a review or post photo (multipart `file`, optional `alt`)",
        description:
          "An image under 10 MB and 50 megapixels; re-encoded to WebP 480 and 1280 px wide without metadata. " +
          "Reference the returned id in POST /api/reviews or /api/posts `images` within a day.",
        tags: ["uploads"],
        consumes: ["multipart/form-data"],
        response: {
          201: uploadedImageSchema,
          ...errorResponses(400, 401, 413, 415, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { file, fields } = await readUploadBody(request, {
        maxFileBytes: PHOTO_LIMITS.maxBytes,
        tooLarge: photoMessages.tooLarge,
        fields: photoUploadFields,
      });
      const uploaded = await uploadPhoto(
        {
          db: app.database.db,
          userId: user.id,
          storage: app.storage,
          images: app.images,
          log: request.log,
        },
        file,
        fields.alt,
      );
      return reply.status(201).send(uploaded);
    },
  );
};
