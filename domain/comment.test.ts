import { describe, expect, it } from "vitest";
import { createCommentInput } from "./comment.ts";
import { COMMENT_LIMITS, commentMessages, viewAllCommentsLabel } from "./comment-rules.ts";

function firstMessage(value: unknown): string | undefined {
  const result = createCommentInput.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("createCommentInput", () => {
  it("trims the content", () => {
    expect(createCommentInput.parse({ content: "  so good \n" })).toEqual({ content: "so good" });
  });

  it("rejects empty and blank content", () => {
    expect(firstMessage({ content: "" })).toBe(commentMessages.contentRequired);
    expect(firstMessage({ content: " \t\n " })).toBe(commentMessages.contentRequired);
    expect(firstMessage({})).toBe(commentMessages.contentRequired);
    expect(firstMessage({ content: 42 })).toBe(commentMessages.contentRequired);
  });

  it("accepts exactly the maximum and rejects one more", () => {
    const max = "a".repeat(COMMENT_LIMITS.contentMax);
    expect(createCommentInput.parse({ content: ` ${max} ` }).content).toBe(max);
    expect(firstMessage({ content: `${max}b` })).toBe(commentMessages.contentTooLong);
    expect(commentMessages.contentTooLong).toBe("Comment must be less than 1000 characters");
  });

  it("keeps the strings users see", () => {
    expect(commentMessages.signInRequired).toBe("Please sign in to comment");
    expect(commentMessages.empty).toBe("No comments yet. Be the first to comment!");
    expect(viewAllCommentsLabel(5)).toBe("View all 5 comments");
  });
});
