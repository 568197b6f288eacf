// The bench's results: the JSON of one run in bench/results/<date>.json, and the table in
// docs/performance.md (only the part between its bench markers is rewritten).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { type BudgetCheck, budgetChecks, type ScenarioResult } from "./scenarios.ts";

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  os: string;
  node: string;
  postgres: string;
}

export interface BenchReport {
  date: string;
  machine: Machine;
  /** 1, 5 and 15-minute load averages when the run started and ended. */
  loadAverage: { start: number[]; end: number[] };
  scale: number;
  seed: number;
  data: { reused: boolean; generatedSeconds: number; rows: Record<string, number> };
  options: { durationSeconds: number; connections: number };
  note: string;
  scenarios: (ScenarioResult & { checks: BudgetCheck[] })[];
}

const BEGIN = "<!-- bench:server:begin (written by npm run bench) -->";
const END = "<!-- bench:server:end -->";

export function withChecks(results: ScenarioResult[]): BenchReport["scenarios"] {
  const byName = new Map(results.map((result) => [result.name, result]));
  return results.map((result) => ({ ...result, checks: budgetChecks(result, byName) }));
}

export async function writeReport(root: string, report: BenchReport): Promise<string> {
  const file = await writeResultsFile(root, `${report.date.slice(0, 10)}.json`, report);
  await replaceMarkedSection(path.join(root, "docs", "performance.md"), {
    begin: BEGIN,
    end: END,
    section: markdown(report),
    newDocument: "# Performance\n",
  });
  return file;
}

/** Writes one run's JSON under bench/results; returns its path. */
export async function writeResultsFile(root: string, name: string, data: unknown): Promise<string> {
  const directory = path.join(root, "bench", "results");
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, name);
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/**
 * Rewrites the part of a Markdown document between the `begin` and `end` markers (kept), or
 * appends the markers and `section` when the document has none yet (starting it with
 * `newDocument` when there is no such file).
 */
export async function replaceMarkedSection(
  document: string,
  options: { begin: string; end: string; section: string; newDocument: string },
): Promise<void> {
  const { begin, end, section } = options;
  let text: string;
  try {
    text = await readFile(document, "utf8");
  } catch {
    text = options.newDocument;
  }
  const marked = `${begin}\n${section}${end}`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  text =
    from >= 0 && to > from
      ? text.slice(0, from) + marked + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${marked}\n`;
  await writeFile(document, text);
}

const number = (value: number) => value.toLocaleString("en");
/** Milliseconds for the table; a run too short to complete a request has none (JSON null). */
const ms = (value: number | null) =>
  value === null || !Number.isFinite(value)
    ? "n/a"
    : `${value < 10 ? value.toFixed(1) : Math.round(value)}`;

function measured(result: ScenarioResult): string {
  const parts: string[] = [];
  const load = result.load;
  if (load) {
    parts.push(
      `${number(load.rps)} req/s`,
      `p50/p95/p99 ${ms(load.p50)}/${ms(load.p95)}/${ms(load.p99)} ms`,
    );
    const failed = load.errors + load.non2xx;
    if (failed > 0) {
      const statuses = Object.entries(load.statuses).map(([code, count]) => `${count}×${code}`);
      parts.push(`${number(failed)} failed (${[...statuses, `${load.errors} errors`].join(", ")})`);
    }
  }
  if (result.oneConnection) {
    const { endpointP50, sqlP50, ratio } = result.oneConnection;
    parts.push(`1 conn: ${ms(endpointP50)} ms vs SQL ${ms(sqlP50)} ms = ${ratio.toFixed(2)}×`);
  }
  if (result.rssMb) parts.push(`RSS ${Math.round(result.rssMb.peak)} MB`);
  if (result.sse) {
    const { sse } = result;
    parts.push(
      `${number(sse.streams)} streams: +${Math.round(sse.rssMb.extra)} MB RSS`,
      `${number(sse.delivered)}/${number(sse.expected)} events, delivery p50/p95 ${sse.deliveryMs.p50}/${sse.deliveryMs.p95} ms`,
    );
  }
  return parts.join(" · ");
}

function markdown(report: BenchReport): string {
  const { machine } = report;
  const rows = Object.entries(report.data.rows)
    .map(([table, count]) => `${table} ${number(count)}`)
    .join(", ");
  const lines = [
    "## Server bench (`npm run bench`)",
    "",
    `Run ${report.date.slice(0, 16).replace("T", " ")} UTC at scale ${report.scale} (seed ${report.seed}): ${rows}.`,
    `Data ${report.data.reused ? "reused from an earlier run; it was generated" : "generated"} in ${report.data.generatedSeconds} s.`,
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, ${machine.os}, Node ${machine.node}, ${machine.postgres}.`,
    `Load average (1/5/15 min) ${report.loadAverage.start.join("/")} at the start, ${report.loadAverage.end.join("/")} at the end.`,
    `${report.options.durationSeconds} s per scenario at ${report.options.connections} connections unless noted. ${report.note}`,
    "",
    "| Scenario | Measured | Budget | Met? |",
    "|---|---|---|---|",
  ];
  for (const result of report.scenarios) {
    const budgets = result.checks.map(
      (check) => `${check.budget}${check.met ? "" : " **(missed)**"}`,
    );
    const met =
      result.checks.length === 0
        ? "—"
        : result.checks.every((check) => check.met)
          ? "yes"
          : "**no**";
    lines.push(`| ${result.title} | ${measured(result)} | ${budgets.join("; ") || "—"} | ${met} |`);
  }
  return `${lines.join("\n")}\n`;
}
