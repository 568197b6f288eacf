import { describe, expect, it } from "vitest";
import { followedReviewersSentence } from "./followed-reviewers.ts";

describe("who of the people you follow reviewed a restaurant", () => {
  it("names one or two people", () => {
    expect(followedReviewersSentence(["Ana Lee"], 1)).toBe("Ana Lee reviewed this place");
    expect(followedReviewersSentence(["Ana Lee", "Ben Ortiz"], 2)).toBe(
      "Ana Lee and Ben Ortiz reviewed this place",
    );
  });

  it("names two and counts the others", () => {
    expect(followedReviewersSentence(["Ana", "Ben", "Cy"], 3)).toBe(
      "Ana, Ben and 1 other you follow reviewed this place",
    );
    expect(followedReviewersSentence(["Ana", "Ben", "Cy"], 5)).toBe(
      "Ana, Ben and 3 others you follow reviewed this place",
    );
  });

  it("counts reviewers whose reviews were not loaded", () => {
    expect(followedReviewersSentence(["Ana"], 4)).toBe(
      "Ana and 3 others you follow reviewed this place",
    );
  });
});
