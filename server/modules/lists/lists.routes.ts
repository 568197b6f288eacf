import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addListEntryInput,
  createListInput,
  followListInput,
  listDetailSchema,
  listEntrySchema,
  listFollowStateSchema,
  listReadQuery,
  listSummariesSchema,
  listSummarySchema,
  myListsQuery,
  myListsSchema,
  reorderListInput,
  updateListInput,
} from "#domain/lists.ts";
import { listMessages } from "#domain/lists-rules.ts";
import type { SessionUser } from "#domain/profile.ts";
import { pathSegment } from "#domain/text-input.ts";
import { currentUser, getSessionUser, requireUserWith } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { profileIdParams } from "#server/modules/shared/people.ts";
import {
  addEntry,
  createList,
  deleteList,
  getFollowedLists,
  getList,
  getMyLists,
  getProfileLists,
  type ListContext,
  removeEntry,
  renewShareKey,
  reorderEntries,
  setListFollowed,
  updateList,
} from "./lists.service.ts";

const tags = ["lists"];

/** A list id in the path: anything that is no list's id is a 404 like a list one may not see. */
const listParams = z.object({ listId: pathSegment });
const entryParams = listParams.extend({ entryId: pathSegment });

/** What an owner-only write answers besides its success: a 404 for anyone else's list. */
const writeErrors = errorResponses(400, 401, 404);

export const listRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requireUserWith(listMessages.signInToAdd);
  const context = (user: SessionUser | null): ListContext => ({
    db: app.database.db,
    user,
    adminEmails: app.config.adminEmails,
  });
  const signedIn = (request: FastifyRequest) => context(currentUser(request));

  app.post(
    "/lists",
    {
      preHandler,
      schema: {
        summary: "Make a list (empty, private unless told)",
        tags,
        body: createListInput,
        response: { 201: listDetailSchema, ...errorResponses(409), ...writeErrors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createList(signedIn(request), request.body);
    },
  );

  app.get(
    "/lists/following",
    {
      preHandler,
      schema: {
        summary: "The lists the caller follows and may still see, most recently followed first",
        tags,
        response: { 200: listSummariesSchema, ...errorResponses(401) },
      },
    },
    async (request) => getFollowedLists(signedIn(request)),
  );

  app.get(
    "/lists/mine",
    {
      preHandler,
      schema: {
        summary: "The caller's lists for the Add to list picker, most recently updated first",
        description:
          "With `restaurantId` or `reviewId`, each list says which of its entries holds it.",
        tags,
        querystring: myListsQuery,
        response: { 200: myListsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => getMyLists(signedIn(request), request.query),
  );

  app.get(
    "/lists/:listId",
    {
      schema: {
        summary: "A list and all its entries, in order",
        description:
          "Public for whoever may see it: its owner, for a followers list the owner's " +
          "followers, for a link list whoever has `key` or followed it. Anyone else gets 404.",
        tags,
        params: listParams,
        querystring: listReadQuery,
        response: { 200: listDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request, reply);
      return getList(context(user), request.params.listId, request.query.key);
    },
  );

  app.patch(
    "/lists/:listId",
    {
      preHandler,
      schema: {
        summary: "Rename a list, change its description or who may see it (its owner only)",
        tags,
        params: listParams,
        body: updateListInput,
        response: { 200: listSummarySchema, ...writeErrors },
      },
    },
    async (request) => updateList(signedIn(request), request.params.listId, request.body),
  );

  app.delete(
    "/lists/:listId",
    {
      preHandler,
      schema: {
        summary: "Delete a list (its owner only); what it held stays",
        tags,
        params: listParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteList(signedIn(request), request.params.listId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/lists/:listId/share-key",
    {
      preHandler,
      schema: {
        summary: "Make a new link for a list; the old one stops working",
        description: "For a link list, the follows made through the old link are dropped.",
        tags,
        params: listParams,
        response: { 200: listSummarySchema, ...writeErrors },
      },
    },
    async (request) => renewShareKey(signedIn(request), request.params.listId),
  );

  app.post(
    "/lists/:listId/entries",
    {
      preHandler,
      schema: {
        summary: "Add a restaurant or a review at the end of a list (idempotent)",
        description: "201 with the new entry, or 200 with the one already there.",
        tags,
        params: listParams,
        body: addListEntryInput,
        response: {
          200: listEntrySchema,
          201: listEntrySchema,
          ...errorResponses(409),
          ...writeErrors,
        },
      },
    },
    async (request, reply) => {
      const { entry, created } = await addEntry(
        signedIn(request),
        request.params.listId,
        request.body,
      );
      reply.code(created ? 201 : 200);
      return entry;
    },
  );

  app.delete(
    "/lists/:listId/entries/:entryId",
    {
      preHandler,
      schema: {
        summary: "Remove an entry from a list",
        tags,
        params: entryParams,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await removeEntry(signedIn(request), request.params.listId, request.params.entryId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/lists/:listId/order",
    {
      preHandler,
      schema: {
        summary: "Put a list's entries in a new order",
        description: "`entryIds` must be every entry the list shows; else 409 (it changed).",
        tags,
        params: listParams,
        body: reorderListInput,
        response: { 200: listDetailSchema, ...errorResponses(409), ...writeErrors },
      },
    },
    async (request) =>
      reorderEntries(signedIn(request), request.params.listId, request.body.entryIds),
  );

  for (const [method, following] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/lists/:listId/follow",
      preHandler: requireUserWith(listMessages.signInToFollow),
      schema: {
        summary: following
          ? "Follow a list one may see (a link list with its `key`)"
          : "Stop following a list",
        tags,
        params: listParams,
        ...(following ? { body: followListInput } : {}),
        response: { 200: listFollowStateSchema, ...writeErrors },
      },
      handler: async (request) => {
        const key = following ? (request.body as z.output<typeof followListInput>).key : undefined;
        return setListFollowed(signedIn(request), request.params.listId, following, key);
      },
    });
  }

  app.get(
    "/profiles/:id/lists",
    {
      schema: {
        summary: "The lists of a profile the viewer may see, most recently updated first",
        description:
          "Link lists only for their owner and those who followed them; never by key here.",
        tags: ["profiles", ...tags],
        params: profileIdParams,
        response: { 200: listSummariesSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const user = await getSessionUser(request, reply);
      return getProfileLists(context(user), request.params.id);
    },
  );
};
