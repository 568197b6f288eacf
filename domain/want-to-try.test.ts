import { describe, expect, it } from "vitest";
import { wantToTryMessages } from "./want-to-try-rules.ts";

describe("want to try messages", () => {
  it("say how many people you follow saved a place, one person or more", () => {
    expect(wantToTryMessages.savedByFollowed(1)).toBe("Saved by 1 person you follow");
    expect(wantToTryMessages.savedByFollowed(2)).toBe("Saved by 2 people you follow");
  });
});
