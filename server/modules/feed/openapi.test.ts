import { expect, it } from "vitest";
import { useTestApp } from "#server/test/app.ts";

const testApp = useTestApp();

it("documents the feed, like and comment routes in the OpenAPI document", async () => {
  const { app } = await testApp.start();
  const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  const paths = Object.keys(response.json().paths);
  for (const path of [
    "/api/feed",
    "/api/reviews/{id}/like",
    "/api/posts/{id}/like",
    "/api/reviews/{id}/comments",
    "/api/posts/{id}/comments",
    "/api/comments/review/{commentId}",
    "/api/comments/post/{commentId}",
  ]) {
    expect(paths).toContain(path);
  }
});
