import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { postMessages } from "#domain/post.ts";
import { buildAuthTestApp, signUpByEmail } from "#server/test/auth-helpers.ts";
import { send, uploadId } from "#server/test/content-helpers.ts";

let app: FastifyInstance;
afterEach(async () => app?.close());

describe("posts", () => {
  it("create, read, edit, delete with ownership and messages", async () => {
    app = (await buildAuthTestApp()).app;
    const owner = await signUpByEmail(app);
    const other = await signUpByEmail(app);
    expect((await send(app, "POST", "/api/posts", undefined, { title: "x" })).statusCode).toBe(401);
    for (const [body, message] of [
      [{ title: "" }, postMessages.titleRequired],
      [{ title: "x".repeat(201) }, postMessages.titleTooLong],
      [{ title: "ok", content: "x".repeat(2001) }, postMessages.contentTooLong],
    ] as const) {
      const response = await send(app, "POST", "/api/posts", owner.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const created = await send(app, "POST", "/api/posts", owner.cookie, {
      title: "Night market",
      content: "Fun",
      restaurant: { name: "Stall 9" },
      images: [{ uploadId: await uploadId(app, owner.cookie) }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json();
    expect(post).toMatchObject({
      itemType: "post",
      title: "Night market",
      content: "Fun",
      restaurant: { name: "Stall 9", slug: "stall-9" },
      isOwner: true,
    });
    expect(post.images).toHaveLength(1);
    const plain = await send(app, "POST", "/api/posts", owner.cookie, { title: "No place" });
    expect(plain.json()).toMatchObject({ restaurant: null, content: null, images: [] });

    const url = `/api/posts/${post.id}`;
    expect((await send(app, "PATCH", url, other.cookie, { title: "x" })).statusCode).toBe(403);
    expect((await send(app, "DELETE", url, other.cookie)).statusCode).toBe(403);
    const edited = await send(app, "PATCH", url, owner.cookie, { title: "Edited", images: [] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Edited", images: [] });
    expect((await send(app, "GET", url)).json().isOwner).toBe(false);
    expect((await send(app, "DELETE", url, owner.cookie)).statusCode).toBe(204);
    expect((await send(app, "GET", url)).statusCode).toBe(404);
    expect((await send(app, "GET", "/api/posts/nope")).statusCode).toBe(404);
  });
});
