import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { itemCollections, itemKinds } from "#domain/item-kinds.ts";
import { itemSchemas } from "#domain/items.ts";
import { getSessionUser, requireUser } from "#server/auth/session.ts";
import { errorResponses } from "#server/http/errors.ts";
import { deleteItem, getItem, type ItemContext } from "./items.service.ts";

/**
 * An item id in a path. Anything that is not a UUID cannot be an item, so it answers 404 like
 * an unknown one.
 */
export const itemIdParams = z.object({ id: z.string().min(1).max(100) });

/** The item services' context for this request; `user` is whoever is signed in, or null. */
export async function itemContext(request: FastifyRequest): Promise<ItemContext> {
  const app = request.server;
  return {
    db: app.database.db,
    user: request.authSession?.user ?? (await getSessionUser(request)),
    storage: app.storage,
    places: app.places,
    adminEmails: app.config.adminEmails,
    log: request.log,
    events: app.events,
    push: app.push,
  };
}

/** Reading and deleting one review or post work the same for both kinds. */
export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of itemKinds) {
    const path = `/${itemCollections[kind]}/:id`;

    app.get(
      path,
      {
        schema: {
          summary: `One ${kind} (hidden or unknown: 404)`,
          tags: [itemCollections[kind]],
          params: itemIdParams,
          response: { 200: itemSchemas[kind], ...errorResponses(404) },
        },
      },
      async (request) => getItem(await itemContext(request), kind, request.params.id),
    );

    app.delete(
      path,
      {
        preValidation: requireUser,
        schema: {
          summary: `Delete your ${kind} and its photos`,
          tags: [itemCollections[kind]],
          params: itemIdParams,
          response: {
            204: z.null(),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        await deleteItem(await itemContext(request), kind, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
};
