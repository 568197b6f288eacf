// `npm run soak [-- --minutes 10 --database-url postgres://postgres@127.0.0.1:5432/postgres]`
//
// The soak: the real server, started as `npm start` runs it in production, on 127.0.0.1 with a
// fresh data directory (embedded PGlite; with --database-url, a scratch database made on that
// PostgreSQL server and dropped at the end), seeded through its HTTP API (people with profiles,
// dish reviews with photos, posts, follows), then loaded for --minutes from a second process
// (scripts/bench/load.ts) at fixed rates over fixed connections, so the run is bounded in time
// and in requests alike:
// - feed reads, most of the load: visitors and signed-in people, first pages and later pages
//   by cursor, Everyone and Following;
// - likes, unlikes and comments by many people (comments are limited per person a minute);
// - photo uploads, a small real JPEG, each person in turn (uploads are limited per person an
//   hour).
// Each minute records its requests, 5xx, other failures, 429s, p50/p99 latency by kind and the
// server's memory. The first minute is the warm-up. The run passes when no answer is a 5xx, none
// fails otherwise (a 429 is the server's limit doing its job, counted but allowed), the server's
// memory at the end of the last minute is within 10% of what it was at the end of the warm-up,
// and the p99 of reads and of writes in the last minute is within 20% of the minute after the
// warm-up. Prints a table, writes bench/results/soak-<date>.json and, for a full run (10 minutes
// or more), the soak numbers in docs/security.md; exits 1 when a rule fails.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { FeedPage } from "#domain/feed.ts";
import { type ItemKind, itemCollections } from "#domain/item-kinds.ts";
import { createScratchDatabase, type ScratchDatabase } from "#server/test/database.ts";
import {
  callOverHttp,
  type HttpUser,
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
  uploadPhotoOverHttp,
} from "#server/test/server-process.ts";
import { log } from "./bench-options.ts";
import { syntheticPhoto } from "./generator/photos.ts";
import { Random } from "./generator/random.ts";
import {
  CITIES,
  commentText,
  dishName,
  FIRST_NAMES,
  LAST_NAMES,
  postBody,
  postTitle,
  restaurantName,
  reviewText,
  STREETS,
} from "./generator/vocabulary.ts";
import {
  hostMachine,
  LoadDriver,
  loadAverages,
  type MemoryDuringWork,
  type UploadBody,
  withMemorySamples,
  writeUploadBody,
} from "./harness.ts";
import type { LoadPhase, PhaseResult, RequestVariant } from "./load.ts";
import { replaceMarkedSection, writeResultsFile } from "./report.ts";
import { benchAddress, readRequest, uploadRequest, writeRequest } from "./scenarios.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const DEFAULT_MINUTES = 10;
/** Bounds the run (and with the rates below, every count of requests and uploads). */
const MAX_MINUTES = 60;
const MINUTE_SECONDS = 60;
const SEED = 1;
/**
 * The load, by kind: requests a second and the connections they share. Reads are nine in ten.
 * The rates stay under what the server answers on this machine (2 cores), so a minute's latency
 * shows the server's health rather than a queue. Spread over SEEDING.people, comments stay under
 * the server's 20 a person a minute and uploads under its 200 a person an hour, up to MAX_MINUTES.
 */
const LOAD = {
  reads: { rate: 60, connections: 6 },
  writes: { rate: 6, connections: 2 },
  uploads: { rate: 1, connections: 1 },
} as const;
type LoadKind = keyof typeof LOAD;
const KINDS = Object.keys(LOAD) as LoadKind[];
const KIND_TITLES: Record<LoadKind, string> = {
  reads: "feed reads",
  writes: "likes and comments",
  uploads: "uploads",
};
const SEEDING = { people: 60, postsEach: 2, followsEach: 12, restaurants: 8, batch: 4 };
/** Feed pages read by cursor after the first (20 items a page). */
const CURSOR_PAGES = 4;
/** A phone photo as people upload them, made by sharp. */
const PHOTO = { width: 1024, height: 768 };
const RULES = { rssGrowth: 0.1, p99Drift: 0.2 };
const DOCS_BEGIN = "<!-- soak:begin (written by a full npm run soak) -->";
const DOCS_END = "<!-- soak:end -->";

