import { describe, expect, it } from "vitest";
import { authorDisplayName, authorHandle } from "./items-rules.ts";

describe("item author names", () => {
  it("names the author by full name, else username, else Anonymous", () => {
    expect(authorDisplayName({ fullName: "Ann Lee", username: "ann", slug: "ann" })).toBe(
      "Ann Lee",
    );
    expect(authorDisplayName({ fullName: "  ", username: "ann", slug: "ann" })).toBe("ann");
    expect(authorDisplayName({ fullName: null, username: null, slug: null })).toBe("Anonymous");
  });

  it("links by slug, else username", () => {
    expect(authorHandle({ fullName: null, username: "ann", slug: "ann-2" })).toBe("ann-2");
    expect(authorHandle({ fullName: null, username: "ann", slug: null })).toBe("ann");
    expect(authorHandle({ fullName: null, username: null, slug: null })).toBe("");
  });
});
