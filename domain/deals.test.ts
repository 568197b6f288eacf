import { describe, expect, it } from "vitest";
import { DEAL_CARD_TEXT, type DealWhen, dealWhenText } from "./deal-when.ts";
import { dealInput } from "./deals.ts";

const now = new Date("2026-11-28T12:00:00Z");
const weekly = (days: number[], from: string, to: string): DealWhen => ({
  hasEnded: false,
  reportedGone: false,
  schedule: { kind: "weekly", days, from, to, lastDay: null },
});
const ends = (endsAt: string): DealWhen => ({
  hasEnded: false,
  reportedGone: false,
  schedule: { kind: "ends", endsAt },
});

describe("dealWhenText", () => {
  it("says how long a deal has left", () => {
    expect(dealWhenText(ends("2026-11-28T15:00:00Z"), now)).toBe("Ends in 3 hours");
    expect(dealWhenText(ends("2026-11-28T13:00:00Z"), now)).toBe("Ends in 1 hour");
    expect(dealWhenText(ends("2026-11-28T12:20:00Z"), now)).toBe("Ends in 20 minutes");
    expect(dealWhenText(ends("2026-12-01T12:00:00Z"), now)).toBe("Ends in 3 days");
    expect(dealWhenText({ ...ends("2026-11-28T11:00:00Z"), hasEnded: true }, now)).toBe(
      DEAL_CARD_TEXT.ended,
    );
    expect(dealWhenText({ ...ends("2026-11-28T15:00:00Z"), reportedGone: true }, now)).toBe(
      DEAL_CARD_TEXT.reportedGone,
    );
  });

  it("writes weekly windows in 12-hour local hours", () => {
    expect(dealWhenText(weekly([1, 2, 3, 4, 5], "16:00", "19:00"))).toBe("Mon–Fri 4–7 pm");
    expect(dealWhenText(weekly([6, 7], "11:00", "14:30"))).toBe("Sat, Sun 11 am–2:30 pm");
    expect(dealWhenText(weekly([5], "22:00", "02:00"))).toBe("Fri 10 pm–2 am");
    expect(dealWhenText(weekly([1, 3, 4, 5, 7], "12:00", "13:00"))).toBe(
      "Mon, Wed–Fri, Sun 12–1 pm",
    );
    expect(dealWhenText(weekly([1, 2, 3, 4, 5, 6, 7], "00:00", "06:00"))).toBe("Every day 12–6 am");
  });
});

describe("dealInput", () => {
  it("takes a weekly deal without a last day and trims its text", () => {
    const parsed = dealInput.parse({
      restaurant: { name: "Corner Tap" },
      title: " Two for one ",
      schedule: { kind: "weekly", days: [1], from: "16:00", to: "19:00" },
    });
    expect(parsed).toMatchObject({
      title: "Two for one",
      details: null,
      timeZone: null,
      images: [],
      schedule: { lastDay: null },
    });
  });
});
