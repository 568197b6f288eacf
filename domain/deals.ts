import { z } from "zod";
import { dealMessages } from "./deals-rules.ts";
import { dealSchema } from "./items.ts";
import { ITEM_LIMITS } from "./items-rules.ts";
import { pageSchema } from "./paging.ts";
import { imagesInput } from "./photos.ts";
import { restaurantInput } from "./restaurant.ts";
import { optionalText, requiredText } from "./text-input.ts";

// A deal: a happy hour or a lunch special at a restaurant, that either ends at a moment or
// repeats weekly in the restaurant's local hours (docs/decisions/0029).

/** The days of a weekly deal, ISO numbered: 1 is Monday, 7 is Sunday. */
const weekDays = [1, 2, 3, 4, 5, 6, 7] as const;

const HOUR_MINUTE = /^([01]\d|2[0-3]):[0-5]\d$/;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A local wall-clock time of day, "16:00". */
const localTime = z.string({ error: dealMessages.timeInvalid }).regex(HOUR_MINUTE, {
  error: dealMessages.timeInvalid,
});

/** A calendar day, "2026-12-31", that exists (no February 30). */
const localDay = z
  .string({ error: dealMessages.dateInvalid })
  .regex(DAY, { error: dealMessages.dateInvalid })
  .refine(
    (value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    dealMessages.dateInvalid,
  );

/** Whether `name` is an IANA time zone this runtime (and so PostgreSQL's tz database) knows. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** When a deal runs: until a moment, or every week on some days between two local hours. */
const dealScheduleInput = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("ends"),
    endsAt: z.iso
      .datetime({ offset: true, error: dealMessages.dateInvalid })
      .refine((value) => Date.parse(value) > Date.now(), dealMessages.alreadyEnded),
  }),
  z
    .object({
      kind: z.literal("weekly"),
      days: z
        .array(z.number().int().min(1).max(7), { error: dealMessages.dayRequired })
        .min(1, dealMessages.dayRequired)
        .max(7)
        .refine((days) => new Set(days).size === days.length, dealMessages.dayRequired),
      from: localTime,
      /** Earlier than `from` runs past midnight into the next day. */
      to: localTime,
      /** The day of the last window (in the restaurant's zone); null repeats for good. */
      lastDay: localDay.nullish().transform((value) => value ?? null),
    })
    .refine((value) => value.from !== value.to, {
      error: dealMessages.hoursEqual,
      path: ["to"],
    }),
]);

/** POST /api/deals. */
export const dealInput = z.object({
  restaurant: restaurantInput,
  title: requiredText(ITEM_LIMITS.titleMax, {
    required: dealMessages.textRequired,
    tooLong: dealMessages.textTooLong,
  }),
  details: optionalText(ITEM_LIMITS.bodyMax, dealMessages.detailsTooLong),
  schedule: dealScheduleInput,
  /**
   * The author's browser zone, used only when the restaurant has no position to take its own
   * zone from.
   */
  timeZone: z
    .string()
    .max(100)
    .refine(isTimeZone, dealMessages.timeZoneInvalid)
    .nullish()
    .transform((value) => value ?? null),
  images: imagesInput.default([]),
});

export type DealInput = z.input<typeof dealInput>;

export type DealValues = z.output<typeof dealInput>;

/** GET /api/restaurants/:id/deals: the deals that have not ended, newest first. */
export const dealPageSchema = pageSchema(dealSchema);

/** Minutes after midnight → "16:00". */
export function timeOfDay(minute: number): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/** ISO days → the stored bit set (bit d - 1 for day d). */
export function dayBits(days: readonly number[]): number {
  return days.reduce((bits, day) => bits | (1 << (day - 1)), 0);
}

/** The stored bit set → ISO days, Monday first. */
export function daysOfBits(bits: number): number[] {
  return weekDays.filter((day) => (bits & (1 << (day - 1))) !== 0);
}
