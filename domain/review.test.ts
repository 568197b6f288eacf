import { describe, expect, it } from "vitest";
import { restaurantMessages } from "./restaurant.ts";
import { costInput, createReviewInput, visitedNotAfter } from "./review.ts";
import { formatCost, localToday, reviewMessages } from "./review-rules.ts";

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
    [{ restaurant: { name: "" } }, restaurantMessages.nameRequired],
    [{ title: " " }, reviewMessages.dishRequired],
    [{ rating: undefined }, reviewMessages.ratingRequired],
    [{ rating: 0 }, reviewMessages.ratingInvalid],
    [{ description: "x".repeat(2001) }, reviewMessages.reviewTooLong],
    [{ images: [] }, reviewMessages.photoRequired],
  ])("%j → %s", (overrides, message) => {
    expect(firstMessage(createReviewInput.safeParse({ ...dish, ...overrides }))).toBe(message);
  });

  it("date visited: the form refuses the device's tomorrow, which the server would take", () => {
    const today = localToday(new Date(2026, 10, 28, 23, 30));
    expect(today).toBe("2026-11-28");
    const form = createReviewInput.superRefine(visitedNotAfter(today));
    expect(form.safeParse({ ...dish, visitedOn: "2026-11-28" }).success).toBe(true);
    expect(firstMessage(form.safeParse({ ...dish, visitedOn: "2026-11-29" }))).toBe(
      reviewMessages.visitedInFuture,
    );
    // Left out, the server dates it.
    expect(form.parse(dish)).not.toHaveProperty("visitedOn");
  });

  it("cost: optional, non-negative, two decimals", () => {
    expect(costInput.parse(undefined)).toBeNull();
    expect(costInput.parse("15.99")).toBe(15.99);
    expect(costInput.parse(0)).toBe(0);
    expect(firstMessage(costInput.safeParse(-1))).toBe(reviewMessages.costInvalid);
    expect(firstMessage(costInput.safeParse("1.001"))).toBe(reviewMessages.costDecimals);
    expect(firstMessage(costInput.safeParse("abc"))).toBe(reviewMessages.costInvalid);
    expect(formatCost(15.5)).toBe("15.50");
  });
});
