import { describe, expect, it } from "vitest";
import { MENTION_LIMITS, mentionedHandles } from "./mentions.ts";
import { mentionSegments } from "./mentions-rules.ts";

describe("mentions", () => {
  it("finds @handles at the start, after spaces and punctuation, lower case, once each", () => {
    expect(mentionedHandles("@Ana look (@ben_2), and @ana again!")).toEqual(["ana", "ben_2"]);
    expect(mentionedHandles("Thanks @cara.")).toEqual(["cara"]);
  });

  it("finds none inside an email address, a link or a domain, nor too short", () => {
    expect(
      mentionedHandles(
        "mail ana@example.com or see https://medium.com/@ben and www.x.com/?u=@cara, @example.com, @al",
      ),
    ).toEqual([]);
    expect(mentionedHandles("http://a.b?x=1 @dora")).toEqual(["dora"]);
  });

  it("cuts the text into plain pieces and mentions that join back to it", () => {
    const text = "Hi @Ana, meet @ben at ana@x.io";
    const segments = mentionSegments(text);
    expect(segments.map((segment) => segment.text).join("")).toBe(text);
    expect(segments.filter((segment) => segment.handle)).toEqual([
      { text: "@Ana", handle: "ana" },
      { text: "@ben", handle: "ben" },
    ]);
  });

  it("keeps at most the limit of different people", () => {
    const many = Array.from({ length: 15 }, (_, n) => `@person${n}`).join(" ");
    expect(mentionedHandles(many)).toHaveLength(MENTION_LIMITS.perText);
  });
});
