import { describe, expect, it } from "vitest";
import { yearParam } from "./year-in-food.ts";
import { pathYear } from "./year-in-food-rules.ts";

describe("a year in a path", () => {
  it("the page reads the years the API accepts, and no other", () => {
    for (const raw of [
      "2026",
      "1970",
      "9999",
      "1969",
      "0999",
      "202",
      "20261",
      "2026a",
      "",
      " 2026",
    ]) {
      const parsed = yearParam.safeParse(raw);
      expect(pathYear(raw), raw).toBe(parsed.success ? parsed.data : undefined);
    }
    expect(pathYear("2026")).toBe(2026);
    expect(pathYear("1969")).toBeUndefined();
  });
});
