import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  avatarUploadSchema,
  meSchema,
  profileItemsPageSchema,
  profileItemsQuery,
  profilePageSchema,
  profileSchema,
  profileSetupInput,
  usernameAvailabilitySchema,
  usernameInput,
} from "#domain/profile.ts";
import { PROFILE_LIMITS, profileMessages } from "#domain/profile-rules.ts";
import { pathSegment } from "#domain/text-input.ts";
import { currentUser, getSessionUser, requireUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { noUploadFields, readUploadBody } from "#server/http/upload-body.ts";
import { oneOfFewUploads } from "#server/http/upload-slots.ts";
import { restoredStatus } from "#server/modules/account-deletion/account-deletion.service.ts";
import { profileIdParams } from "#server/modules/shared/people.ts";
import { getProfileItems, getProfilePage } from "./profile-page.service.ts";
import {
  getMe,
  isUsernameAvailable,
  type ProfileContext,
  updateProfile,
  uploadAvatar,
} from "./profiles.service.ts";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest): ProfileContext => ({
    db: app.database.db,
    user: currentUser(request),
    adminEmails: app.config.adminEmails,
    storage: app.storage,
    images: app.images,
    log: request.log,
  });

  app.get(
    "/me",
    {
      preHandler: requireUser,
      schema: {
        summary: "The signed-in user, their profile and role",
        tags: ["profiles"],
        response: { 200: meSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const me = await getMe(context(request));
      const { accountRestored, clearCookie } = restoredStatus(
        request.headers.cookie,
        app.config.publicUrl.startsWith("https://"),
      );
      if (clearCookie) reply.header("set-cookie", clearCookie);
      return { ...me, accountRestored };
    },
  );

  app.get(
    "/profiles/username-availability",
    {
      schema: {
        summary: "Whether a username is free (your own counts as free)",
        tags: ["profiles"],
        querystring: z.object({ username: usernameInput }),
        response: { 200: usernameAvailabilitySchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request, reply);
      return {
        available: await isUsernameAvailable(app.database.db, request.query.username, user?.id),
      };
    },
  );

  app.put(
    "/profile",
    {
      preHandler: requireUser,
      schema: {
        summary: "Complete or edit your profile",
        tags: ["profiles"],
        body: profileSetupInput,
        response: {
          200: profileSchema,
          ...errorResponses(400, 401, 409),
        },
      },
    },
    async (request) => updateProfile(context(request), request.body),
  );

  app.post(
    "/profile/avatar",
    {
      preHandler: [requireUser, oneOfFewUploads],
      schema: {
        summary: "Upload an avatar (multipart field `file`, an image under 5 MB)",
        description: "Returns the new address; PUT /api/profile applies it.",
        tags: ["profiles"],
        consumes: ["multipart/form-data"],
        response: {
          200: avatarUploadSchema,
          ...errorResponses(400, 401, 413, 415, 429, 503),
        },
      },
    },
    async (request) => {
      const { file } = await readUploadBody(request, {
        maxFileBytes: PROFILE_LIMITS.avatarMaxBytes,
        tooLarge: profileMessages.avatarTooLarge,
        fields: noUploadFields,
      });
      return uploadAvatar(context(request), file);
    },
  );

  app.get(
    "/profiles/:handle",
    {
      schema: {
        summary: "A profile page's header: profile, counts, whether you follow them",
        description:
          "Public. `handle` is a username or slug (any case, a leading @ is dropped) or the " +
          "profile id.",
        tags: ["profiles"],
        params: z.object({ handle: pathSegment }),
        response: { 200: profilePageSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request, reply);
      return getProfilePage({ db: app.database.db, user }, request.params.handle);
    },
  );

  app.get(
    "/profiles/:id/items",
    {
      schema: {
        summary: "One tab of a profile (posts, dishes, restaurants), keyset paged",
        description:
          "Public; hidden items never appear. Posts sort by recent or old only. Pass the previous " +
          "page's `nextCursor` with the same sort.",
        tags: ["profiles"],
        params: profileIdParams,
        querystring: profileItemsQuery,
        response: { 200: profileItemsPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request, reply);
      return getProfileItems({ db: app.database.db, user }, request.params.id, request.query);
    },
  );
};
