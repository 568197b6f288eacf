// People, comments and notification screens for the API tests of conversations (comments,
// replies, mentions), through the real endpoints.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { CommentDto } from "#domain/comment.ts";
import type { NotificationGroupDto } from "#domain/notifications.ts";
import type { Executor } from "#server/db/client.ts";
import { sessionCookieFor } from "./auth-helpers.ts";
import { createUser } from "./factories.ts";
import { request } from "./request.ts";

/** A person with a session. */
export async function signedInPerson(
  app: FastifyInstance,
  db: Executor,
  overrides: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(db, overrides);
  return { ...user, cookie: await sessionCookieFor(app, user.id) };
}

/** POSTs a comment (a reply with `parentId`) on the item at `path` ("reviews/<id>"). */
export function commentOn(
  app: FastifyInstance,
  path: string,
  cookie: string,
  content: string,
  parentId?: string,
): Promise<LightMyRequestResponse> {
  return request(app, "POST", `/api/${path}/comments`, {
    cookie,
    body: parentId ? { content, parentId } : { content },
  });
}

/** A comment that must be accepted: the created comment. */
export async function addedComment(
  app: FastifyInstance,
  path: string,
  cookie: string,
  content: string,
  parentId?: string,
): Promise<CommentDto> {
  const response = await commentOn(app, path, cookie, content, parentId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The notification screen's groups, newest first. */
export async function notificationGroups(
  app: FastifyInstance,
  cookie: string,
): Promise<NotificationGroupDto[]> {
  const response = await request(app, "GET", "/api/notifications", { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}
