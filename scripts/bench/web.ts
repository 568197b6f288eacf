// Web bench (budgets in web-budgets.ts, results in docs/performance.md, "Web"): the landing page
// loads ≤ 150 kB of gzipped JavaScript and ≤ 40 kB of gzipped CSS; Lighthouse's mobile run scores
// performance ≥ 95 on the landing page and ≥ 90 on every screen a person lives in (the feed as a
// visitor and signed in, explore, the own and another person's profile, a restaurant, the
// notifications, a review's page, a list), and accessibility 100 everywhere, holding seeded
// content (cards with photos), never an empty database; liking, opening a detail and switching
// a tab answer within 200 ms (INP) with the CPU slowed 4×; a repeat visit paints the feed within
// a second.
//
//   npm run bench:web
//
// Builds the web app as `npm start` does, starts the real server on a fresh embedded database,
// seeds it through the HTTP API (a few people, reviews with photos made by sharp, one
// restaurant they share, a list, likes and follows that notify), then for each page:
// - loads it once in Chromium (playwright-core, service worker blocked, empty cache) and sums
//   the .js and .css files it fetched until the network went quiet: the build's .gz size of
//   each (the budget's unit) and the bytes the server really sent (brotli);
// - runs Lighthouse's default mobile configuration (Moto G Power screen, simulated slow 4G,
//   4× CPU slowdown) BENCH_WEB_RUNS times (3) and keeps the median run by performance score;
//   signed-in pages send the seeded person's session cookie.
// Then, in Chromium with the CPU slowed 4× (DevTools' throttling), each interaction on a freshly
// loaded page, its latency read by the web-vitals library (INP), and the feed's LCP on a second
// visit once the service worker holds the app.
// Writes bench/results/web-<date>.json and the "## Web" section of docs/performance.md, and
// exits 1 when a budget is missed. Lighthouse's simulated throttling scales the CPU time it
// observes, so a busy machine scores lower: the load average is recorded beside the scores.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import sharp from "sharp";
import { apiPaths } from "#domain/api-paths.ts";
import { screenPaths } from "#domain/screen-paths.ts";
import {
  callOverHttp,
  type HttpUser,
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
  uploadPhotoOverHttp,
} from "#server/test/server-process.ts";
import { findChromium } from "../../e2e/support/chromium.ts";
import { WEB_BUDGETS } from "./web-budgets.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const distDir = path.join(root, "dist");
const execFileAsync = promisify(execFile);

const BUDGET = WEB_BUDGETS;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("BENCH_WEB_RUNS must be ≥ 1");
/** Where each run's whole Lighthouse report goes (its request chains, its main-thread work), if set. */
const REPORTS_DIR = process.env.BENCH_WEB_REPORTS;

function log(message: string) {
  process.stderr.write(`[bench:web] ${message}\n`);
}

// ---------------------------------------------------------------------------------------------
// Seeding

