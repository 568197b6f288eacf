import { describe, expect, it } from "vitest";
import {
  type Costs,
  DEFAULT_CAPACITY,
  DEFAULT_WORKLOAD,
  FollowGraph,
  readPageMs,
  simulate,
} from "./simulate-model.ts";

const costs: Costs = {
  pageMs: 1,
  probeMs: 0.2,
  otherReadMs: 5,
  appMsPerRequest: 5,
  timelineRowMs: 0.05,
  streamKb: 50,
};
const graph = new FollowGraph(1_000_000, 30, 1, 2_000);

describe("the scaling model", () => {
  it("draws the bench generator's follow graph: the mean it was given, a heavy tail", () => {
    expect(graph.meanFollows).toBeGreaterThan(25);
    expect(graph.meanFollows).toBeLessThanOrEqual(30);
    expect(graph.followersAtRank(0)).toBeGreaterThan(100 * graph.followersAtRank(10_000));
    const popular = graph.accountsWithMoreThan(10_000);
    expect(graph.followersAtRank(popular - 1)).toBeGreaterThan(10_000);
    expect(graph.followersAtRank(popular)).toBeLessThanOrEqual(10_000);
  });

  it("costs a fan-out-on-read page per followed person", () => {
    expect(readPageMs(costs, 0)).toBe(1);
    expect(readPageMs(costs, 100)).toBe(21);
  });

  it("is the same for the same inputs, and scales reads with daily actives", () => {
    const once = simulate(DEFAULT_WORKLOAD, costs, DEFAULT_CAPACITY, graph);
    expect(simulate(DEFAULT_WORKLOAD, costs, DEFAULT_CAPACITY, graph)).toEqual(once);
    const doubled = simulate(
      { ...DEFAULT_WORKLOAD, dailyActive: DEFAULT_WORKLOAD.dailyActive * 2 },
      costs,
      DEFAULT_CAPACITY,
      graph,
    );
    expect(doubled.feed.fanOutOnRead).toBeCloseTo(once.feed.fanOutOnRead * 2);
    // Twice the events to every instance: half as many instances before the limit.
    expect(doubled.realtime.listenNotifyLimit).toBeCloseTo(once.realtime.listenNotifyLimit / 2, -1);
  });

  it("finds the crossovers where their definitions put them", () => {
    const result = simulate(DEFAULT_WORKLOAD, costs, DEFAULT_CAPACITY, graph);
    // Twice the Everyone page: 1 ms + 0.2 ms × 5 follows.
    expect(result.crossover.followsOverPageBudget).toBe(5);
    // 10% active × 10 pages × 0.2 ms against 0.05 ms a row.
    expect(result.crossover.postsPerDayReadWins).toBeCloseTo(4);
    // 10 s of 0.05 ms rows.
    expect(result.crossover.followersOverDeadline).toBe(200_000);
    expect(result.feed.fanOutOnWrite.writes).toBeCloseTo(
      (((1_000_000 * 0.3 * 3) / 86_400) * graph.meanFollows * 0.05) / 1000,
    );
  });
});
