// `npm run bench:simulate`: what Tasted needs at 10M people and 1M daily actives, from the costs
// the last `npm run bench` measured (bench/results/<date>.json, or --results FILE) and a workload
// given as flags (--daily-active 2000000, --probe-ms 0.05 …; --help lists them). Prints the table
// docs/scaling.md holds and writes bench/results/simulate-<bench date>.json. No database.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import type { BenchReport } from "./report.ts";
import {
  type Capacity,
  type Costs,
  costsFromBench,
  DEFAULT_CAPACITY,
  DEFAULT_TIMELINE_ROW_MS,
  DEFAULT_WORKLOAD,
  type Simulation,
  simulate,
  type Workload,
} from "./simulate-model.ts";

const RESULTS_DIRECTORY = path.resolve("bench", "results");
const COST_FLAGS = [
  "pageMs",
  "probeMs",
  "otherReadMs",
  "appMsPerRequest",
  "timelineRowMs",
] as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Every number of the workload, the capacity and the costs is a flag named after it. */
const numberFlags = [
  ...Object.keys(DEFAULT_WORKLOAD),
  ...Object.keys(DEFAULT_CAPACITY),
  ...COST_FLAGS,
];

function overrides<T extends object>(defaults: T, values: Record<string, unknown>): T {
  const result = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const given = values[kebab(key)];
    if (typeof given !== "string") continue;
    const value = Number(given);
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${kebab(key)} must be a number`);
    (result as Record<string, number>)[key] = value;
  }
  return result;
}

async function newestResults(): Promise<string> {
  const names = (await readdir(RESULTS_DIRECTORY)).filter((name) =>
    /^\d{4}-\d{2}-\d{2}\.json$/.test(name),
  );
  const newest = names.sort().at(-1);
  if (!newest) throw new Error(`no bench results in ${RESULTS_DIRECTORY}: run npm run bench`);
  return path.join(RESULTS_DIRECTORY, newest);
}

const whole = (value: number) => Math.round(value).toLocaleString("en");
const cpu = (value: number) => value.toFixed(2);
const ms = (value: number) => (value < 1 ? value.toFixed(3) : value.toFixed(1));

function table(result: Simulation, workload: Workload, costs: Costs, capacity: Capacity): string {
  const { feed, crossover, app, database, realtime, storage } = result;
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  const rows: [string, string][] = [
    [
      `Peak (×${workload.peakFactor} the day's mean)`,
      `${whole(result.peak.requestsPerSecond)} req/s: ${whole(result.peak.feedPagesPerSecond)} feed pages, ${whole(result.peak.writesPerSecond)} writes`,
    ],
    [
      "Follow graph (the bench generator's model)",
      `${feed.meanFollows.toFixed(1)} follows a person on average; most followed account ${whole(feed.mostFollowers)} followers`,
    ],
    [
      "Feed by fan-out on read",
      `${cpu(feed.fanOutOnRead)} DB CPU-s/s: page ${ms(costs.pageMs)} ms + ${ms(costs.probeMs)} ms a followed person, ${ms(feed.readPageMeanMs)} ms on average`,
    ],
    [
      "Feed by fan-out on write",
      `${cpu(feed.fanOutOnWrite.total)} DB CPU-s/s: ${cpu(feed.fanOutOnWrite.reads)} reading timelines + ${cpu(feed.fanOutOnWrite.writes)} writing ${feed.writeAmplification.toFixed(1)} rows a post at ${ms(costs.timelineRowMs)} ms`,
    ],
    [
      `Timelines (${capacity.timelineKeep} rows each)`,
      `${whole(feed.timelineStorageGb.everyone)} GB for everyone, ${whole(feed.timelineStorageGb.dailyActive)} GB for the daily actives`,
    ],
    [
      "Crossover: follows",
      `a fan-out-on-read page costs over 2× the Everyone page past ${whole(crossover.followsOverPageBudget)} follows (${percent(crossover.shareOverPageBudget)} of people); the median reader fits at ${ms(crossover.probeMsForMedianReader)} ms a probe`,
    ],
    [
      "Crossover: posting rate",
      `merging an author's posts at read time is cheaper than fanning them out above ${crossover.postsPerDayReadWins.toFixed(1)} posts a day`,
    ],
    [
      "Crossover: followers",
      `one post's fan-out takes over ${capacity.fanoutDeadlineSeconds} s on one worker above ${whole(crossover.followersOverDeadline)} followers: ${whole(crossover.accountsOverDeadline)} accounts`,
    ],
    [
      "App instances (one core each)",
      `${whole(app.instances)} at ${ms(costs.appMsPerRequest)} ms of app CPU a request; ${whole(app.streamsAtPeak)} open event streams, ${app.streamMemoryGbPerInstance.toFixed(2)} GB an instance`,
    ],
    [
      `Read replicas (${capacity.dbCores} cores)`,
      `${whole(database.replicas.fanOutOnRead)} with the feed by fan-out on read (${cpu(database.readCpuPerSecond.fanOutOnRead)} CPU-s/s), ${whole(database.replicas.fanOutOnWrite)} by fan-out on write (${cpu(database.readCpuPerSecond.fanOutOnWrite)}); other reads ${ms(costs.otherReadMs)} ms`,
    ],
    [
      "LISTEN/NOTIFY",
      `${whole(realtime.eventsPerSecond)} events/s, every one received by every instance (${percent(realtime.instanceCoreShare)} of its core); limit ${whole(realtime.listenNotifyLimit)} instances, met at ${whole(realtime.dailyActiveAtLimit)} daily actives`,
    ],
    [
      "Likes",
      `${whole(storage.likes.rowsPerDay)} rows/day, ${whole(storage.likes.gbPerYear)} GB a year, past the DB's ${capacity.dbMemoryGb} GB of memory in ${whole(storage.likes.daysToMemory)} days`,
    ],
    [
      "Notifications",
      `${whole(storage.notifications.rowsPerDay)} rows/day, ${whole(storage.notifications.gbPerYear)} GB a year, past the DB's memory in ${whole(storage.notifications.daysToMemory)} days`,
    ],
  ];
  const lines = rows.map(([name, value]) => `| ${name} | ${value} |`);
  return `| | At ${whole(workload.users)} people, ${whole(workload.dailyActive)} daily active |\n|---|---|\n${lines.join("\n")}\n`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      results: { type: "string" },
      help: { type: "boolean" },
      ...Object.fromEntries(numberFlags.map((name) => [kebab(name), { type: "string" as const }])),
    },
  });
  if (values.help) {
    const defaults = {
      ...DEFAULT_WORKLOAD,
      ...DEFAULT_CAPACITY,
      timelineRowMs: DEFAULT_TIMELINE_ROW_MS,
    };
    console.log("npm run bench:simulate -- [--results FILE] [--flag value …]\n");
    for (const name of numberFlags) {
      const fallback = (defaults as Record<string, number>)[name] ?? "from the bench results";
      console.log(`  --${kebab(name).padEnd(26)} ${fallback}`);
    }
    return;
  }
  const resultsFile = typeof values.results === "string" ? values.results : await newestResults();
  const report = JSON.parse(await readFile(resultsFile, "utf8")) as BenchReport;
  const workload = overrides(DEFAULT_WORKLOAD, values);
  const capacity = overrides(DEFAULT_CAPACITY, values);
  const { probeMsAt, ...measured } = costsFromBench(report);
  const costs = overrides<Costs>(measured, values);
  const simulation = simulate(workload, costs, capacity);

  console.log(
    `Costs from ${path.relative(process.cwd(), resultsFile)} (run ${report.date.slice(0, 16).replace("T", " ")} UTC, scale ${report.scale}): ` +
      `probe ${probeMsAt.map(ms).join(" / ")} ms a followed person at 100 / 1,200 follows.\n`,
  );
  console.log(table(simulation, workload, costs, capacity));
  const output = path.join(RESULTS_DIRECTORY, `simulate-${report.date.slice(0, 10)}.json`);
  const inputs = { results: path.basename(resultsFile), workload, capacity, costs, probeMsAt };
  await writeFile(output, `${JSON.stringify({ inputs, simulation }, null, 2)}\n`);
  console.log(`Written to ${path.relative(process.cwd(), output)}`);
}

await main();