/** A photo a phone might take of a plate: a warm backdrop, a plate, a garnish, some grain. */
async function foodPhoto(index: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const hue = (index * 47) % 360;
  const svg = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">
    <defs><radialGradient id="g"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,25%)"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="hsl(${(hue + 180) % 360},25%,80%)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height * 0.42}" fill="#fafafa"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height * 0.33}" fill="url(#g)"/>
    <circle cx="${width * 0.45}" cy="${height * 0.42}" r="${height * 0.06}" fill="hsl(${(hue + 90) % 360},60%,40%)"/>
    <circle cx="${width * 0.58}" cy="${height * 0.55}" r="${height * 0.05}" fill="hsl(${(hue + 120) % 360},65%,45%)"/>
  </svg>`;
  // Noise keeps the JPEG (and the server's WebP variants) the size of a real photo.
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: "soft-light" }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

const PEOPLE = [
  { firstName: "Maya", lastName: "Okafor", username: "maya_eats" },
  { firstName: "Tomás", lastName: "Rivera", username: "tomas_tastes" },
  { firstName: "Lena", lastName: "Fischer", username: "lena_bites" },
  { firstName: "Sam", lastName: "Chen", username: "sam_slurps" },
];
const HOME_RESTAURANT = { name: "Menya Koji", address: "12 Harbour St, Springfield, IL" };
const OTHER_RESTAURANTS = [
  { name: "Forno Rosso", address: "3 Mill Rd, Springfield, IL" },
  { name: "Taqueria Sol", address: "88 Elm Ave, Springfield, IL" },
];
const DISHES = [
  "Tonkotsu Ramen",
  "Spicy Miso Ramen",
  "Gyoza",
  "Chashu Don",
  "Shoyu Ramen",
  "Karaage",
  "Margherita",
  "Al Pastor Tacos",
  "Black Garlic Ramen",
  "Matcha Soft Serve",
];

interface Seeded {
  /** The person the signed-in pages are seen as (the first of PEOPLE). */
  viewer: HttpUser;
  profilePath: string;
  otherProfilePath: string;
  restaurantPath: string;
  reviewPath: string;
  listPath: string;
  exploreQuery: string;
  reviews: number;
  photos: number;
}

/**
 * Four people with profiles who follow each other, twenty dish reviews with one or two photos
 * each, likes on the first person's reviews (their notifications), and their public list.
 */
async function seed(server: ServerProcess): Promise<Seeded> {
  const people: HttpUser[] = [];
  for (const person of PEOPLE) {
    const user = await signUpOverHttp(server, person.username);
    await callOverHttp(server, "PUT", "/api/profile", user, person);
    people.push(user);
  }
  for (const follower of people) {
    for (const followed of people) {
      if (follower === followed) continue;
      await callOverHttp(server, "PUT", apiPaths.follow(followed.userId), follower);
    }
  }
  let restaurantSlug: string | null = null;
  let restaurantId = "";
  const reviewIds: string[] = [];
  let photos = 0;
  const reviews = 20;
  for (let index = 0; index < reviews; index += 1) {
    const author = people[index % people.length] as HttpUser;
    const images = [];
    for (let photo = 0; photo < 1 + (index % 2); photo += 1) {
      images.push({ uploadId: await uploadPhotoOverHttp(server, author, await foodPhoto(photos)) });
      photos += 1;
    }
    const atHome = index % 4 !== 3;
    const response = await callOverHttp(server, "POST", "/api/reviews", author, {
      reviewType: "dish",
      restaurant: atHome ? HOME_RESTAURANT : OTHER_RESTAURANTS[index % 2],
      title: DISHES[index % DISHES.length],
      rating: 3 + (index % 3),
      cost: 9 + (index % 8) * 1.5,
      description:
        "Rich broth, springy noodles and a soft egg. The chashu melted; I would order it again.",
      images,
    });
    const review = (await response.json()) as {
      id: string;
      restaurant?: { id: string; slug: string | null; name: string };
    };
    reviewIds.push(review.id);
    if (atHome && review.restaurant) {
      restaurantId = review.restaurant.id;
      restaurantSlug = review.restaurant.slug;
    }
  }
  const restaurantPath = restaurantSlug
    ? `/b/r/${encodeURIComponent(restaurantSlug)}`
    : `/restaurant/${encodeURIComponent(restaurantId)}`;
  const viewer = people[0] as HttpUser;
  // The viewer's reviews are every fourth; the others like them, which notifies the viewer.
  const viewersReviews = reviewIds.filter((_, index) => index % people.length === 0);
  for (const liker of people.slice(1)) {
    for (const reviewId of viewersReviews) {
      await callOverHttp(server, "PUT", apiPaths.itemLike("review", reviewId), liker);
    }
  }
  const listResponse = await callOverHttp(server, "POST", apiPaths.lists, viewer, {
    name: "Ramen worth the queue",
    description: "Bowls I would cross town for.",
    visibility: "followers",
  });
  const { list } = (await listResponse.json()) as { list: { id: string } };
  for (const reviewId of reviewIds.slice(0, 6)) {
    await callOverHttp(server, "POST", apiPaths.listEntries(list.id), viewer, { reviewId });
  }
  return {
    viewer,
    profilePath: `/user/${PEOPLE[0]?.username}`,
    otherProfilePath: `/user/${PEOPLE[1]?.username}`,
    restaurantPath,
    reviewPath: screenPaths.view("dish", reviewIds[0] as string),
    listPath: screenPaths.list(list.id),
    exploreQuery: "ramen",
    reviews,
    photos,
  };
}

/** A page of the bench: its path, and whether it is seen signed in as the seeded viewer. */
interface BenchPage {
  path: string;
  signedIn: boolean;
}

/** The session cookie of `user` as Playwright's context takes it. */
function sessionCookies(user: HttpUser, url: string) {
  return user.cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}

// ---------------------------------------------------------------------------------------------
// Bytes each page loads

interface PageBytes {
  jsGzip: number;
  cssGzip: number;
  /** What the server sent for those files (brotli: Chromium accepts it). */
  jsWire: number;
  cssWire: number;
  files: string[];
}

/** The build's gzip copy of a file under /assets: the budget counts gzip. */
async function gzipSize(assetPath: string): Promise<number> {
  const file = path.join(distDir, `${assetPath}.gz`);
  if (existsSync(file)) return (await stat(file)).size;
  return (await stat(path.join(distDir, assetPath))).size; // too small to be compressed
}

function launchChromium(chromiumPath: string) {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
}

/** A phone-sized context, signed in as `viewer` when given. */
async function phoneContext(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  origin: string,
  viewer: HttpUser | null,
  serviceWorkers: "allow" | "block",
): Promise<BrowserContext> {
  const context = await browser.newContext({
    serviceWorkers,
    viewport: { width: 412, height: 823 },
    isMobile: true,
  });
  if (viewer) await context.addCookies(sessionCookies(viewer, origin));
  return context;
}

async function measureBytes(
  chromiumPath: string,
  origin: string,
  pages: Record<string, BenchPage>,
  viewer: HttpUser,
) {
  const browser = await launchChromium(chromiumPath);
  const results: Record<string, PageBytes> = {};
  try {
    for (const [name, benchPage] of Object.entries(pages)) {
      const url = `${origin}${benchPage.path}`;
      const context = await phoneContext(
        browser,
        origin,
        benchPage.signedIn ? viewer : null,
        "block",
      );
      const page = await context.newPage();
      const loaded: { asset: string; wire: Promise<number> }[] = [];
      page.on("requestfinished", (request) => {
        const { pathname } = new URL(request.url());
        if (!/^\/assets\/.+\.(js|css)$/.test(pathname)) return;
        loaded.push({
          asset: pathname.slice(1),
          wire: request.sizes().then((sizes) => sizes.responseBodySize),
        });
      });
      await page.goto(url, { waitUntil: "networkidle" });
      // What the page fetches right after its first render (the session client, say).
      await page.waitForTimeout(1_500);
      const bytes: PageBytes = { jsGzip: 0, cssGzip: 0, jsWire: 0, cssWire: 0, files: [] };
      for (const { asset, wire } of loaded) {
        const kind = asset.endsWith(".js") ? "js" : "css";
        bytes[`${kind}Gzip`] += await gzipSize(asset);
        bytes[`${kind}Wire`] += await wire;
        bytes.files.push(asset);
      }
      results[name] = bytes;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface LighthouseRun {
  performance: number;
  accessibility: number;
  /** Milliseconds, except CLS. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  lcpElement: string | null;
  /** Accessibility audits that failed, by id. */
  accessibilityFailures: string[];
}

async function lighthouseRun(
  port: number,
  url: string,
  cookie: string | null,
): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (REPORTS_DIR) {
    await mkdir(REPORTS_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, "_")}-${Date.now()}.json`;
    await writeFile(path.join(REPORTS_DIR, name), JSON.stringify(lhr));
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const lcpDetails = lhr.audits["largest-contentful-paint-element"]?.details as
    | { items?: { items?: { node?: { nodeLabel?: string } }[] }[] }
    | undefined;
  const accessibility = lhr.categories.accessibility;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((accessibility?.score ?? 0) * 100),
    fcp: Math.round(metric("first-contentful-paint")),
    lcp: Math.round(metric("largest-contentful-paint")),
    tbt: Math.round(metric("total-blocking-time")),
    cls: Number(metric("cumulative-layout-shift").toFixed(3)),
    speedIndex: Math.round(metric("speed-index")),
    lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.nodeLabel ?? null,
    accessibilityFailures: (accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  };
}

