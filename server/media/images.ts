import { type ChildProcess, fork } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { ServerBusyError } from "#server/http/busy.ts";
import {
  asBuffer,
  type CardNode,
  type EncodedImage,
  type EncodedPhoto,
  type ImageJob,
  type ImageJobResults,
  ImageTooLargeError,
  UnsupportedImageError,
} from "./image-work.ts";

/**
 * The server's one rule for image work (uploads, avatars, share cards): it runs in a worker
 * process at lower priority (image-worker.ts), at most `running` jobs at once, at most `queued`
 * more waiting in order; past that a job is refused at once with ServerBusyError (503 with
 * Retry-After) rather than waiting without end behind a crowd.
 */
export interface ImageJobLimits {
  running: number;
  queued: number;
}

const IMAGE_JOB_LIMITS: ImageJobLimits = {
  // One core always left for requests: with two jobs on a 2-core machine, uploads took both
  // cores and the feed's p99 grew fivefold.
  running: Math.max(1, Math.min(2, availableParallelism() - 1)),
  // About eight photos' worth of waiting (a few seconds): longer, and a client is better off
  // told to come back.
  queued: 8,
};

/** A refused job's client tries again after this many seconds. */
const IMAGE_RETRY_AFTER_SECONDS = 5;
/** Requests win the CPU over image work (see AppConfig.imageWorkerNiceness). */
const DEFAULT_WORKER_NICENESS = 10;
/** How the server tells the worker its nice value. */
export const WORKER_NICENESS_ENV = "TASTED_IMAGE_WORKER_NICENESS";
/** The worker process exits after this long without a job; the next job starts a new one. */
const WORKER_IDLE_MS = 30_000;

/** A message to the image worker: one job and the number its answer carries back. */
export interface ImageWorkerRequest {
  id: number;
  job: ImageJob;
}

export type ImageWorkerReply =
  | { id: number; ok: true; result: ImageJobResults[ImageJob["kind"]] }
  | { id: number; ok: false; error: "unsupported" | "too-large" | "failed"; message: string };

/** Does one job somewhere; ImageJobs decides when. Tests pass their own. */
export type ImageJobRunner = (job: ImageJob) => Promise<unknown>;

interface Waiting {
  job: ImageJob;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

/** The image work of one server: the limits above around a runner (by default the worker process). */
export class ImageJobs {
  readonly #limits: ImageJobLimits;
  readonly #runner: ImageJobRunner;
  readonly #worker: ImageWorker | undefined;
  readonly #waiting: Waiting[] = [];
  #running = 0;

  constructor({
    limits = IMAGE_JOB_LIMITS,
    runner,
    niceness = DEFAULT_WORKER_NICENESS,
  }: { limits?: ImageJobLimits; runner?: ImageJobRunner; niceness?: number } = {}) {
    this.#limits = limits;
    if (runner) this.#runner = runner;
    else {
      const worker = new ImageWorker(niceness);
      this.#worker = worker;
      this.#runner = (job) => worker.run(job);
    }
  }

  /** Jobs waiting for a turn (not counting those running). */
  get queued(): number {
    return this.#waiting.length;
  }