interface SoakMinute {
  minute: number;
  requests: number;
  serverErrors: number;
  /** Answers outside 2xx other than 5xx and 429, plus connection errors and timeouts. */
  otherFailures: number;
  rateLimited: number;
  byKind: Record<LoadKind, PhaseResult>;
  rssMb: MemoryDuringWork;
  loadAverage: number;
}

interface RuleCheck {
  rule: string;
  measured: string;
  met: boolean;
}

interface SoakReport {
  date: string;
  machine: ReturnType<typeof hostMachine>;
  database: "PGlite" | "PostgreSQL";
  loadAverage: { start: number[]; end: number[] };
  options: { minutes: number; load: typeof LOAD; seeding: typeof SEEDING; photo: typeof PHOTO };
  seeded: { people: number; items: number; photoBytes: number };
  minutes: SoakMinute[];
  /** Lines the server logged at error level or above during the run (the checks hold the verdict). */
  serverErrorLogs: number;
  checks: RuleCheck[];
  passed: boolean;
}

// ---------------------------------------------------------------------------------------------
// Seeding, through the API the app calls

interface Seeded {
  people: HttpUser[];
  /** Everything the feed shows, newest first. */
  items: { kind: ItemKind; id: string }[];
  /** Visitor feed cursors for pages 2, 3 … */
  visitorCursors: string[];
  /** A signed-in person's Following cursor for page 2, when it has one. */
  followingCursor: { who: HttpUser; cursor: string } | undefined;
}

async function inBatches<T>(
  items: T[],
  size: number,
  work: (item: T, index: number) => Promise<void>,
) {
  for (let at = 0; at < items.length; at += size) {
    await Promise.all(items.slice(at, at + size).map((item, offset) => work(item, at + offset)));
  }
}