/** Lighthouse now and then loses its trace on a busy machine (NO_NAVSTART): that run is redone. */
async function lighthouseRunRetried(
  port: number,
  url: string,
  cookie: string | null,
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseRun(port, url, cookie);
    } catch (error) {
      if (attempt === 3) throw error;
      log(`${error instanceof Error ? error.message : error}; running it again`);
    }
  }
}

async function lighthouseMedians(
  chromiumPath: string,
  origin: string,
  pages: Record<string, BenchPage>,
  viewer: HttpUser,
) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic"],
  });
  const results: Record<string, LighthouseRun & { performanceRuns: number[] }> = {};
  try {
    for (const [name, benchPage] of Object.entries(pages)) {
      const url = `${origin}${benchPage.path}`;
      const cookie = benchPage.signedIn ? viewer.cookie : null;
      const runs: LighthouseRun[] = [];
      for (let run = 0; run < RUNS; run += 1)
        runs.push(await lighthouseRunRetried(chrome.port, url, cookie));
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)] as LighthouseRun;
      results[name] = { ...median, performanceRuns: runs.map((run) => run.performance) };
      log(`${name}: performance ${median.performance}, accessibility ${median.accessibility}`);
    }
  } finally {
    chrome.kill();
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Interactions and the repeat visit, with the CPU slowed as Lighthouse's mobile preset does

const CPU_SLOWDOWN = 4;

/**
 * web-vitals' browser build, started before the app: it keeps the page's INP and LCP so far
 * (reportAllChanges: every interaction and every larger paint updates them).
 */
async function vitalsScript(): Promise<string> {
  // The package's require build is UMD: with no module system in the page it defines the global.
  const library = await readFile(createRequire(import.meta.url).resolve("web-vitals"), "utf8");
  return `${library}
    window.__vitals = {};
    webVitals.onINP((metric) => { window.__vitals.inp = metric.value; }, { reportAllChanges: true, durationThreshold: 0 });
    webVitals.onLCP((metric) => { window.__vitals.lcp = metric.value; }, { reportAllChanges: true });`;
}

async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
}

