// The capacity model behind `npm run bench:simulate`: pure functions from the bench's measured
// costs and a workload to what 10M people would need. No I/O, so the unit test can hold it.

import {
  FOLLOW_CAP,
  FOLLOW_COUNT_SHAPE,
  FOLLOWED_POPULARITY_K,
  READER_FOLLOWS,
} from "./generator/follow-model.ts";
import { allocate, Random } from "./generator/random.ts";
import type { BenchReport } from "./report.ts";

const DAY_SECONDS = 86_400;
const GB = 1e9;

/** What people do: per daily active person and day, unless named otherwise. */
export interface Workload {
  users: number;
  dailyActive: number;
  /** Busiest hour's request rate over the day's mean rate. */
  peakFactor: number;
  feedOpens: number;
  pagesPerFeedOpen: number;
  /** Profile, restaurant, explore and detail reads besides the feed. */
  otherReads: number;
  posts: number;
  likes: number;
  comments: number;
  follows: number;
  /** Minutes a day with the app open (one event stream each). */
  minutesOpen: number;
  followsPerPerson: number;
}

/** Milliseconds of one core, from `npm run bench` unless a flag overrides them. */
export interface Costs {
  /** SQL of the Everyone page: one index walk and the page's rows (a timeline page's shape). */
  pageMs: number;
  /** SQL of the Following page per followed person (fan-out on read's probe). */
  probeMs: number;
  /** Median SQL of the other reads. */
  otherReadMs: number;
  /** Median of endpoint minus SQL at one connection: HTTP, session, validation, JSON. */
  appMsPerRequest: number;
  /** Writing one timeline row and trimming one (fan-out on write), not measured by the bench. */
  timelineRowMs: number;
  /** Server memory per open event stream, kB. */
  streamKb: number;
}

/** What one machine gives and what a row weighs; assumptions, each a flag. */
export interface Capacity {
  /** Share of a core planned at peak (the rest absorbs bursts). */
  utilisation: number;
  /** Cores of one PostgreSQL server (primary or replica). */
  dbCores: number;
  dbMemoryGb: number;
  /** One NOTIFY read by one listening connection and handled by its process, microseconds. */
  notifyDeliveryUs: number;
  /** Share of one PostgreSQL core the NOTIFY deliveries may take before LISTEN/NOTIFY is swapped. */
  notifyCoreShare: number;
  /** A post should be in every follower's timeline within this many seconds. */
  fanoutDeadlineSeconds: number;
  timelineKeep: number;
  likeRowBytes: number;
  notificationRowBytes: number;
  timelineRowBytes: number;
  /** Realtime events per write: a like or comment notifies its author, a follow both people. */
  eventsPerLike: number;
  eventsPerComment: number;
  eventsPerFollow: number;
  /** Notification rows per like, comment and follow (a repeated unread like is not repeated). */
  notificationsPerWrite: number;
}

export const DEFAULT_WORKLOAD: Workload = {
  users: 10_000_000,
  dailyActive: 1_000_000,
  peakFactor: 3,
  feedOpens: 5,
  pagesPerFeedOpen: 2,
  otherReads: 30,
  posts: 0.3,
  likes: 5,
  comments: 0.5,
  follows: 0.3,
  minutesOpen: 20,
  followsPerPerson: 30,
};

export const DEFAULT_CAPACITY: Capacity = {
  utilisation: 0.6,
  dbCores: 16,
  dbMemoryGb: 64,
  // `npm run bench:probe`: 19.9 and 20.3 µs (listening backend and process together).
  notifyDeliveryUs: 20,
  notifyCoreShare: 0.25,
  fanoutDeadlineSeconds: 10,
  timelineKeep: 400,
  likeRowBytes: 238,
  notificationRowBytes: 364,
  timelineRowBytes: 238,
  eventsPerLike: 1,
  eventsPerComment: 1,
  eventsPerFollow: 3,
  notificationsPerWrite: 1,
};

/**
 * `npm run bench:probe` on the bench machine: a row's insert took 11–24 µs over two runs (load
 * average 11–13), its batched trim 10 µs; the dearer run is the default.
 */