  /** A square avatar, `size` px a side, WebP. */
  async encodeAvatar(input: Buffer, size = 512): Promise<EncodedImage> {
    const avatar = (await this.#run({ kind: "avatar", input, size })) as EncodedImage;
    return { ...avatar, data: asBuffer(avatar.data) };
  }

  /** A review or post photo's variants (see encodePhoto in image-work.ts). */
  async encodePhoto(input: Buffer): Promise<EncodedPhoto> {
    const photo = (await this.#run({ kind: "photo", input })) as EncodedPhoto;
    const bytes = (image: EncodedImage) => ({ ...image, data: asBuffer(image.data) });
    return {
      large: bytes(photo.large),
      small: bytes(photo.small),
      original: bytes(photo.original),
      placeholder: photo.placeholder,
    };
  }

  /** A share card drawn from `tree`, as a PNG. */
  async renderCard(tree: CardNode, size: { width: number; height: number }): Promise<Buffer> {
    return asBuffer((await this.#run({ kind: "card", tree, size })) as Uint8Array);
  }

  /** Refuses what waits and stops the worker; jobs running get their answers or fail. */
  async close(): Promise<void> {
    for (const waiting of this.#waiting.splice(0)) {
      waiting.reject(new ServerBusyError("image work", IMAGE_RETRY_AFTER_SECONDS));
    }
    this.#worker?.close();
  }

  #run(job: ImageJob): Promise<unknown> {
    if (this.#running < this.#limits.running) return this.#start(job);
    if (this.#waiting.length >= this.#limits.queued) {
      return Promise.reject(new ServerBusyError("image work", IMAGE_RETRY_AFTER_SECONDS));
    }
    return new Promise((resolve, reject) => this.#waiting.push({ job, resolve, reject }));
  }

  async #start(job: ImageJob): Promise<unknown> {
    this.#running += 1;
    try {
      return await this.#runner(job);
    } finally {
      this.#running -= 1;
      const next = this.#waiting.shift();
      if (next) this.#start(next.job).then(next.resolve, next.reject);
    }
  }
}

let shared: ImageJobs | undefined;

/**
 * The image work of this process, shared by every app it builds (tests build many): one worker
 * and one queue per process, as the limits mean. It is never closed by an app: the worker exits
 * after WORKER_IDLE_MS without a job, or when this process ends (its IPC channel closes).
 */
export function processImageJobs(niceness: number): ImageJobs {
  shared ??= new ImageJobs({ niceness });
  return shared;
}

/**
 * The worker process, started with the first job and stopped after WORKER_IDLE_MS without one,
 * so a server that is not handling pictures holds neither sharp, satori nor their memory.
 */
class ImageWorker {
  #child: ChildProcess | undefined;
  /** Jobs sent and not answered, each with the process it was sent to. */
  readonly #pending = new Map<
    number,
    { child: ChildProcess; resolve: (r: unknown) => void; reject: (e: Error) => void }
  >();
  #nextId = 1;
  #idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly niceness: number) {}

  run(job: ImageJob): Promise<unknown> {
    const child = this.#ensureChild();
    clearTimeout(this.#idleTimer);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { child, resolve, reject });
      // While a job is out, the channel keeps a script that awaits it alive.
      child.channel?.ref();
      child.send({ id, job } satisfies ImageWorkerRequest, (error) => {
        if (error) this.#settle(id, () => reject(error));
      });
    });
  }

  close(): void {
    clearTimeout(this.#idleTimer);
    this.#child?.kill();
    this.#child = undefined;
  }

  #ensureChild(): ChildProcess {
    if (this.#child?.connected) return this.#child;
    const entry = workerEntry();
    const child = fork(entry.file, [], {
      execArgv: entry.execArgv,
      // Buffers cross as bytes, not as JSON arrays of numbers.
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: { ...process.env, [WORKER_NICENESS_ENV]: String(this.niceness) },
    });
    child.unref();
    child.on("message", (message) => this.#answer(message as ImageWorkerReply));
    child.on("exit", () => {
      if (this.#child === child) this.#child = undefined;
      // A crash (out of memory on a hostile picture, say) fails what it held, not the server.
      // Only what it held: a worker stopped for idleness may exit after the next one has taken
      // new jobs.
      for (const [id, pending] of this.#pending) {
        if (pending.child !== child) continue;
        this.#settle(id, () => pending.reject(new Error("the image worker stopped")));
      }
    });
    this.#child = child;
    return child;
  }

  #answer(reply: ImageWorkerReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#settle(reply.id, () => {
      if (reply.ok) pending.resolve(reply.result);
      else if (reply.error === "unsupported") pending.reject(new UnsupportedImageError());
      else if (reply.error === "too-large") pending.reject(new ImageTooLargeError());
      else pending.reject(new Error(`image work failed: ${reply.message}`));
    });
  }

  #settle(id: number, done: () => void): void {
    this.#pending.delete(id);
    done();
    if (this.#pending.size > 0) return;
    this.#child?.channel?.unref();
    this.#idleTimer = setTimeout(() => this.close(), WORKER_IDLE_MS);
    this.#idleTimer.unref();
  }
}

/**
 * Where the worker's code is: beside this file in the sources (run through tsx), or beside the
 * server's bundle (build/server/image-worker.js, see the build:server script).
 */
function workerEntry(): { file: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith(".ts");
  return fromSources
    ? {
        file: fileURLToPath(new URL("./image-worker.ts", import.meta.url)),
        execArgv: ["--import", "tsx"],
      }
    : { file: fileURLToPath(new URL("./image-worker.js", import.meta.url)), execArgv: [] };
}
