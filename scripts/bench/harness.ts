// What `npm run bench` and `npm run soak` share around the server they load: the autocannon
// process that sends the load, the server's memory read from /proc, an upload body written once
// for that process to send, and the machine a run was measured on.
import { type ChildProcess, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import { createInterface, type Interface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { LoadPhase, PhaseResult } from "./load.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const MEMORY_SAMPLE_MS = 250;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const round1 = (value: number) => Math.round(value * 10) / 10;

/** A process's resident memory (VmRSS), MB. */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kilobytes = status.match(/^VmRSS:\s+(\d+) kB$/m)?.[1];
  if (!kilobytes) throw new Error(`no VmRSS for process ${pid}`);
  return round1(Number(kilobytes) / 1024);
}

/** Server memory around a piece of work, MB: before it, its highest during it, and after it. */
export interface MemoryDuringWork {
  before: number;
  peak: number;
  after: number;
}

/** Runs `work` while sampling the process's memory. */
export async function withMemorySamples<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; rssMb: MemoryDuringWork }> {
  const before = await residentMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    residentMb(pid).then(
      (mb) => {
        peak = Math.max(peak, mb);
      },
      () => {},
    );
  }, MEMORY_SAMPLE_MS);
  try {
    const result = await work();
    const after = await residentMb(pid);
    return { result, rssMb: { before, peak: Math.max(peak, after), after } };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The autocannon process (scripts/bench/load.ts), kept for the whole run so the client's work
 * never shares an event loop with the measuring script or the server.
 */
export class LoadDriver {
  private readonly child: ChildProcess;
  private readonly lines: Interface;
  private readonly waiting = new Map<
    number,
    { resolve: (results: PhaseResult[]) => void; reject: (error: Error) => void }
  >();
  private nextId = 0;

  constructor() {
    this.child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/load.ts"], {
      cwd: root,
      stdio: ["pipe", "pipe", "inherit"],
    });
    if (!this.child.stdout) throw new Error("the load process has no stdout");
    this.lines = createInterface({ input: this.child.stdout });
    this.lines.on("line", (line) => {
      const { id, results } = JSON.parse(line) as { id: number; results: PhaseResult[] };
      this.waiting.get(id)?.resolve(results);
      this.waiting.delete(id);
    });
    this.child.once("exit", (code) => {
      for (const { reject } of this.waiting.values()) {
        reject(new Error(`the load process exited with ${code}`));
      }
      this.waiting.clear();
    });
  }

  /** Runs the phases together; one result each, in order. */
  run(phases: LoadPhase[]): Promise<PhaseResult[]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.stdin?.write(`${JSON.stringify({ id, phases })}\n`);
    });
  }

  close() {
    this.child.stdin?.end();
    this.lines.close();
  }
}

/** A multipart upload body in a file (a RequestVariant's bodyFile) and its content type. */
export interface UploadBody {
  file: string;
  contentType: string;
}

/** Writes a multipart/form-data body holding one JPEG as the app's photo picker sends it. */
export async function writeUploadBody(file: string, photo: Buffer): Promise<UploadBody> {
  const boundary = "----tasted-bench-upload";
  await writeFile(
    file,
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plate.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  );
  return { file, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The machine a run was measured on (the database's version is the caller's to add). */
export function hostMachine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

/** The 1, 5 and 15-minute load averages, one decimal (other work on the machine shows here). */
export function loadAverages(): number[] {
  return os.loadavg().map(round1);
}