async function seed(server: ServerProcess, photo: Buffer): Promise<Seeded> {
  const random = new Random(SEED, "soak");
  const restaurants = Array.from({ length: SEEDING.restaurants }, () => {
    const [city, region] = random.pick(CITIES);
    return {
      city,
      name: restaurantName(random),
      address: `${random.between(1, 400)} ${random.pick(STREETS)}, ${region}`,
    };
  });
  const indexes = Array.from({ length: SEEDING.people }, (_, index) => index);
  const people: HttpUser[] = [];
  // Each from its own address (the server trusts X-Forwarded-For here), as sign-ups from many
  // people are: the per-address sign-up limit meets one each.
  await inBatches(indexes, SEEDING.batch, async (index) => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length] ?? "Ada";
    const lastName = LAST_NAMES[(index * 7) % LAST_NAMES.length] ?? "Lee";
    const username = `${firstName}_${lastName}_${index}`.toLowerCase();
    const person = await signUpOverHttp(server, username, {
      "x-forwarded-for": benchAddress(index),
    });
    await callOverHttp(server, "PUT", "/api/profile", person, { firstName, lastName, username });
    people[index] = person;
  });

  await inBatches(people, SEEDING.batch, async (author, index) => {
    const place = restaurants[index % restaurants.length];
    if (!place) throw new Error("no restaurant to review");
    const dish = dishName(random);
    await callOverHttp(server, "POST", "/api/reviews", author, {
      reviewType: "dish",
      restaurant: { name: place.name, address: place.address },
      title: dish,
      rating: random.between(2, 5),
      cost: random.between(6, 40),
      description: reviewText(random, dish),
      images: [{ uploadId: await uploadPhotoOverHttp(server, author, photo) }],
    });
    for (let post = 0; post < SEEDING.postsEach; post += 1) {
      await callOverHttp(server, "POST", "/api/posts", author, {
        title: postTitle(random, place.city),
        content: postBody(random),
      });
    }
  });

  await inBatches(people, SEEDING.batch, async (follower, index) => {
    for (let step = 1; step <= SEEDING.followsEach; step += 1) {
      const followed = people[(index + step) % people.length];
      if (!followed) continue;
      await callOverHttp(server, "PUT", `/api/profiles/${followed.userId}/follow`, follower);
    }
  });

  const items: Seeded["items"] = [];
  const visitorCursors: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
    const page = (await (
      await callOverHttp(server, "GET", `/api/feed${query}`, undefined)
    ).json()) as FeedPage;
    items.push(...page.items.map((item) => ({ kind: item.itemType, id: item.id })));
    cursor = page.nextCursor;
    if (cursor && visitorCursors.length < CURSOR_PAGES) visitorCursors.push(cursor);
  } while (cursor);

  const reader = people[0];
  if (!reader) throw new Error("nobody signed up");
  const following = (await (
    await callOverHttp(server, "GET", "/api/feed?scope=following", reader)
  ).json()) as FeedPage;
  return {
    people,
    items,
    visitorCursors,
    followingCursor: following.nextCursor
      ? { who: reader, cursor: following.nextCursor }
      : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// The load

/** What each kind of load sends, in turn. */
function loadVariants(
  baseUrl: string,
  seeded: Seeded,
  upload: UploadBody,
): Record<LoadKind, RequestVariant[]> {
  const { people, items, visitorCursors, followingCursor } = seeded;
  const person = (index: number) => people[index % people.length] as HttpUser;
  const page = (cursor: string) => `cursor=${encodeURIComponent(cursor)}`;

  // First pages far more often than later ones, as people scroll less the further they go.
  const reads: RequestVariant[] = [];
  for (let round = 0; round < 4; round += 1) {
    reads.push(
      readRequest("/api/feed"),
      readRequest("/api/feed", person(round)),
      readRequest("/api/feed?scope=following", person(round + 4)),
    );
  }
  visitorCursors.forEach((cursor, index) => {
    reads.push(readRequest(`/api/feed?${page(cursor)}`));
    if (index === 0) reads.push(readRequest(`/api/feed?${page(cursor)}`, person(8)));
  });
  if (followingCursor) {
    reads.push(
      readRequest(`/api/feed?scope=following&${page(followingCursor.cursor)}`, followingCursor.who),
    );
  }

  // Two people like an item, a third comments, then both take their like back: four likes or
  // unlikes to one comment, and every like undone, so the run can go on as long as it likes.
  // Each minute starts the list again (a like left at a minute's end is set again, which is
  // idempotent, then undone), so the newest items get the writes, as they do in a feed.
  const random = new Random(SEED, "soak-comments");
  const writes = items.flatMap(({ kind, id }, index) => {
    const like = `/api/${itemCollections[kind]}/${id}/like`;
    const [first, second, commenter] = [
      person(index * 3),
      person(index * 3 + 1),
      person(index * 3 + 2),
    ];
    return [
      writeRequest(baseUrl, "PUT", like, first),
      writeRequest(baseUrl, "PUT", like, second),
      writeRequest(baseUrl, "POST", `/api/${itemCollections[kind]}/${id}/comments`, commenter, {
        content: commentText(random),
      }),
      writeRequest(baseUrl, "DELETE", like, first),
      writeRequest(baseUrl, "DELETE", like, second),
    ];
  });

  const uploads = people.map((who) => uploadRequest(baseUrl, who, upload));
  return { reads, writes, uploads };
}

function summarise(minute: number, results: PhaseResult[], rssMb: MemoryDuringWork): SoakMinute {
  const byKind = Object.fromEntries(KINDS.map((kind, index) => [kind, results[index]])) as Record<
    LoadKind,
    PhaseResult
  >;
  let requests = 0;
  let serverErrors = 0;
  let rateLimited = 0;
  let otherFailures = 0;
  for (const result of results) {
    requests += result.requests;
    otherFailures += result.errors;
    for (const [status, count] of Object.entries(result.statuses)) {
      if (status.startsWith("5")) serverErrors += count;
      else if (status === "429") rateLimited += count;
      else otherFailures += count;
    }
  }
  return {
    minute,
    requests,
    serverErrors,
    otherFailures,
    rateLimited,
    byKind,
    rssMb,
    loadAverage: loadAverages()[0] ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Verdict and report

/**
 * Whether a line the server printed is an error (pino's level 50 and up) or not a log line at
 * all (a crash). The rest, the console emails of sign-ups above all, would bury the soak's own
 * lines.
 */
function isServerError(line: string): boolean {
  try {
    const { level } = JSON.parse(line) as { level?: unknown };
    return typeof level !== "number" || level >= 50;
  } catch {
    return line.trim().length > 0;
  }
}

const percent = (value: number) => `${value >= 0 ? "+" : ""}${(value * 100).toFixed(1)}%`;

function verdict(minutes: SoakMinute[]): RuleCheck[] {
  const warmUp = minutes[0];
  const firstAfter = minutes[1];
  const last = minutes.at(-1);
  if (!warmUp || !firstAfter || !last) throw new Error("a soak needs two minutes or more");
  const sum = (pick: (minute: SoakMinute) => number) =>
    minutes.reduce((total, minute) => total + pick(minute), 0);
  const serverErrors = sum((minute) => minute.serverErrors);
  const otherFailures = sum((minute) => minute.otherFailures);
  const growth = (last.rssMb.after - warmUp.rssMb.after) / warmUp.rssMb.after;
  const checks: RuleCheck[] = [
    { rule: "no 5xx", measured: `${serverErrors}`, met: serverErrors === 0 },
    {
      rule: "no other failure (non-2xx other than 429, connection error, timeout)",
      measured: `${otherFailures}`,
      met: otherFailures === 0,
    },
    {
      rule: `server RSS growth after warm-up < ${RULES.rssGrowth * 100}%`,
      measured: `${warmUp.rssMb.after} → ${last.rssMb.after} MB (${percent(growth)})`,
      met: growth < RULES.rssGrowth,
    },
  ];
  // Uploads are judged by the first two rules only: at one a second, a minute's p99 is its
  // slowest upload or so, which one busy moment on the machine moves.
  for (const kind of ["reads", "writes"] as const) {
    const before = firstAfter.byKind[kind].p99;
    const after = last.byKind[kind].p99;
    const drift = (after - before) / before;
    checks.push({
      rule: `${KIND_TITLES[kind]} p99 drift (minute ${last.minute} vs ${firstAfter.minute}) < ${RULES.p99Drift * 100}%`,
      measured: `${before} → ${after} ms (${Number.isFinite(drift) ? percent(drift) : "n/a"})`,
      met: Number.isFinite(drift) && drift < RULES.p99Drift,
    });
  }
  return checks;
}

const ms = (value: number | null) =>
  value === null || !Number.isFinite(value)
    ? "n/a"
    : value < 10
      ? value.toFixed(1)
      : `${Math.round(value)}`;

function minuteTable(report: SoakReport): string {
  const lines = [
    `| Minute | Requests | 5xx | Other failures | 429 | ${KINDS.map((kind) => `${KIND_TITLES[kind]} p50/p99 ms`).join(" | ")} | Server RSS MB (end / peak) |`,
    `|---|---|---|---|---|${KINDS.map(() => "---|").join("")}---|`,
  ];
  for (const minute of report.minutes) {
    const latencies = KINDS.map((kind) => {
      const result = minute.byKind[kind];
      return `${ms(result.p50)} / ${ms(result.p99)}`;
    });
    lines.push(
      `| ${minute.minute}${minute.minute === 1 ? " (warm-up)" : ""} | ${minute.requests.toLocaleString("en")} | ${minute.serverErrors} | ${minute.otherFailures} | ${minute.rateLimited} | ${latencies.join(" | ")} | ${minute.rssMb.after} / ${minute.rssMb.peak} |`,
    );
  }
  return lines.join("\n");
}

function markdown(report: SoakReport): string {
  const { machine, options } = report;
  const rates = KINDS.map(
    (kind) =>
      `${KIND_TITLES[kind]} ${options.load[kind].rate}/s on ${options.load[kind].connections} connection${options.load[kind].connections > 1 ? "s" : ""}`,
  ).join(", ");
  return [
    `Run ${report.date.slice(0, 16).replace("T", " ")} UTC, ${options.minutes} minutes on ${report.database}: ${rates}; ${report.seeded.people} people, ${report.seeded.items} items seeded.`,
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}. Load average (1/5/15 min) ${report.loadAverage.start.join("/")} at the start, ${report.loadAverage.end.join("/")} at the end.`,
    "",
    minuteTable(report),
    "",
    `Server lines logged at error level: ${report.serverErrorLogs}.`,
    "",
    ...report.checks.map(
      (check) => `- ${check.met ? "Met" : "**Missed**"}: ${check.rule}: ${check.measured}.`,
    ),
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const { values } = parseArgs({
    options: {
      minutes: { type: "string", default: String(DEFAULT_MINUTES) },
      "database-url": { type: "string" },
    },
  });
  const minutes = Number(values.minutes);
  if (!Number.isInteger(minutes) || minutes < 2 || minutes > MAX_MINUTES) {
    throw new Error(
      `--minutes must be a whole number from 2 to ${MAX_MINUTES} (the first is the warm-up)`,
    );
  }
  const loadAtStart = loadAverages();
  const most = (kind: LoadKind) => LOAD[kind].rate * MINUTE_SECONDS * minutes;
  log(
    `soak: ${minutes} minutes, at most ${KINDS.reduce((total, kind) => total + most(kind), 0).toLocaleString("en")} requests (${most("uploads")} uploads)`,
  );

  const scratchDir = await mkdtemp(path.join(tmpdir(), "tasted-soak-"));
  let scratchDatabase: ScratchDatabase | undefined;
  let server: ServerProcess | undefined;
  let driver: LoadDriver | undefined;
  let serverErrorLogs = 0;
  try {
    if (values["database-url"]) {
      scratchDatabase = await createScratchDatabase("soak", values["database-url"]);
    }
    // Production, as `npm start` runs it; TRUST_PROXY lets the seeding sign many people up
    // from their own addresses (X-Forwarded-For), as real sign-ups come.
    server = await startServerProcess({
      ...(scratchDatabase ? { databaseUrl: scratchDatabase.url } : {}),
      env: { NODE_ENV: "production", AUTH_RATE_LIMITS: "strict", TRUST_PROXY: "true" },
      onLine: (line) => {
        if (!isServerError(line)) return;
        serverErrorLogs += 1;
        process.stderr.write(`[server] ${line}\n`);
      },
    });
    const photo = await syntheticPhoto(PHOTO.width, PHOTO.height, SEED);
    const seeded = await seed(server, photo);
    log(
      `seeded ${seeded.people.length} people, ${seeded.items.length} items; photo ${PHOTO.width}×${PHOTO.height}, ${Math.round(photo.length / 1024)} kB`,
    );
    const upload = await writeUploadBody(path.join(scratchDir, "photo.multipart"), photo);
    const variants = loadVariants(server.url, seeded, upload);
    const baseUrl = server.url;
    const phases = KINDS.map(
      (kind): LoadPhase => ({
        baseUrl,
        variants: variants[kind],
        ...LOAD[kind],
        duration: MINUTE_SECONDS,
      }),
    );

    driver = new LoadDriver();
    const loadDriver = driver;
    const pid = server.pid;
    const results: SoakMinute[] = [];
    for (let minute = 1; minute <= minutes; minute += 1) {
      const { result, rssMb } = await withMemorySamples(pid, () => loadDriver.run(phases));
      const summary = summarise(minute, result, rssMb);
      results.push(summary);
      log(
        `minute ${minute}${minute === 1 ? " (warm-up)" : ""}: ${summary.requests} requests, ${summary.serverErrors} 5xx, ${summary.otherFailures} other failures, ${summary.rateLimited} 429; ` +
          KINDS.map(
            (kind) => `${kind} p50/p99 ${summary.byKind[kind].p50}/${summary.byKind[kind].p99} ms`,
          ).join(", ") +
          `; RSS ${rssMb.after} MB`,
      );
    }

    const checks = verdict(results);
    const report: SoakReport = {
      date: new Date().toISOString(),
      machine: hostMachine(),
      database: scratchDatabase ? "PostgreSQL" : "PGlite",
      loadAverage: { start: loadAtStart, end: loadAverages() },
      options: { minutes, load: LOAD, seeding: SEEDING, photo: PHOTO },
      seeded: {
        people: seeded.people.length,
        items: seeded.items.length,
        photoBytes: photo.length,
      },
      minutes: results,
      serverErrorLogs,
      checks,
      passed: checks.every((check) => check.met),
    };
    process.stdout.write(`\n${minuteTable(report)}\n\n`);
    for (const check of checks) {
      process.stdout.write(`${check.met ? "ok  " : "FAIL"} ${check.rule}: ${check.measured}\n`);
    }
    process.stdout.write(`     server lines logged at error level: ${serverErrorLogs}\n`);
    const file = await writeResultsFile(root, `soak-${report.date.slice(0, 10)}.json`, report);
    log(`wrote ${path.relative(root, file)}`);
    if (minutes >= DEFAULT_MINUTES) {
      await replaceMarkedSection(path.join(root, "docs", "security.md"), {
        begin: DOCS_BEGIN,
        end: DOCS_END,
        section: markdown(report),
        newDocument: "# Security\n",
      });
      log("wrote the soak numbers in docs/security.md");
    }
    if (!report.passed) process.exitCode = 1;
  } finally {
    driver?.close();
    await server?.stop();
    await scratchDatabase?.drop();
    await rm(scratchDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
