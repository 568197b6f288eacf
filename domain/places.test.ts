import { describe, expect, it } from "vitest";
import { haversineMeters } from "./places.ts";
import { formatDistance, isNearby } from "./places-rules.ts";

describe("distances", () => {
  it("haversine with the Earth's mean radius, km within 50 km, pin within 2 km", () => {
    const meters = haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 });
    expect(meters).toBeCloseTo((6371000 * Math.PI) / 180, 0);
    expect(formatDistance(1234)).toBe("1.2 km");
    expect(formatDistance(50_001)).toBeNull();
    expect(isNearby(2000)).toBe(true);
    expect(isNearby(2001)).toBe(false);
  });
});
