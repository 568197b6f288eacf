import { describe, expect, it } from "vitest";
import { postInput } from "./post.ts";
import { postMessages } from "./post-rules.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("post rules", () => {
  it("title and content limits", () => {
    expect(firstMessage(postInput.safeParse({ title: "" }))).toBe(postMessages.titleRequired);
    expect(firstMessage(postInput.safeParse({ title: "x".repeat(201) }))).toBe(
      postMessages.titleTooLong,
    );
    expect(firstMessage(postInput.safeParse({ title: "t", content: "x".repeat(2001) }))).toBe(
      postMessages.contentTooLong,
    );
    expect(postInput.parse({ title: "t" })).toMatchObject({ restaurant: null, images: [] });
  });
});
