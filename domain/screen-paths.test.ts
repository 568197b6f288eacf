import { describe, expect, it } from "vitest";
import { isScreenPath, matchScreen, screenPaths } from "./screen-paths.ts";

describe("screen paths", () => {
  it("knows every screen of the route table, with or without a trailing slash", () => {
    for (const path of [
      "/",
      "/feed",
      "/feed/",
      "/auth",
      "/auth/callback",
      "/user/ann",
      "/user/%40ann",
      "/profile",
      "/profile/ann",
      "/b/r/il-springfield-joes",
      "/restaurant/8a9c7f9e-4f0a-4d37-9f5e-0c6d2b7b1a11",
      "/view/dish/lobster-roll",
      "/settings/security",
      "/settings/privacy",
      "/admin",
    ]) {
      expect(isScreenPath(path), path).toBe(true);
    }
  });

  it("refuses everything else", () => {
    for (const path of ["/nope", "/user", "/user/a/b", "/view/dish", "/feedx", "/api/feed", "//"]) {
      expect(isScreenPath(path), path).toBe(false);
    }
  });

  it("builds links whose parameters stay one segment", () => {
    expect(screenPaths.user("a/b")).toBe("/user/a%2Fb");
    expect(screenPaths.restaurant({ id: "r1", slug: null })).toBe("/restaurant/r1");
    expect(screenPaths.restaurant({ id: "r1", slug: "il-joes" })).toBe("/b/r/il-joes");
    expect(screenPaths.view("post", "p1")).toBe("/view/post/p1");
    for (const path of [
      screenPaths.user("ann"),
      screenPaths.restaurant({ id: "x", slug: null }),
      screenPaths.view("dish", "x"),
    ]) {
      expect(isScreenPath(path), path).toBe(true);
    }
  });

  it("reads a screen's parameters from its path, still encoded", () => {
    expect(matchScreen("view", "/view/dish/abc")).toEqual({ type: "dish", id: "abc" });
    expect(matchScreen("userProfile", "/user/%40ann/")).toEqual({ handle: "%40ann" });
    expect(matchScreen("restaurantBySlug", "/b/r/il-joes")).toEqual({ slug: "il-joes" });
    expect(matchScreen("feed", "/feed")).toEqual({});
    for (const [name, path] of [
      ["userProfile", "/user/a/b"],
      ["userProfile", "/profile/ann"],
      ["profileByHandle", "/profile"],
      ["view", "/view/dish"],
    ] as const) {
      expect(matchScreen(name, path), `${name} ${path}`).toBeUndefined();
    }
  });
});
