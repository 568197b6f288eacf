import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "#domain/ids.ts";
import {
  IMPORT_LIMITS,
  importMessages,
  importPreviewSchema,
  importSchema,
  latestImportSchema,
} from "#domain/imports.ts";
import { requireUser } from "#server/auth/session.ts";
import { throttleCaller } from "#server/http/action-limit.ts";
import { errorResponses } from "#server/http/errors.ts";
import { readUploadBody } from "#server/http/upload-body.ts";
import { itemContext } from "#server/modules/items/items.routes.ts";
import { applyImport, latestImport, previewImport, undoImport } from "./imports.service.ts";

const importIdParams = z.object({ id: idParam });

/** Import (docs/decisions/0031): preview a file, apply it, undo it. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.contentRateLimits;

  app.post(
    "/imports",
    {
      // Counted before the body is read, so a throttled client sends it for nothing.
      preHandler: [requireUser, throttleCaller("import-preview", limits.importPreviews)],
      schema: {
        summary: "Read a CSV or Google Takeout Saved places file into a preview",
        description:
          "Multipart `file` (at most 5 MB and 5,000 places). CSV: " +
          "a header row naming name, address, rating, date, notes in any order. Nothing but " +
          "the preview is written; a malformed file is a 400 naming its line.",
        tags: ["imports"],
        consumes: ["multipart/form-data"],
        response: {
          201: importPreviewSchema,
          ...errorResponses(400, 401, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const upload = await readUploadBody(request, {
        maxFileBytes: IMPORT_LIMITS.fileBytes,
        tooLarge: importMessages.tooLarge,
        fields: z.object({}),
      });
      const preview = await previewImport(await itemContext(request), upload.file, upload.fileName);
      return reply.status(201).send(preview);
    },
  );

  app.post(
    "/imports/:id/apply",
    {
      preHandler: [requireUser, throttleCaller("import", limits.imports)],
      schema: {
        summary: "Write a preview's places as reviews and Want to try entries, in one transaction",
        tags: ["imports"],
        params: importIdParams,
        response: { 200: importSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request) => applyImport(await itemContext(request), request.params.id),
  );

  app.post(
    "/imports/:id/undo",
    {
      preValidation: requireUser,
      schema: {
        summary: "Delete exactly what an applied import wrote",
        tags: ["imports"],
        params: importIdParams,
        response: { 200: importSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => undoImport(await itemContext(request), request.params.id),
  );

  app.get(
    "/imports/latest",
    {
      preValidation: requireUser,
      schema: {
        summary: "Your newest applied import still in place, or null",
        tags: ["imports"],
        response: { 200: latestImportSchema, ...errorResponses(401) },
      },
    },
    async (request) => latestImport(await itemContext(request)),
  );
};
