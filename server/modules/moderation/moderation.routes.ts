import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  activityPageSchema,
  adminStatsSchema,
  contentHiddenInput,
  contentHiddenSchema,
  createdReportSchema,
  createReportInput,
  hideableTypes,
  reportPageSchema,
  reportSchema,
  reportStatusInput,
  roleChangeSchema,
  roleInput,
  teamSchema,
} from "#domain/moderation.ts";
import { pageQuery } from "#domain/paging.ts";
import { pathSegment } from "#domain/text-input.ts";
import { currentUser, requireRole, requireUser } from "#server/auth/session.ts";
import { throttleCaller } from "#server/http/action-limit.ts";
import { errorResponses } from "#server/http/errors.ts";
import {
  createReport,
  getAdminStats,
  getTeam,
  listActivity,
  listReports,
  type ModerationContext,
  setContentHidden,
  setReportStatus,
  setUserRole,
} from "./moderation.service.ts";

/** The lists of /admin page by cursor only: their page sizes are fixed. */
const cursorQuery = pageQuery.pick({ cursor: true });
/** An id from the path; one that names nothing (a report's or content's non-UUID too) is a 404. */
const idParams = z.object({ id: pathSegment });

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Reports people file (any signed-in user) and /admin's routes: moderators review reports, hide
 * content and read the Activity Log; admins also see the totals and the team and change roles.
 * The role guards run before validation, so nobody without the role learns about the shapes.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const moderatorsOnly = requireRole("moderator");
  const adminsOnly = requireRole("admin");
  const context = (request: FastifyRequest): ModerationContext => ({
    db,
    user: currentUser(request),
    adminEmails: app.config.adminEmails,
    events: app.events,
  });

  app.post(
    "/reports",
    {
      preValidation: requireUser,
      preHandler: throttleCaller("report", app.config.contentRateLimits.reports),
      schema: {
        summary: "Report a review, post, comment or person (one open report per target)",
        tags: ["moderation"],
        body: createReportInput,
        response: { 201: createdReportSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await createReport(context(request), request.body));
    },
  );

  app.get(
    "/admin/stats",
    {
      preValidation: adminsOnly,
      schema: {
        summary: "Platform totals (admins)",
        tags: ["moderation"],
        response: { 200: adminStatsSchema, ...errors },
      },
    },
    async () => getAdminStats(db),
  );

  app.get(
    "/admin/reports",
    {
      preValidation: moderatorsOnly,
      schema: {
        summary: "The moderation queue: pending reports first, newest first (keyset paged)",
        tags: ["moderation"],
        querystring: cursorQuery,
        response: { 200: reportPageSchema, ...errors },
      },
    },
    async (request) => listReports(db, request.query.cursor),
  );

  app.patch(
    "/admin/reports/:id",
    {
      preValidation: moderatorsOnly,
      schema: {
        summary: "Mark a pending report reviewed or resolved",
        tags: ["moderation"],
        params: idParams,
        body: reportStatusInput,
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request) => setReportStatus(context(request), request.params.id, request.body),
  );

  app.put(
    "/admin/content/:type/:id/hidden",
    {
      preValidation: moderatorsOnly,
      schema: {
        summary: "Hide or show a review, post, deal or a comment on one",
        tags: ["moderation"],
        params: idParams.extend({ type: z.enum(hideableTypes) }),
        body: contentHiddenInput,
        response: { 200: contentHiddenSchema, ...errors },
      },
    },
    async (request) =>
      setContentHidden(
        context(request),
        request.params.type,
        request.params.id,
        request.body.hidden,
      ),
  );

  app.get(
    "/admin/activity",
    {
      preValidation: moderatorsOnly,
      schema: {
        summary: "The Activity Log: every moderation action, newest first (keyset paged)",
        tags: ["moderation"],
        querystring: cursorQuery,
        response: { 200: activityPageSchema, ...errors },
      },
    },
    async (request) => listActivity(db, request.query.cursor),
  );

  app.get(
    "/admin/team",
    {
      preValidation: adminsOnly,
      schema: {
        summary: "Admins and moderators (admins)",
        tags: ["moderation"],
        response: { 200: teamSchema, ...errors },
      },
    },
    async () => getTeam(db),
  );

  app.put(
    "/admin/users/:id/role",
    {
      preValidation: adminsOnly,
      schema: {
        summary: "Make a person a moderator or a plain user again (admins)",
        tags: ["moderation"],
        params: idParams,
        body: roleInput,
        response: { 200: roleChangeSchema, ...errors },
      },
    },
    async (request) => setUserRole(context(request), request.params.id, request.body),
  );
};
