import { describe, expect, it } from "vitest";
import { postMessages } from "#domain/post-rules.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { uploadId } from "#server/test/content-helpers.ts";
import { request } from "#server/test/request.ts";

const testApp = useTestApp();

describe("posts", () => {
  it("create, read, edit, delete with ownership and messages", async () => {
    const { app } = await testApp.start();
    const owner = await signUpByEmail(app);
    const other = await signUpByEmail(app);
    expect((await request(app, "POST", "/api/posts", { body: { title: "x" } })).statusCode).toBe(
      401,
    );
    for (const [body, message] of [
      [{ title: "" }, postMessages.titleRequired],
      [{ title: "x".repeat(201) }, postMessages.titleTooLong],
      [{ title: "ok", content: "x".repeat(2001) }, postMessages.contentTooLong],
      // NUL cannot be stored in PostgreSQL text: refused up front, never a 500.
      [{ title: "Night\u0000market" }, "Text must not contain NUL characters"],
      [{ title: "ok", content: "\u0000" }, "Text must not contain NUL characters"],
      [
        { title: "ok", restaurant: { name: "Stall\u00009" } },
        "Text must not contain NUL characters",
      ],
    ] as const) {
      const response = await request(app, "POST", "/api/posts", { cookie: owner.cookie, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const created = await request(app, "POST", "/api/posts", {
      cookie: owner.cookie,
      body: {
        title: "Night market",
        content: "Fun",
        restaurant: { name: "Stall 9" },
        images: [{ uploadId: await uploadId(app, owner.cookie) }],
      },
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
    const plain = await request(app, "POST", "/api/posts", {
      cookie: owner.cookie,
      body: { title: "No place" },
    });
    expect(plain.json()).toMatchObject({ restaurant: null, content: null, images: [] });

    const url = `/api/posts/${post.id}`;
    expect(
      (await request(app, "PATCH", url, { cookie: other.cookie, body: { title: "x" } })).statusCode,
    ).toBe(403);
    expect((await request(app, "DELETE", url, { cookie: other.cookie })).statusCode).toBe(403);
    const edited = await request(app, "PATCH", url, {
      cookie: owner.cookie,
      body: { title: "Edited", images: [] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Edited", images: [] });
    expect((await request(app, "GET", url)).json().isOwner).toBe(false);
    expect((await request(app, "DELETE", url, { cookie: owner.cookie })).statusCode).toBe(204);
    expect((await request(app, "GET", url)).statusCode).toBe(404);
    expect((await request(app, "GET", "/api/posts/nope")).statusCode).toBe(404);
  });
});
