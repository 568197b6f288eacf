import { describe, expect, it } from "vitest";
import { addressLocality, restaurantSlug, slugifyTitle } from "./slugs.ts";

describe("slugs", () => {
  it("restaurant slug: lowercase, non-alphanumerics removed, state-city prefix", () => {
    expect(restaurantSlug("Joe's Pizza & Bar")).toBe("joes-pizza-bar");
    expect(restaurantSlug("Joe's Pizza", "1 Main St, Springfield, IL 62701, USA")).toBe(
      "il-springfield-joes-pizza",
    );
    expect(restaurantSlug("Café Olé", "12 Rue X, 75001 Paris, France")).toBe("paris-cafe-ole");
    expect(restaurantSlug("!!!")).toBe("restaurant");
    expect(addressLocality("Main St")).toEqual({});
    expect(slugifyTitle("Lobster  Roll!")).toBe("lobster-roll");
  });
});
