import { mkdir } from "node:fs/promises";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { FIRST_READS_ELEMENT_ID } from "#domain/first-reads.ts";
import { findChromium } from "./chromium.ts";

/** The key the web app keeps the chosen theme under ("light" | "dark" | "auto"). */
export const COLOR_SCHEME_STORAGE_KEY = "tasted-color-scheme";

export const MOBILE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export type ColorScheme = "light" | "dark";

/** Origin of the server started by global-setup.ts. */
export function baseURL(): string {
  return inject("baseURL");
}

/** Debian's Chromium, headless, quiet: no sync, no component updates, no background traffic. */
async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error("Chromium not found: set CHROMIUM_PATH or install Debian's chromium package");
  }
  // launch() always gives the browser a fresh temporary user-data-dir.
  return chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /**
   * The theme choice stored for the app before the first load (only when nothing is stored yet,
   * so a toggle during the test still wins on reload). Omit it to start like a first-time visitor.
   */
  colorScheme?: ColorScheme | "auto";
  /** The operating system's preference the browser reports; defaults to colorScheme, else light. */
  systemColorScheme?: ColorScheme;
  /**
   * Where the browser says it is, with the permission to say so granted. Omitted, the page may
   * not learn its position: asking is refused.
   */
  geolocation?: { latitude: number; longitude: number };
  /** Lets the app's service worker install (blocked otherwise: see newPage). */
  serviceWorker?: boolean;
}

/** One of the four ways every screen is looked at: phone and desktop width, light and dark. */
export interface Look {
  label: string;
  viewport: { width: number; height: number };
  colorScheme: ColorScheme;
}

const ALL_LOOKS: readonly Look[] = [
  { label: "375 px light", viewport: MOBILE, colorScheme: "light" },
  { label: "375 px dark", viewport: MOBILE, colorScheme: "dark" },
  { label: "1280 px light", viewport: DESKTOP, colorScheme: "light" },
  { label: "1280 px dark", viewport: DESKTOP, colorScheme: "dark" },
];

/**
 * The looks every screen's axe check and screenshots run at. Locally all four, since the
 * screenshots are for people to look at. A CI run takes no screenshots and checks two: the phone
 * in light and the desktop in dark, so each screen's axe check still sees both schemes and both
 * widths while the suite keeps to CI's time limit on a 2-core machine (the looks were a third
 * of its time). E2E_ALL_LOOKS=1 brings the four back under CI.
 */
export const LOOKS: readonly Look[] =
  process.env.CI && process.env.E2E_ALL_LOOKS !== "1"
    ? ALL_LOOKS.filter((look) => look.label === "375 px light" || look.label === "1280 px dark")
    : ALL_LOOKS;

export interface TestPage {
  page: Page;
  /** Console errors and uncaught page errors, in order. A passing test expects it empty. */
  errors: string[];
  close: () => Promise<void>;
}

/** How long a single wait (text to appear, URL to change) may take before the test fails. */
const ACTION_TIMEOUT_MS = 10_000;

/**
 * Console output from Chromium itself rather than from the app, matched exactly and explained.
 * Nothing is on the list yet; add an entry only with the reason it cannot be avoided.
 */
const chromiumNoise: RegExp[] = [];

/**
 * The test file's browser: launched before its first test, closed after its last. Pass it to
 * withPage and friends like the Browser it stands for.
 */
export function useBrowser(): Browser {
  let instance: Browser | undefined;
  beforeAll(async () => {
    instance = await launchBrowser();
  });
  afterAll(async () => {
    await instance?.close();
  });
  return new Proxy({} as Browser, {
    get(_target, property) {
      if (!instance) throw new Error("useBrowser: the browser starts in beforeAll");
      const value = Reflect.get(instance, property, instance);
      return typeof value === "function" ? value.bind(instance) : value;
    },
  });
}

/** A page in its own browser context (own storage), recording every error it reports. */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<TestPage> {
  const stored = options.colorScheme;
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.systemColorScheme ?? (stored === "dark" ? "dark" : "light"),
    // Transitions finish instantly, so screenshots and contrast checks see the settled page.
    reducedMotion: "reduce",
    // The service worker would precache every screen's scripts in each new context, hundreds of
    // requests per test that no test looks at; the server tests check what it is served, and
    // the offline test lets it install.
    serviceWorkers: options.serviceWorker ? "allow" : "block",
    ...(options.geolocation
      ? { geolocation: options.geolocation, permissions: ["geolocation"] }
      : {}),
  });
  if (stored) {
    await context.addInitScript(
      ([key, scheme]) => {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, scheme);
      },
      [COLOR_SCHEME_STORAGE_KEY, stored] as const,
    );
  }
  const page = await context.newPage();
  page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS * 2);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (chromiumNoise.some((noise) => noise.test(text))) return;
    const { url, lineNumber } = message.location();
    errors.push(`console.error on ${page.url()}: ${text}${url ? ` (${url}:${lineNumber})` : ""}`);
  });
  page.on("pageerror", (error) => {
    errors.push(`uncaught error on ${page.url()}: ${error.stack ?? error.message}`);
  });
  return { page, errors, close: () => context.close() };
}

/**
 * Runs body with a fresh page, then requires that the page logged no console error and threw
 * nothing, whatever it visited. The context is closed either way.
 */
export async function withPage(
  browser: Browser,
  options: PageOptions,
  body: (page: Page) => Promise<void>,
): Promise<void> {
  await withPages(browser, [options], body);
}

/**
 * withPage for several people at once: a fresh page for each of `options`, handed to body in
 * that order; then none may have logged a console error or thrown. Every page is closed either
 * way.
 */
