import { describe, expect, it } from "vitest";
import { statsQuery } from "./stats.ts";
import { formatSpending, formatStatsMonth } from "./stats-rules.ts";

describe("stats formatting", () => {
  it("shows spending as dish costs are shown, and months by their UTC name", () => {
    expect(formatSpending(47.75)).toBe("$47.75");
    expect(formatSpending(0)).toBe("$0.00");
    expect(formatStatsMonth("2025-01")).toBe("Jan 2025");
    expect(formatStatsMonth("2025-12")).toBe("Dec 2025");
  });

  it("takes a year from 2000 to 2100 or none", () => {
    expect(statsQuery.parse({})).toEqual({});
    expect(statsQuery.parse({ year: "2025" })).toEqual({ year: 2025 });
    for (const year of ["1999", "2101", "2025.5", "x", "\0"]) {
      expect(statsQuery.safeParse({ year }).success, year).toBe(false);
    }
  });
});