export const DEFAULT_TIMELINE_ROW_MS = 0.034;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) throw new Error("median of nothing");
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * The costs a bench run measured: one-connection SQL medians (the loaded req/s of a shared
 * machine say more about the machine than the app). The probe cost is the Following page's SQL
 * above the Everyone page's, per followed person, at the larger follow count (the dearer probe:
 * a large follow set reads more pages from outside PostgreSQL's buffers).
 */
export function costsFromBench(report: BenchReport): Costs & { probeMsAt: number[] } {
  const byName = new Map(report.scenarios.map((scenario) => [scenario.name, scenario]));
  const sqlOf = (name: string) => {
    const measured = byName.get(name)?.oneConnection?.sqlP50;
    if (measured === undefined) throw new Error(`the bench results have no SQL time for ${name}`);
    return measured;
  };
  const pageMs = sqlOf("feed-everyone");
  const followingScenarios = ["feed-following-100", "feed-following-1000"];
  const probeMsAt = followingScenarios.map(
    (name, index) => (sqlOf(name) - pageMs) / (READER_FOLLOWS[index] ?? 1),
  );
  const reads = report.scenarios.filter(
    (scenario) => scenario.oneConnection && !scenario.name.startsWith("feed-"),
  );
  const sse = byName.get("sse")?.sse;
  return {
    pageMs,
    probeMs: Math.max(...probeMsAt),
    probeMsAt,
    otherReadMs: median(reads.map((scenario) => scenario.oneConnection?.sqlP50 ?? 0)),
    appMsPerRequest: median(
      report.scenarios.flatMap(({ oneConnection }) =>
        oneConnection ? [Math.max(0, oneConnection.endpointP50 - oneConnection.sqlP50)] : [],
      ),
    ),
    timelineRowMs: DEFAULT_TIMELINE_ROW_MS,
    streamKb: sse ? (sse.rssMb.extra * 1000) / sse.streams : 50,
  };
}

/** SQL milliseconds of one fan-out-on-read page for a reader following `follows` people. */
export const readPageMs = (costs: Costs, follows: number) => costs.pageMs + costs.probeMs * follows;

/**
 * The follow graph of the bench's generator at `users` people: follow counts for a sample of
 * them (the generator's own Pareto draw and cap), and followers by popularity rank.
 */
export class FollowGraph {
  readonly followCounts: Uint32Array;
  readonly meanFollows: number;
  readonly medianFollows: number;

  constructor(
    readonly users: number,
    followsPerPerson: number,
    seed = 1,
    sampleSize = 20_000,
  ) {
    const cap = Math.min(FOLLOW_CAP, Math.floor(users / 2));
    this.followCounts = allocate(
      new Random(seed, "follows"),
      sampleSize,
      sampleSize * followsPerPerson,
      FOLLOW_COUNT_SHAPE,
      cap,
    );
    this.meanFollows = this.followCounts.reduce((sum, count) => sum + count, 0) / sampleSize;
    this.medianFollows = median([...this.followCounts]);
  }

  /** Mean over the sample of f(follow count). */
  meanOver(f: (follows: number) => number): number {
    let sum = 0;
    for (const count of this.followCounts) sum += f(count);
    return sum / this.followCounts.length;
  }

  /** Share of people following more than `follows`. */
  shareFollowingMoreThan(follows: number): number {
    return this.meanOver((count) => (count > follows ? 1 : 0));
  }

  /**
   * Expected followers of the account at popularity `rank` (0 = most followed): each follow
   * picks rank r with probability ((r+1)/n)^(1/k) − (r/n)^(1/k), and a person follows an
   * account at most once.
   */
  followersAtRank(rank: number): number {
    const k = FOLLOWED_POPULARITY_K;
    const n = this.users;
    const chance = ((rank + 1) / n) ** (1 / k) - (rank / n) ** (1 / k);
    const log1mChance = Math.log1p(-chance);
    return n * this.meanOver((count) => 1 - Math.exp(count * log1mChance));
  }

