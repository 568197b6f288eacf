import { describe, expect, it } from "vitest";
import {
  addressLocality,
  costInput,
  createReviewInput,
  derivedPriceTier,
  dollarSigns,
  formatCost,
  formatDistance,
  haversineMeters,
  isNearby,
  postInput,
  priceLevelLabel,
  restaurantSlug,
  reviewMessages,
  slugifyTitle,
} from "./review.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("review rules", () => {
  const dish = {
    reviewType: "dish",
    restaurant: { name: "Taco Spot" },
    title: "Al Pastor",
    rating: 4,
    images: [{ uploadId: "00000000-0000-4000-8000-000000000000" }],
  };

  it("accepts a valid dish review and normalises empty values", () => {
    const parsed = createReviewInput.parse({ ...dish, cost: "", description: "  " });
    expect(parsed).toMatchObject({ cost: null, description: null });
  });

  it.each([
    [{ restaurant: { name: "" } }, reviewMessages.restaurantRequired],
    [{ title: " " }, reviewMessages.dishRequired],
    [{ rating: undefined }, reviewMessages.ratingRequired],
    [{ rating: 0 }, reviewMessages.ratingInvalid],
    [{ description: "x".repeat(2001) }, reviewMessages.reviewTooLong],
    [{ images: [] }, reviewMessages.photoRequired],
  ])("%j → %s", (overrides, message) => {
    expect(firstMessage(createReviewInput.safeParse({ ...dish, ...overrides }))).toBe(message);
  });

  it("cost: optional, non-negative, two decimals", () => {
    expect(costInput.parse(undefined)).toBeNull();
    expect(costInput.parse("15.99")).toBe(15.99);
    expect(costInput.parse(0)).toBe(0);
    expect(firstMessage(costInput.safeParse(-1))).toBe(reviewMessages.costInvalid);
    expect(firstMessage(costInput.safeParse("1.001"))).toBe(reviewMessages.costDecimals);
    expect(firstMessage(costInput.safeParse("abc"))).toBe(reviewMessages.costInvalid);
  });

  it("post rules", () => {
    expect(firstMessage(postInput.safeParse({ title: "" }))).toBe(reviewMessages.titleRequired);
    expect(firstMessage(postInput.safeParse({ title: "x".repeat(201) }))).toBe(
      reviewMessages.titleTooLong,
    );
    expect(firstMessage(postInput.safeParse({ title: "t", content: "x".repeat(2001) }))).toBe(
      reviewMessages.contentTooLong,
    );
    expect(postInput.parse({ title: "t" })).toMatchObject({ restaurant: null, images: [] });
  });
});

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

describe("prices and distances", () => {
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
    expect(formatCost(15.5)).toBe("15.50");
  });

  it("haversine with the spec's Earth radius, km within 50 km, pin within 2 km", () => {
    const meters = haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 });
    expect(meters).toBeCloseTo((6371000 * Math.PI) / 180, 0);
    expect(formatDistance(1234)).toBe("1.2 km");
    expect(formatDistance(50_001)).toBeNull();
    expect(isNearby(2000)).toBe(true);
    expect(isNearby(2001)).toBe(false);
  });
});
