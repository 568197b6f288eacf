// `npm run bench:probe`: the two costs `npm run bench:simulate` needs that the app does not have
// yet, measured on a scratch database of the local PostgreSQL (created and dropped here):
//
//   --timeline-row-ms     one row of a per-person timeline: a post's fan-out INSERT to 1,000
//                         followers, then each follower's timeline trimmed back to 400
//   --notify-delivery-us  one NOTIFY delivered to one LISTEN connection: the listening backend's
//                         CPU (read from /proc, so PostgreSQL must run on this machine) and the
//                         listening process's, per event and listener
//
// The numbers are printed as the flags to pass to bench:simulate.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import { log } from "./bench-options.ts";

const FOLLOWERS_PER_POST = 1_000;
// 200 posts × 1,000 followers over 2,000 readers: 100 new rows each, trimmed in one statement a
// reader (a fan-out job trims once a timeline is 100 past its 400, not after every post).
const POSTS = 200;
const READERS = 2_000;
const TIMELINE_KEEP = 400;
const LISTENERS = 16;
const EVENTS = 5_000;
const CLOCK_TICKS_PER_SECOND = 100;

const { values } = parseArgs({
  options: {
    "database-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});
const adminUrl = new URL(values["database-url"]);
// Named after this script, not tasted_*: other tools clean up databases of that name.
const probeDatabase = `scaling_probe_${process.pid}`;

/** CPU seconds a local process has used (user + system), from /proc. */
async function processCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

const nodeCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

async function timelineRowMs(client: pg.Client): Promise<{ insertMs: number; trimMs: number }> {
  await client.query(`create table home_timeline (
    user_id text not null, created_at timestamptz not null, item_id uuid not null,
    primary key (user_id, created_at, item_id))`);
  // Every reader's timeline already full, so each new row pushes an old one out.
  await client.query(
    `insert into home_timeline
     select md5((i % $1::int)::text), now() - i * interval '1 second', gen_random_uuid()
     from generate_series(1, $1::int * $2::int) i`,
    [READERS, TIMELINE_KEEP],
  );
  await client.query("vacuum analyze home_timeline");
  const insertStarted = performance.now();
  for (let post = 0; post < POSTS; post++) {
    await client.query(
      `insert into home_timeline
       select md5((($1::int * 37 + f) % $2::int)::text), clock_timestamp(), gen_random_uuid()
       from generate_series(1, $3::int) f`,
      [post, READERS, FOLLOWERS_PER_POST],
    );
  }
  const insertMs = (performance.now() - insertStarted) / (POSTS * FOLLOWERS_PER_POST);
  const trimStarted = performance.now();
  let trimmed = 0;
  for (let reader = 0; reader < READERS; reader++) {
    const result = await client.query(
      `delete from home_timeline where user_id = md5($1::text) and (created_at, item_id) <
         (select created_at, item_id from home_timeline where user_id = md5($1::text)
          order by created_at desc, item_id desc offset $2::int - 1 limit 1)`,
      [reader, TIMELINE_KEEP],
    );
    trimmed += result.rowCount ?? 0;
  }
  return { insertMs, trimMs: (performance.now() - trimStarted) / Math.max(1, trimmed) };
}

async function notifyDeliveryUs(url: string): Promise<number> {
  const sender = new pg.Client(url);
  await sender.connect();
  const listeners = await Promise.all(
    Array.from({ length: LISTENERS }, async () => {
      const listener = new pg.Client(url);
      await listener.connect();
      let received = 0;
      listener.on("notification", (message) => {
        // What the app's bus does with each: parse it and look for the user's streams.
        JSON.parse(message.payload ?? "{}");
        received++;
      });
      await listener.query("listen tasted_probe");
      const pid = (await listener.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]
        ?.pid;
      return { listener, pid: pid ?? 0, received: () => received };
    }),
  );
  const backendCpu = async () => {
    let sum = 0;
    for (const { pid } of listeners) sum += await processCpuSeconds(pid);
    return sum;
  };
  const payload = JSON.stringify({
    userId: "x".repeat(32),
    event: { type: "notification" },
  });
  const backendBefore = await backendCpu();
  const nodeBefore = nodeCpuSeconds();
  const senderStarted = nodeCpuSeconds();
  for (let event = 0; event < EVENTS; event++) {
    await sender.query("select pg_notify('tasted_probe', $1)", [payload]);
  }
  const senderSeconds = nodeCpuSeconds() - senderStarted;
  while (listeners.some(({ received }) => received() < EVENTS)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The sender's own client work ran in this process too: it is not a delivery.
  const nodeSeconds = nodeCpuSeconds() - nodeBefore - senderSeconds;
  const backendSeconds = (await backendCpu()) - backendBefore;
  await Promise.all([sender.end(), ...listeners.map(({ listener }) => listener.end())]);
  return ((backendSeconds + Math.max(0, nodeSeconds)) * 1e6) / (EVENTS * LISTENERS);
}

const admin = new pg.Client(adminUrl.toString());
await admin.connect();
await admin.query(`create database ${probeDatabase}`);
try {
  const probeUrl = new URL(adminUrl);
  probeUrl.pathname = `/${probeDatabase}`;
  const client = new pg.Client(probeUrl.toString());
  await client.connect();
  log("timeline rows: fan-out and trim");
  const { insertMs, trimMs } = await timelineRowMs(client);
  await client.end();
  log(`insert ${(insertMs * 1000).toFixed(1)} µs, trim ${(trimMs * 1000).toFixed(1)} µs a row`);
  log(`NOTIFY: ${EVENTS} events to ${LISTENERS} listeners`);
  const deliveryUs = await notifyDeliveryUs(probeUrl.toString());
  const load = (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3).join(" ");
  console.log(
    `--timeline-row-ms ${(insertMs + trimMs).toFixed(3)} --notify-delivery-us ${deliveryUs.toFixed(1)}` +
      `   (load average ${load})`,
  );
} finally {
  await admin.query(`drop database if exists ${probeDatabase} with (force)`);
  await admin.end();
}