/** A web-vitals value of the page once it has one (an interaction is reported once painted). */
async function vital(page: Page, name: "inp" | "lcp"): Promise<number> {
  const handle = await page.waitForFunction(
    (metric) => (window as unknown as { __vitals: Record<string, number> }).__vitals[metric],
    name,
    { timeout: 30_000 },
  );
  return Math.round(Number(await handle.jsonValue()));
}

/** What each interaction takes on a page just opened, signed in, CPU slowed: ms of INP. */
const INTERACTIONS: Record<
  string,
  { path: (seeded: Seeded) => string; act: (page: Page) => Promise<void> }
> = {
  "like a review (feed)": {
    path: () => screenPaths.feed,
    act: async (page) => {
      const feed = page.getByRole("region", { name: "Feed" });
      await feed
        .getByRole("button", { name: /^Like, / })
        .first()
        .click();
      await feed
        .getByRole("button", { name: /^Like, /, pressed: true })
        .first()
        .waitFor();
    },
  },
  "open a review's detail (feed)": {
    path: () => screenPaths.feed,
    act: async (page) => {
      const card = page.getByRole("region", { name: "Feed" }).getByRole("article").first();
      const title = (await card.getByRole("heading").first().textContent()) ?? "";
      await card.getByRole("button", { name: title, exact: true }).click();
      await page.getByRole("dialog").getByRole("heading", { name: title }).first().waitFor();
    },
  },
  "switch to Following (feed)": {
    path: () => screenPaths.feed,
    act: async (page) => {
      await page
        .getByRole("radiogroup", { name: "Whose posts to show" })
        .getByText("Following", { exact: true })
        .click();
      await page
        .getByRole("radiogroup", { name: "Whose posts to show" })
        .getByRole("radio", { name: "Following", checked: true })
        .waitFor({ state: "attached" });
    },
  },
  "switch a profile tab": {
    path: (seeded) => seeded.otherProfilePath,
    act: async (page) => {
      const tab = page.getByRole("tab", { name: /^Posts/ });
      await tab.click();
      await page.waitForFunction(() =>
        document
          .querySelector('[role="tab"][aria-selected="true"]')
          ?.textContent?.startsWith("Posts"),
      );
    },
  },
};