  /** How many accounts have more than `followers` followers. */
  accountsWithMoreThan(followers: number): number {
    let low = 0;
    let high = this.users;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (this.followersAtRank(middle) > followers) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

export interface Simulation {
  peak: { requestsPerSecond: number; feedPagesPerSecond: number; writesPerSecond: number };
  feed: {
    meanFollows: number;
    /** Mean SQL ms of a fan-out-on-read page over the readers' follow counts. */
    readPageMeanMs: number;
    /** Database CPU-seconds per second at peak. */
    fanOutOnRead: number;
    fanOutOnWrite: { reads: number; writes: number; total: number };
    /** Timeline rows written per post (followers per post). */
    writeAmplification: number;
    mostFollowers: number;
    /** Every person's timeline full, and only the daily actives' (as Mastodon keeps them). */
    timelineStorageGb: { everyone: number; dailyActive: number };
  };
  crossover: {
    /** Follow count past which one read page costs more than twice the Everyone page. */
    followsOverPageBudget: number;
    shareOverPageBudget: number;
    /** The probe cost that keeps the median reader's page within twice the Everyone page. */
    probeMsForMedianReader: number;
    /** An author posting more than this a day is cheaper to merge at read time than to fan out. */
    postsPerDayReadWins: number;
    /** One post's fan-out takes longer than the deadline on one worker above this many followers. */
    followersOverDeadline: number;
    accountsOverDeadline: number;
  };
  app: { instances: number; streamsAtPeak: number; streamMemoryGbPerInstance: number };
  /** Replicas for the reads at peak, with the feed by fan-out on read and by timelines. */
  database: {
    readCpuPerSecond: { fanOutOnRead: number; fanOutOnWrite: number };
    replicas: { fanOutOnRead: number; fanOutOnWrite: number };
  };
  realtime: {
    eventsPerSecond: number;
    /** Every listening instance receives every event. */
    notifiesPerInstancePerSecond: number;
    /** Share of each instance's core spent receiving events, almost all for streams elsewhere. */
    instanceCoreShare: number;
    /** Instances at which PostgreSQL's deliveries reach their share of a core. */
    listenNotifyLimit: number;
    /**
     * Daily actives at which the instances needed meet that limit: both grow with the load,
     * so the deliveries grow with its square.
     */
    dailyActiveAtLimit: number;
  };
  storage: {
    likes: TableGrowth;
    notifications: TableGrowth;
  };
}

export interface TableGrowth {
  rowsPerDay: number;
  gbPerYear: number;
  /** Days until the table outgrows the database server's memory (partitioning pays by then). */
  daysToMemory: number;
}

function growth(rowsPerDay: number, rowBytes: number, capacity: Capacity): TableGrowth {
  const bytesPerDay = rowsPerDay * rowBytes;
  return {
    rowsPerDay,
    gbPerYear: (bytesPerDay * 365) / GB,
    daysToMemory: (capacity.dbMemoryGb * GB) / bytesPerDay,
  };
}

export function simulate(
  workload: Workload,
  costs: Costs,
  capacity: Capacity,
  graph = new FollowGraph(workload.users, workload.followsPerPerson),
): Simulation {
  const atPeak = (perActivePerDay: number) =>
    (workload.dailyActive * perActivePerDay * workload.peakFactor) / DAY_SECONDS;
  const feedPagesPerSecond = atPeak(workload.feedOpens * workload.pagesPerFeedOpen);
  const otherReadsPerSecond = atPeak(workload.otherReads);
  const postsPerSecond = atPeak(workload.posts);
  const writesPerSecond = atPeak(
    workload.posts + workload.likes + workload.comments + workload.follows,
  );
  const requestsPerSecond = feedPagesPerSecond + otherReadsPerSecond + writesPerSecond;

  // A person follows as many as they are followed by on average, so a post reaches
  // meanFollows timelines, whoever posts (posting is assumed independent of popularity).
  const writeAmplification = graph.meanFollows;
  const readPageMeanMs = graph.meanOver((follows) => readPageMs(costs, follows));
  const fanOutOnRead = (feedPagesPerSecond * readPageMeanMs) / 1000;
  const timelineReads = (feedPagesPerSecond * costs.pageMs) / 1000;
  const timelineWrites = (postsPerSecond * writeAmplification * costs.timelineRowMs) / 1000;

  const followsOverPageBudget = Math.floor(costs.pageMs / costs.probeMs);
  const timelineBytes = capacity.timelineKeep * capacity.timelineRowBytes;
  const dailyPagesPerActive = workload.feedOpens * workload.pagesPerFeedOpen;
  const activeShare = workload.dailyActive / workload.users;
  const followersOverDeadline = Math.floor(
    (capacity.fanoutDeadlineSeconds * 1000) / costs.timelineRowMs,
  );

  const otherReadCpu = (otherReadsPerSecond * costs.otherReadMs) / 1000;
  const readCpuPerSecond = {
    fanOutOnRead: fanOutOnRead + otherReadCpu,
    fanOutOnWrite: timelineReads + otherReadCpu,
  };
  const replicasFor = (cpuPerSecond: number) =>
    Math.ceil(cpuPerSecond / (capacity.dbCores * capacity.utilisation));

  const eventsPerSecond = atPeak(
    workload.likes * capacity.eventsPerLike +
      workload.comments * capacity.eventsPerComment +
      workload.follows * capacity.eventsPerFollow,
  );
  // PostgreSQL hands each event to every listening connection (one per instance) through one
  // shared queue, and each instance parses every event: CPU ∝ events × instances.
  const notifyCpuPerInstance = (eventsPerSecond * capacity.notifyDeliveryUs) / 1e6;

  const instances = Math.ceil(
    (requestsPerSecond * costs.appMsPerRequest) / 1000 / capacity.utilisation,
  );
  const listenNotifyLimit = Math.floor(capacity.notifyCoreShare / notifyCpuPerInstance);
  const streamsAtPeak =
    (workload.dailyActive * workload.minutesOpen * workload.peakFactor) / (24 * 60);
  const notificationsPerDay =
    workload.dailyActive *
    (workload.likes + workload.comments + workload.follows) *
    capacity.notificationsPerWrite;

  return {
    peak: { requestsPerSecond, feedPagesPerSecond, writesPerSecond },
    feed: {
      meanFollows: graph.meanFollows,
      readPageMeanMs,
      fanOutOnRead,
      fanOutOnWrite: {
        reads: timelineReads,
        writes: timelineWrites,
        total: timelineReads + timelineWrites,
      },
      writeAmplification,
      mostFollowers: graph.followersAtRank(0),
      timelineStorageGb: {
        everyone: (workload.users * timelineBytes) / GB,
        dailyActive: (workload.dailyActive * timelineBytes) / GB,
      },
    },
    crossover: {
      followsOverPageBudget,
      shareOverPageBudget: graph.shareFollowingMoreThan(followsOverPageBudget),
      probeMsForMedianReader: costs.pageMs / graph.medianFollows,
      // Per follow: reading probes the author on each of the active followers' pages; writing
      // costs one row per post. Read wins once posts × row cost exceed pages × probe cost.
      postsPerDayReadWins:
        (activeShare * dailyPagesPerActive * costs.probeMs) / costs.timelineRowMs,
      followersOverDeadline,
      accountsOverDeadline: graph.accountsWithMoreThan(followersOverDeadline),
    },
    app: {
      instances,
      streamsAtPeak,
      streamMemoryGbPerInstance: (streamsAtPeak / instances) * (costs.streamKb / 1e6),
    },
    database: {
      readCpuPerSecond,
      // The primary takes writes; reads that tolerate lag go to replicas sized for the peak.
      replicas: {
        fanOutOnRead: replicasFor(readCpuPerSecond.fanOutOnRead),
        fanOutOnWrite: replicasFor(readCpuPerSecond.fanOutOnWrite),
      },
    },
    realtime: {
      eventsPerSecond,
      notifiesPerInstancePerSecond: eventsPerSecond,
      instanceCoreShare: notifyCpuPerInstance,
      listenNotifyLimit,
      dailyActiveAtLimit: workload.dailyActive * Math.sqrt(listenNotifyLimit / instances),
    },
    storage: {
      likes: growth(workload.dailyActive * workload.likes, capacity.likeRowBytes, capacity),
      notifications: growth(notificationsPerDay, capacity.notificationRowBytes, capacity),
    },
  };
}