export async function withPages<const T extends readonly PageOptions[]>(
  browser: Browser,
  options: T,
  body: (...pages: { [K in keyof T]: Page }) => Promise<void>,
): Promise<void> {
  const opened: TestPage[] = [];
  try {
    for (const each of options) opened.push(await newPage(browser, each));
    await body(...(opened.map((one) => one.page) as { [K in keyof T]: Page }));
    for (const one of opened) expect(one.errors, "errors reported by the browser").toEqual([]);
  } finally {
    for (const one of opened) await one.close();
  }
}

/**
 * withPage once in each look (every look unless `looks` is given), its viewport and colour
 * scheme joined to `options` (a position, say).
 */
export async function withPageInEachLook(
  browser: Browser,
  options: Omit<PageOptions, "viewport" | "colorScheme">,
  body: (page: Page) => Promise<void>,
  looks: readonly Look[] = LOOKS,
): Promise<void> {
  for (const look of looks) {
    await withPage(
      browser,
      { ...options, viewport: look.viewport, colorScheme: look.colorScheme },
      body,
    );
  }
}

/**
 * Loads the page at `urlPath` without the first API answers the server sends in its HTML, as
 * the app shell a service worker keeps has none: the app then asks for each itself (where a test
 * can hold or change the answer). The block is taken out as it is parsed, before the app's
 * deferred scripts run; the document itself still comes from the server (a document fulfilled
 * by the test would lose its address, and Chromium would then refuse its requests to other
 * local ports, such as the map style's).
 */
export async function withoutFirstReads(page: Page, urlPath: string): Promise<void> {
  await page.addInitScript(
    ({ id, path }) => {
      if (location.pathname !== path) return;
      const observer = new MutationObserver(() => {
        const block = document.getElementById(id);
        if (!block) return;
        block.remove();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    { id: FIRST_READS_ELEMENT_ID, path: urlPath },
  );
}

/** Waits until the location's path is exactly pathname (client-side navigations included). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Something the user activates by name, whether the app renders it as a link or a button. */
export function control(page: Page, name: string | RegExp): Locator {
  const exact = typeof name === "string";
  return page
    .getByRole("link", { name, exact })
    .or(page.getByRole("button", { name, exact }))
    .first();
}

/** Waits until text (exact when a string) is visible somewhere on the page. */
export async function waitForText(page: Page, text: string | RegExp): Promise<void> {
  await page
    .getByText(text, { exact: typeof text === "string" })
    .first()
    .waitFor();
}

/**
 * Fails with each rule id, impact and offending selectors when axe finds serious problems.
 * Legacy mode runs axe inside the page alone: the default opens a blank page in the context to
 * gather each frame's results, which doubled every check's time, and the app has no cross-origin
 * frames for it to reach.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help}`,
        ...violation.nodes.map(
          (node) => `  ${node.target.join(" ")}  ${node.html.replace(/\s+/g, " ").slice(0, 160)}`,
        ),
      ].join("\n"),
    );
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * The names of the page's tabs, after checking each is whole and inside the viewport's width: a
 * row of tabs that ran off a phone's edge, or scrolled sideways, hid its last ones with no cue.
 */
export async function tabsAllInSight(page: Page): Promise<string[]> {
  const width = page.viewportSize()?.width ?? 0;
  const names: string[] = [];
  for (const tab of await page.getByRole("tab").all()) {
    const name = (await tab.textContent()) ?? "";
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `${name} in sight`).toBe(true);
    // Its whole label shows: nothing clipped or ellipsised.
    expect(
      await tab.evaluate((element) => element.scrollWidth <= element.clientWidth),
      `${name} whole`,
    ).toBe(true);
    names.push(name);
  }
  return names;
}

/**
 * Axe and a screenshot (what a person sees, `name`) of the page as it stands, in every look in
 * turn, then back to the look it had.
 */
export async function checkEveryLook(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize();
  const scheme = await page.evaluate(() =>
    matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light",
  );
  for (const look of LOOKS) {
    await page.setViewportSize(look.viewport);
    await page.emulateMedia({ colorScheme: look.colorScheme });
    await expect.poll(() => renderedColorScheme(page)).toBe(look.colorScheme);
    // Colours that ease into the new scheme have arrived before contrast is measured; one
    // cancelled meanwhile (its element re-styled again) rejects `finished`, and is done too.
    await page.evaluate(() =>
      Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
    );
    await expectNoAxeViolations(page);
    await screenshot(page, name, { fullPage: false });
  }
  if (viewport) await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: scheme });
}

/** The color scheme Mantine applied to the document. */
export function renderedColorScheme(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute("data-mantine-color-scheme"));
}

/** Screenshots are for people to look at: a CI run (CI set) takes them only when asked. */
const TAKE_SCREENSHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === "1";

/**
 * Saves a PNG as test-results/screenshots/<name>-<width>-<scheme>.png, after web fonts and the
 * images already requested have finished loading. Full page by default; `fullPage: false`
 * captures what a person sees with a dialog open (a full-page capture draws a fixed dialog at
 * the scroll position inside a picture as tall as the whole page).
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((image) => !image.complete && image.loading !== "lazy")
        .map(
          (image) =>
            new Promise((resolve) => {
              image.addEventListener("load", resolve, { once: true });
              image.addEventListener("error", resolve, { once: true });
              setTimeout(resolve, 5_000);
            }),
        ),
    );
  });
  const width = page.viewportSize()?.width ?? 0;
  const scheme = (await renderedColorScheme(page)) ?? "light";
  const directory = path.resolve("test-results", "screenshots");
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `${name}-${width}-${scheme}.png`);
  await page.screenshot({ path: file, fullPage });
}
