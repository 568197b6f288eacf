import path from "node:path";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  dataExportDownloadQuery,
  dataExportSchema,
  latestDataExportSchema,
} from "#domain/data-export.ts";
import { pathSegment } from "#domain/text-input.ts";
import type { EmailSender } from "#server/auth/senders/email.ts";
import { currentUser, requireUser } from "#server/auth/session.ts";
import { consumeActionQuota } from "#server/http/action-limit.ts";
import { errorResponses } from "#server/http/errors.ts";
import {
  DATA_EXPORT_QUOTA,
  type ExportContext,
  type ExportLinks,
  latestExport,
  openDownload,
  openExport,
  startExport,
  sweepExpiredExports,
} from "./data-export.service.ts";
import { DataExportWorker } from "./data-export.worker.ts";

/** Expired exports are swept this often (and once at start-up). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/**
 * The queue is looked at this often besides the kick after each new export: for exports another
 * instance accepted while its worker was busy, and builds whose worker died.
 */
const QUEUE_INTERVAL_MS = 60 * 1000;

export interface DataExportRouteOptions {
  emailSender: EmailSender;
}

export const dataExportRoutes: FastifyPluginAsyncZod<DataExportRouteOptions> = async (
  app,
  options,
) => {
  const links: ExportLinks = { secret: app.config.authSecret, publicUrl: app.config.publicUrl };
  const worker = new DataExportWorker({
    db: app.database.db,
    storage: app.storage,
    email: options.emailSender,
    links,
    log: app.log,
    tempDir: path.join(app.config.dataDir, "export-tmp"),
  });
  const context = (request: FastifyRequest): ExportContext => ({
    db: app.database.db,
    userId: currentUser(request).id,
    links,
  });

  const timers: NodeJS.Timeout[] = [];
  const sweep = async () => {
    try {
      const removed = await sweepExpiredExports(app.database.db, app.storage, app.log);
      if (removed > 0) app.log.info({ removed }, "removed expired data exports");
      await worker.removeLeftovers();
    } catch (error) {
      app.log.warn({ err: error }, "sweeping expired data exports failed");
    }
  };
  app.addHook("onReady", async () => {
    await sweep();
    worker.kick();
    timers.push(
      setInterval(sweep, SWEEP_INTERVAL_MS),
      setInterval(() => worker.kick(), QUEUE_INTERVAL_MS),
    );
    for (const timer of timers) timer.unref();
  });
  app.addHook("onClose", async () => {
    for (const timer of timers) clearInterval(timer);
    // A build cut short by a stop stays `building` and is taken again once it looks stale.
    await worker.stop();
  });

  app.post(
    "/exports",
    {
      preHandler: requireUser,
      schema: {
        summary: "Start a download of all my data (or get the one under way)",
        description:
          "202 with a new export, built in the background; 200 with the pending or building " +
          "export when one is under way. Poll GET /api/exports/latest; when ready it carries " +
          "a signed downloadUrl valid for 7 days. At most 5 new exports a day.",
        tags: ["data-export"],
        response: {
          200: dataExportSchema,
          202: dataExportSchema,
          ...errorResponses(401, 429),
        },
      },
    },
    async (request, reply) => {
      const ctx = context(request);
      // Asking again while one is under way answers with it and counts against nothing. It
      // kicks the worker too, so a build whose worker died is taken again at once.
      const open = await openExport(ctx);
      if (!open) {
        await consumeActionQuota(ctx.db, "data-export", ctx.userId, DATA_EXPORT_QUOTA, reply);
      }
      const result = open ? { started: false, export: open } : await startExport(ctx);
      worker.kick();
      return reply.status(result.started ? 202 : 200).send(result.export);
    },
  );

  app.get(
    "/exports/latest",
    {
      preHandler: requireUser,
      schema: {
        summary: "My newest data export, or null",
        tags: ["data-export"],
        response: { 200: latestDataExportSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return latestExport(context(request));
    },
  );

  app.get(
    "/exports/:id/download",
    {
      schema: {
        summary: "Download a data export's zip through its signed link",
        description:
          "Needs no session: the link's expires and signature (HMAC-SHA256) are the key. " +
          "A wrong signature or unknown export is a 404; an expired link a 410.",
        tags: ["data-export"],
        params: z.object({ id: pathSegment }),
        querystring: dataExportDownloadQuery,
        produces: ["application/zip"],
        response: {
          200: z.string().describe("The zip file"),
          ...errorResponses(400, 404, 410),
        },
      },
    },
    async (request, reply) => {
      const download = await openDownload(
        app.database.db,
        app.storage,
        links,
        request.params.id,
        request.query,
      );
      reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="${download.fileName}"`)
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff");
      if (download.sizeBytes !== null) reply.header("content-length", download.sizeBytes);
      // A stream is sent as it is; the 200 schema only documents the body for OpenAPI.
      return reply.send(download.stream as unknown as string);
    },
  );
};
