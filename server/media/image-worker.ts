// The image worker process: the server forks it (ImageJobs in images.ts) and sends it image
// jobs over IPC, so decoding photos and drawing cards never holds the server's event loop, its
// memory, or its share of the CPU. It runs at a lower priority than the server.
import { setPriority } from "node:os";
import {
  type ImageJob,
  ImageTooLargeError,
  runImageJob,
  UnsupportedImageError,
} from "./image-work.ts";
import { type ImageWorkerReply, type ImageWorkerRequest, WORKER_NICENESS_ENV } from "./images.ts";

// The nice value the server asked for (10: when requests and image work both want the CPU,
// requests win). Set before sharp loads (it loads with the first job), so libvips' threads,
// which inherit it, run at this priority too.
try {
  setPriority(Number(process.env[WORKER_NICENESS_ENV] ?? 10));
} catch {
  // A platform that refuses still does the work, at the server's priority.
}

function failure(error: unknown): Extract<ImageWorkerReply, { ok: false }>["error"] {
  if (error instanceof UnsupportedImageError) return "unsupported";
  if (error instanceof ImageTooLargeError) return "too-large";
  return "failed";
}

async function answer({ id, job }: ImageWorkerRequest): Promise<void> {
  let reply: ImageWorkerReply;
  try {
    reply = { id, ok: true, result: await runImageJob(job as ImageJob) };
  } catch (error) {
    reply = { id, ok: false, error: failure(error), message: String(error) };
  }
  process.send?.(reply);
}

process.on("message", (message) => void answer(message as ImageWorkerRequest));
// The server went away (or closed the channel while idle): nothing will be asked any more.
process.on("disconnect", () => process.exit(0));
