// No zod here: a deal card's text, which list screens load without the deal form's schemas.

/** The words on every deal card. */
export const DEAL_CARD_TEXT = {
  badge: "Deal",
  ended: "Ended",
  /** Gone leads Still on by DEAL_GONE_LEAD (deal-votes.ts): shown where the deal still is. */
  reportedGone: "Reported gone",
} as const;

/** Deleting one's own deal from its menu (item screens load this without the deal form). */
export const DEAL_DELETE_TEXT = {
  title: "Delete Deal",
  text: "Are you sure you want to delete this deal? This action cannot be undone.",
  deleted: "Deal deleted",
  failed: "Failed to delete deal",
} as const;

/** When a deal runs, as the API returns it (domain/deals.ts dealSchema). */
export interface DealWhen {
  hasEnded: boolean;
  reportedGone: boolean;
  schedule:
    | { kind: "ends"; endsAt: string }
    | { kind: "weekly"; days: number[]; from: string; to: string; lastDay: string | null };
}

/** "16:00" → minutes after midnight. */
export function minuteOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** "Mon–Fri", "Mon, Wed", "Sat, Sun", "Every day": runs of three or more days joined by a dash. */
function daysText(days: readonly number[]): string {
  if (days.length === 7) return "Every day";
  const sorted = [...days].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const name = (day: number) => DAY_NAMES[day - 1] ?? "";
  return runs
    .flatMap((run) =>
      run.length >= 3 ? [`${name(run[0] ?? 1)}–${name(run.at(-1) ?? 1)}`] : run.map(name),
    )
    .join(", ");
}

/** A clock time on a 12-hour dial: "4", "4:30", with its "am"/"pm" apart. */
function twelveHour(time: string): { clock: string; half: "am" | "pm" } {
  const minute = minuteOfDay(time);
  const hours = Math.floor(minute / 60);
  const minutes = minute % 60;
  const dial = hours % 12 === 0 ? 12 : hours % 12;
  return {
    clock: minutes === 0 ? String(dial) : `${dial}:${String(minutes).padStart(2, "0")}`,
    half: hours < 12 ? "am" : "pm",
  };
}

/** "4–7 pm", "11 am–2 pm", "10 pm–2 am". */
function hoursText(from: string, to: string): string {
  const start = twelveHour(from);
  const end = twelveHour(to);
  const sameHalf = start.half === end.half && minuteOfDay(from) < minuteOfDay(to);
  return sameHalf
    ? `${start.clock}–${end.clock} ${end.half}`
    : `${start.clock} ${start.half}–${end.clock} ${end.half}`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/**
 * When a deal runs, as its card says it: "Ended", "Reported gone", "Ends in 3 hours" (minutes under an hour,
 * days from two days on), or its weekly windows in the restaurant's hours, "Mon–Fri 4–7 pm".
 */
export function dealWhenText(deal: DealWhen, now: Date = new Date()): string {
  if (deal.hasEnded) return DEAL_CARD_TEXT.ended;
  if (deal.reportedGone) return DEAL_CARD_TEXT.reportedGone;
  const { schedule } = deal;
  if (schedule.kind === "weekly") {
    return `${daysText(schedule.days)} ${hoursText(schedule.from, schedule.to)}`;
  }
  const minutes = Math.max(1, Math.round((Date.parse(schedule.endsAt) - now.getTime()) / 60_000));
  if (minutes < 60) return `Ends in ${plural(minutes, "minute")}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `Ends in ${plural(hours, "hour")}`;
  return `Ends in ${plural(Math.round(hours / 24), "day")}`;
}
