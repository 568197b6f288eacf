import type { FastifyBaseLogger } from "fastify";
import { notificationSettingsMessages } from "#domain/notification-settings-rules.ts";
import { deliveredNotificationTypes } from "#domain/notifications.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import type { EmailMessage, EmailSender } from "#server/auth/senders/email.ts";
import type { Database } from "#server/db/client.ts";
import {
  type ClaimedDigest,
  claimDueDigests,
  type DigestRow,
  releaseDigestClaim,
  selectDigestRows,
} from "./notification-settings.queries.ts";

export interface DigestDependencies {
  db: Database;
  email: EmailSender;
  /** Links in the email are absolute, to this origin. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, "warn" | "info">;
}

/** How often the digest looks for people due one (besides once at start-up). */
const DIGEST_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The digest as a job of the server process: one run at a time, never holding start-up or a
 * request; the first once the server is ready, then one an hour. stop() waits for the run
 * under way.
 */
export class DigestJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly deps: DigestDependencies) {}

  /** Waits for a run under way, then makes another. */
  run(): Promise<void> {
    this.running = this.running.then(async () => {
      try {
        const sent = await sendDueDigests(this.deps);
        if (sent > 0) this.deps.log.info({ sent }, "sent notification digests");
      } catch (error) {
        this.deps.log.warn({ err: error }, "the notification digest run failed");
      }
    });
    return this.running;
  }

  start(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), DIGEST_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

/** People claimed per statement: a run goes on until a claim comes back short. */
const CLAIM_BATCH = 50;
/** Items the email names, the busiest first. */
const TOP_ITEMS = 3;

/**
 * The weekly email digest: sends each person who asked for it a summary of the week's unread
 * notifications, at most once a week (notification_settings.last_digest_at), and only when
 * there is something to say; a week with nothing new is marked checked all the same, so the
 * next look is a week on. Safe with several server processes: each person is claimed by one
 * run (`for update skip locked`). A failed send gives the claim back for the next run.
 *
 * Returns how many emails went out.
 */
export async function sendDueDigests(deps: DigestDependencies): Promise<number> {
  let sent = 0;
  for (;;) {
    const claims = await claimDueDigests(deps.db, CLAIM_BATCH);
    for (const claim of claims) {
      if (await sendDigest(deps, claim)) sent += 1;
    }
    if (claims.length < CLAIM_BATCH) return sent;
  }
}

async function sendDigest(deps: DigestDependencies, claim: ClaimedDigest): Promise<boolean> {
  try {
    const rows = await selectDigestRows(deps.db, claim.user_id, claim.previous);
    if (rows.length === 0) return false;
    await deps.email.send(digestEmail(claim.email, rows, deps.publicUrl));
    return true;
  } catch (error) {
    deps.log.warn({ err: error, userId: claim.user_id }, "sending a notification digest failed");
    await releaseDigestClaim(deps.db, claim).catch((releaseError: unknown) =>
      deps.log.warn({ err: releaseError }, "giving back a digest claim failed"),
    );
    return false;
  }
}

function digestEmail(to: string, rows: DigestRow[], publicUrl: string): EmailMessage {
  const messages = notificationSettingsMessages;
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const kinds = deliveredNotificationTypes
    .map((type) => ({
      type,
      count: rows.filter((row) => row.type === type).reduce((sum, row) => sum + row.count, 0),
    }))
    .filter(({ count }) => count > 0)
    .map(({ type, count }) => messages.digestKind[type](count));
  const perItem = new Map<string, { title: string; count: number }>();
  for (const row of rows) {
    if (!row.item_id || row.title === null) continue;
    const entry = perItem.get(row.item_id) ?? { title: row.title, count: 0 };
    entry.count += row.count;
    perItem.set(row.item_id, entry);
  }
  const top = [...perItem.values()].sort((a, b) => b.count - a.count).slice(0, TOP_ITEMS);
  const link = `${publicUrl}${screenPaths.notifications}`;
  const lines = [
    messages.digestIntro,
    "",
    ...kinds,
    ...(top.length > 0
      ? [
          "",
          messages.digestTopItems,
          ...top.map((item) => `- ${messages.digestTopItem(item.title, item.count)}`),
        ]
      : []),
    "",
    messages.digestOpen(link),
    "",
    messages.digestFooter,
  ];
  return { to, subject: messages.digestSubject(total), text: lines.join("\n") };
}
