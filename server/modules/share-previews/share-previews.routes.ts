import type { FastifyRequest } from "fastify";
import type { HeadTags } from "#server/http/head-tags.ts";
import { sharePreviewTags } from "./share-previews.service.ts";

/**
 * Not an API route: the static host asks this for the head tags of a screen it serves. The
 * preview is read as a visitor whoever asks, so no session is looked up.
 */
export function screenHeadTags(
  pathname: string,
  request: FastifyRequest,
): Promise<HeadTags | undefined> {
  const app = request.server;
  return sharePreviewTags(
    {
      db: app.database.db,
      user: null,
      storage: app.storage,
      adminEmails: app.config.adminEmails,
      log: request.log,
      events: app.events,
      publicUrl: app.config.publicUrl,
    },
    pathname,
  );
}
