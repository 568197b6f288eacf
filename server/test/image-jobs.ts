import { type ImageJob, runImageJob } from "#server/media/image-work.ts";
import { type ImageJobLimits, ImageJobs } from "#server/media/images.ts";

/**
 * Image work in the test's own process (no worker to start), counting the jobs of each kind, so
 * a test can tell a card drawn from one served from the cache.
 */
export function countingImageJobs(): {
  images: ImageJobs;
  done: (kind: ImageJob["kind"]) => number;
} {
  const counts = new Map<ImageJob["kind"], number>();
  const images = new ImageJobs({
    runner: (job) => {
      counts.set(job.kind, (counts.get(job.kind) ?? 0) + 1);
      return runImageJob(job);
    },
  });
  return { images, done: (kind) => counts.get(kind) ?? 0 };
}

/**
 * Image work that starts only when the test lets it: jobs stay running (and the rest queued)
 * until `release()`, so a test can fill the queue without racing the work.
 */
export function heldImageJobs(limits: ImageJobLimits): {
  images: ImageJobs;
  /** Resolves once `count` jobs have started. */
  started: (count: number) => Promise<void>;
  release: () => void;
} {
  let releaseAll: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    releaseAll = resolve;
  });
  let startedCount = 0;
  const watchers: Array<() => void> = [];
  const images = new ImageJobs({
    limits,
    runner: async (job) => {
      startedCount += 1;
      for (const watch of watchers) watch();
      await released;
      return runImageJob(job);
    },
  });
  const started = (count: number) =>
    new Promise<void>((resolve) => {
      const watch = () => {
        if (startedCount >= count) resolve();
      };
      watchers.push(watch);
      watch();
    });
  return { images, started, release: releaseAll };
}
