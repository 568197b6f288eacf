import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { posts } from "#server/db/schema/posts.ts";
import { imageUploads } from "#server/db/schema/uploads.ts";
import { useTestApp } from "#server/test/app.ts";
import { signUpByEmail } from "#server/test/auth-helpers.ts";
import { testJpeg } from "#server/test/content-helpers.ts";
import { getTestDatabase } from "#server/test/database.ts";
import { createPost } from "#server/test/factories.ts";
import { multipart } from "#server/test/multipart.ts";

const testApp = useTestApp();

const EVIL = "https://evil.example";

async function signedIn() {
  const { app } = await testApp.start();
  return signUpByEmail(app);
}

const db = async () => (await getTestDatabase()).db;

/** Sends raw bytes to a listening app and returns the status line's code. */
function rawRequest(port: number, request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("end", () => resolve(Number(answer.split(" ")[1])));
    socket.on("error", reject);
  });
}

describe("foreign-Origin check on state-changing API requests", () => {
  it("holds whatever spelling of the path reaches an API route", async () => {
    const user = await signedIn();
    const foreign = { origin: EVIL, cookie: user.cookie };
    const post = await createPost(await db(), { userId: user.userId });
    const body = multipart([
      { field: "file", filename: "a.jpg", contentType: "image/jpeg", data: await testJpeg() },
    ]);
    const attempts = [
      { method: "POST", url: "/%61pi/posts", payload: { title: "Forged" } },
      { method: "POST", url: "/api/%70osts", payload: { title: "Forged" } },
      { method: "PUT", url: `/%61pi/posts/${post.id}/like` },
      { method: "DELETE", url: `/%61pi/posts/${post.id}` },
      {
        method: "POST",
        url: "/%61pi/uploads/images",
        payload: body.payload,
        headers: body.headers,
      },
    ] as const;
    for (const attempt of attempts) {
      const response = await testApp.app.inject({
        method: attempt.method,
        url: attempt.url,
        headers: { ...foreign, ...("headers" in attempt ? attempt.headers : {}) },
        ...("payload" in attempt ? { payload: attempt.payload } : {}),
      });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json().error.code).toBe("FORBIDDEN_ORIGIN");
    }
    const database = await db();
    expect((await database.select().from(posts)).map((row) => row.id)).toEqual([post.id]);
    expect(await database.select().from(imageUploads)).toHaveLength(0);
  });

  it("holds for an absolute-form request target", async () => {
    const user = await signedIn();
    await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const address = testApp.app.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    const json = JSON.stringify({ title: "Forged" });
    for (const target of [
      `http://127.0.0.1:${address.port}/api/posts`,
      `http://127.0.0.1:${address.port}/%61pi/posts`,
    ]) {
      const status = await rawRequest(
        address.port,
        [
          `POST ${target} HTTP/1.1`,
          `Host: 127.0.0.1:${address.port}`,
          `Origin: ${EVIL}`,
          `Cookie: ${user.cookie}`,
          "Content-Type: application/json",
          `Content-Length: ${Buffer.byteLength(json)}`,
          "Connection: close",
          "",
          json,
        ].join("\r\n"),
      );
      expect(status, target).toBe(403);
    }
    expect(await (await db()).select().from(posts)).toHaveLength(0);
  });

  it("lets our own origin through however the path is spelled", async () => {
    const user = await signedIn();
    const response = await testApp.app.inject({
      method: "POST",
      url: "/%61pi/posts",
      headers: { origin: "http://localhost:3000", cookie: user.cookie },
      payload: { title: "Mine" },
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
