import { describe, expect, it } from "vitest";
import { derivedPriceTier } from "./restaurant.ts";
import { dollarSigns, priceLevelLabel } from "./restaurant-rules.ts";

describe("prices", () => {
  it("derived price tier", () => {
    expect([10, 15, 29.99, 30, 49, 50, null].map(derivedPriceTier)).toEqual([
      1,
      2,
      2,
      3,
      3,
      4,
      null,
    ]);
    expect(priceLevelLabel(3)).toBe("Premium");
    expect(dollarSigns(2)).toBe("$$");
  });
});