async function measureInteractions(chromiumPath: string, origin: string, seeded: Seeded) {
  const browser = await launchChromium(chromiumPath);
  const script = await vitalsScript();
  const results: Record<string, number> = {};
  try {
    for (const [name, interaction] of Object.entries(INTERACTIONS)) {
      const context = await phoneContext(browser, origin, seeded.viewer, "block");
      await context.addInitScript(script);
      const page = await context.newPage();
      await page.goto(`${origin}${interaction.path(seeded)}`, { waitUntil: "networkidle" });
      await slowCpu(page);
      await interaction.act(page);
      results[name] = await vital(page, "inp");
      log(`${name}: INP ${results[name]} ms`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/**
 * The feed's largest paint on a second visit: the first one installs the service worker (the
 * installed app's case), which then serves the shell and the screens' code from its cache.
 */
async function measureRepeatVisit(chromiumPath: string, origin: string, viewer: HttpUser) {
  const browser = await launchChromium(chromiumPath);
  try {
    const context = await phoneContext(browser, origin, viewer, "allow");
    await context.addInitScript(await vitalsScript());
    const first = await context.newPage();
    await first.goto(`${origin}${screenPaths.feed}`, { waitUntil: "networkidle" });
    await first.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await first.close();
    const again = await context.newPage();
    await slowCpu(again);
    await again.goto(`${origin}${screenPaths.feed}`, { waitUntil: "networkidle" });
    const lcp = await vital(again, "lcp");
    log(`feed on a repeat visit: LCP ${lcp} ms`);
    await context.close();
    return { lcp };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

type Report = Awaited<ReturnType<typeof measure>>;

function markdownResults(report: Report): string {
  const { machine, pages, interactions, repeatVisit, budgetMet } = report;
  const rows = Object.entries(pages).map(([name, page]) => {
    const lh = page.lighthouse;
    return `| ${name} | \`${page.path}\`${page.signedIn ? " (signed in)" : ""} | ${kB(page.bytes.jsGzip)} | ${kB(page.bytes.cssGzip)} | ${lh.performance} (${lh.performanceRuns.join(", ")}) | ${lh.accessibility} | ${(lh.fcp / 1000).toFixed(1)} s | ${(lh.lcp / 1000).toFixed(1)} s | ${lh.tbt} ms | ${lh.cls} |`;
  });
  return [
    `Measured by \`npm run bench:web\` on ${report.date} (${machine.cpus}, ${machine.memoryGb} GB, ` +
      `load average ${machine.loadAverageBefore.join(" ")} before, ${machine.loadAverageAfter.join(" ")} after).`,
    `Pages hold ${report.seeded.reviews} reviews with ${report.seeded.photos} photos by four people. ` +
      `Bytes: gzip size of every .js and .css file the page fetched until the network went quiet. ` +
      `Lighthouse ${report.lighthouseVersion}, mobile preset, median of ${RUNS} runs (all runs in brackets).`,
    "",
    "| page | path | JS kB gzip | CSS kB gzip | performance | accessibility | FCP | LCP | TBT | CLS |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    `Interactions, signed in, each on a page just loaded, CPU slowed ${CPU_SLOWDOWN}× (web-vitals INP): ` +
      Object.entries(interactions)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join("; ") +
      `. The feed on a repeat visit (service worker warm, CPU slowed ${CPU_SLOWDOWN}×): LCP ${repeatVisit.lcp} ms.`,
    "",
    `Budget: landing ≤ ${kB(BUDGET.landingJsGzip)} kB JS and ≤ ${kB(BUDGET.landingCssGzip)} kB CSS (gzip); ` +
      `performance ≥ ${BUDGET.landingPerformance} on the landing page and ≥ ${BUDGET.screenPerformance} on the others, ` +
      `accessibility ${BUDGET.accessibility} on every page; each interaction ≤ ${BUDGET.interactionMs} ms; ` +
      `the repeat visit's LCP ≤ ${BUDGET.repeatVisitLcpMs} ms. ` +
      `${budgetMet ? "All met." : "**Not all met**: see below."}`,
    "",
  ].join("\n");
}

const GENERATED_START = "<!-- bench:web results -->";
const GENERATED_END = "<!-- /bench:web results -->";

/**
 * Writes the results into docs/performance.md between the markers under "## Web", so the notes
 * written by hand in that section stay; the first run adds the section.
 */
async function writeMarkdown(results: string) {
  const file = path.join(root, "docs", "performance.md");
  const current = existsSync(file) ? await readFile(file, "utf8") : "# Performance\n";
  const block = `${GENERATED_START}\n${results.trim()}\n${GENERATED_END}`;
  const start = current.indexOf(GENERATED_START);
  const end = current.indexOf(GENERATED_END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + GENERATED_END.length)}`
      : `${current.trimEnd()}\n\n## Web\n\n${block}\n`;
  await writeFile(file, next);
}

async function measure(chromiumPath: string) {
  const loadAverageBefore = loadavg().map((value) => Number(value.toFixed(2)));
  log("building the web app");
  await execFileAsync("npx", ["vite", "build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    maxBuffer: 64 * 1024 * 1024,
  });
  log("starting the server");
  const server = await startServerProcess();
  try {
    log("seeding people, reviews and photos through the API");
    const seeded = await seed(server);
    const visitor = (pagePath: string): BenchPage => ({ path: pagePath, signedIn: false });
    const signedIn = (pagePath: string): BenchPage => ({ path: pagePath, signedIn: true });
    const benchPages: Record<string, BenchPage> = {
      landing: visitor(screenPaths.landing),
      "feed (visitor)": visitor(screenPaths.feed),
      feed: signedIn(screenPaths.feed),
      explore: signedIn(`${screenPaths.explore}?q=${seeded.exploreQuery}`),
      "own profile": signedIn(seeded.profilePath),
      "another profile": signedIn(seeded.otherProfilePath),
      restaurant: signedIn(seeded.restaurantPath),
      notifications: signedIn(screenPaths.notifications),
      "a review": signedIn(seeded.reviewPath),
      "a list": signedIn(seeded.listPath),
    };
    log("measuring what each page loads");
    const bytes = await measureBytes(chromiumPath, server.url, benchPages, seeded.viewer);
    log(`running Lighthouse (${RUNS} runs a page)`);
    const scores = await lighthouseMedians(chromiumPath, server.url, benchPages, seeded.viewer);
    log(`interactions with the CPU slowed ${CPU_SLOWDOWN}×`);
    const interactions = await measureInteractions(chromiumPath, server.url, seeded);
    const repeatVisit = await measureRepeatVisit(chromiumPath, server.url, seeded.viewer);
    const pages = Object.fromEntries(
      Object.entries(benchPages).map(([name, benchPage]) => [
        name,
        {
          ...benchPage,
          bytes: bytes[name] as PageBytes,
          lighthouse: scores[name] as LighthouseRun & { performanceRuns: number[] },
        },
      ]),
    );
    const landing = pages.landing;
    const budgetMet =
      landing !== undefined &&
      landing.bytes.jsGzip <= BUDGET.landingJsGzip &&
      landing.bytes.cssGzip <= BUDGET.landingCssGzip &&
      Object.entries(pages).every(
        ([name, page]) =>
          page.lighthouse.performance >=
            (name === "landing" ? BUDGET.landingPerformance : BUDGET.screenPerformance) &&
          page.lighthouse.accessibility >= BUDGET.accessibility,
      ) &&
      Object.values(interactions).every((ms) => ms <= BUDGET.interactionMs) &&
      repeatVisit.lcp <= BUDGET.repeatVisitLcpMs;
    const lighthousePackage = JSON.parse(
      await readFile(path.join(root, "node_modules", "lighthouse", "package.json"), "utf8"),
    ) as { version: string };
    return {
      date: new Date().toISOString().slice(0, 10),
      machine: {
        cpus: `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}`,
        memoryGb: Math.round(totalmem() / 1e9),
        loadAverageBefore,
        loadAverageAfter: loadavg().map((value) => Number(value.toFixed(2))),
        chromium: (await execFileAsync(chromiumPath, ["--version"])).stdout.trim(),
      },
      lighthouseVersion: lighthousePackage.version,
      budget: BUDGET,
      seeded: { ...seeded, viewer: seeded.viewer.userId },
      pages,
      interactions,
      repeatVisit,
      budgetMet,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error("Chromium not found (set CHROMIUM_PATH)");
  const report = await measure(chromiumPath);
  const resultsDir = path.join(root, "bench", "results");
  await mkdir(resultsDir, { recursive: true });
  const resultFile = path.join(resultsDir, `web-${report.date}.json`);
  await writeFile(resultFile, `${JSON.stringify(report, null, 2)}\n`);
  const results = markdownResults(report);
  await writeMarkdown(results);
  process.stdout.write(`${results}\n`);
  log(`wrote ${path.relative(root, resultFile)} and docs/performance.md`);
  if (!report.budgetMet) process.exitCode = 1;
}

await main();
