import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { build, createServer, defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";

const webDir = path.resolve(import.meta.dirname, "web");
const distDir = path.resolve(import.meta.dirname, "dist");

/**
 * Mantine components whose styles ship in the first CSS file: what the landing page, the
 * loading screen and the route error page draw before any other screen is asked for. A
 * component missing here still works on every other screen; on the landing page it would be
 * unstyled.
 */
const FIRST_SCREEN_COMPONENTS = [
  "UnstyledButton",
  "VisuallyHidden",
  "Loader",
  "ActionIcon",
  "Group",
  "Text",
  "Anchor",
  "Avatar",
  "Button",
  "Center",
  "Stack",
  "Title",
  "Tooltip",
];

/**
 * Mantine's one stylesheet (41 kB gzip) cut in two, both in its own rule order:
 * `virtual:mantine-first.css` (its global styles and FIRST_SCREEN_COMPONENTS, in the entry's
 * CSS) and `virtual:mantine-rest.css` (every other component, which web/app/screen-styles.ts
 * loads before any other screen). Cut out of styles.css itself, so a Mantine upgrade or a new
 * component needs no change here.
 */
function mantineStyles(): Plugin {
  const ids: Record<string, string> = {
    "virtual:mantine-first.css": "\0mantine-first.css",
    "virtual:mantine-rest.css": "\0mantine-rest.css",
  };
  const stylesDir = path.dirname(
    createRequire(import.meta.url).resolve("@mantine/core/styles.css"),
  );
  const read = (file: string) => readFileSync(path.join(stylesDir, file), "utf8").trim();
  const sheets = () => {
    const all = read("styles.css");
    const first = ["baseline", "default-css-variables", "global", ...FIRST_SCREEN_COMPONENTS]
      .map((name) => {
        const css = read(`styles/${name}.css`);
        const at = all.indexOf(css);
        if (at < 0) throw new Error(`@mantine/core/styles.css lacks ${name}.css`);
        return { css, at };
      })
      .sort((a, b) => a.at - b.at);
    let rest = all;
    for (const { css } of first) rest = rest.replace(css, "");
    return { first: first.map(({ css }) => css).join("\n"), rest };
  };
  return {
    name: "tasted:mantine-styles",
    resolveId: (id) => ids[id],
    load(id) {
      if (id === ids["virtual:mantine-first.css"]) return sheets().first;
      if (id === ids["virtual:mantine-rest.css"]) return sheets().rest;
      return undefined;
    },
  };
}

/**
 * Preloads the landing page's headline font (web/app/fonts.css): its title is the largest text
 * on screen, and without the hint the browser finds the font only once the CSS has been parsed
 * and the title rendered.
 */
function preloadHeadlineFont(): Plugin {
  return {
    name: "tasted:preload-headline-font",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        const font = Object.keys(bundle ?? {}).find((file) =>
          /\/fraunces-latin-wght-normal-[^/]+\.woff2$/.test(file),
        );
        if (!font) return [];
        const attrs = { rel: "preload", as: "font", type: "font/woff2", crossorigin: "" };
        return [{ tag: "link", attrs: { ...attrs, href: `/${font}` }, injectTo: "head" }];
      },
    },
  };
}

/**
 * Writes dist/landing.html: index.html with the landing page already drawn in #root
 * (web/app/prerender.tsx); the server sends it for "/", every other screen gets the empty shell.
 * A phone then paints the page people open from a search or a shared link as soon as the HTML
 * and CSS arrive, not after the script has loaded and run; the app, loaded once the page is
 * painted (bootAfterPaint), then hydrates that markup.
 */
function prerenderLanding(): Plugin {
  const placeholder = '<div id="root"></div>';
  return {
    name: "tasted:prerender-landing",
    apply: "build",
    enforce: "post",
    async generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset" || typeof index.source !== "string") {
        throw new Error("prerenderLanding: the build has no index.html");
      }
      if (!index.source.includes(placeholder)) {
        throw new Error(`prerenderLanding: index.html has no ${placeholder}`);
      }
      // The landing page's modules as the build sees them (CSS module class names hash the
      // source), loaded without this file's other plugins, which would write dist/ on close.
      const server = await createServer({
        configFile: false,
        root: webDir,
        logLevel: "error",
        appType: "custom",
        plugins: [mantineStyles()],
        server: { middlewareMode: true, hmr: false, watch: null },
      });
      try {
        const { renderLandingPage } = (await server.ssrLoadModule("/app/prerender.tsx")) as {
          renderLandingPage: () => Promise<string>;
        };
        const markup = await renderLandingPage();
        this.emitFile({
          type: "asset",
          fileName: "landing.html",
          source: bootAfterPaint(
            index.source.replace(placeholder, `<div id="root">${markup}</div>`),
          ),
        });
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * The landing page's copy loads the app through public/landing-boot.js, after the page has been
 * painted, instead of from its head: the entry script and its module preloads move into that
 * script's data attributes.
 */
function bootAfterPaint(html: string): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const preload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const entrySrc = html.match(entry)?.[1];
  if (!entrySrc) throw new Error("prerenderLanding: index.html has no entry script");
  const preloads = [...html.matchAll(preload)].map((match) => match[1]).join(" ");
  const boot = `<script src="/landing-boot.js" data-entry="${entrySrc}" data-preload="${preloads}" defer></script>`;
  return html.replace(entry, "").replace(preload, "").replace("</body>", `${boot}\n</body>`);
}

/** The Background Sync handler's script, which the generated service worker imports. */
const BACKGROUND_SYNC_SCRIPT = "background-sync.js";

/**
 * Bundles web/features/reviews/worker/background-sync.ts, and the code it shares with the pages
 * (sending the reviews waiting on the device, docs/decisions/0043), into one classic script for
 * the service worker's importScripts, beside the worker vite-plugin-pwa generates: the Workbox
 * worker stays generated from the options below, and only what sends reviews is written here.
 * A build of its own, without this file's other plugins (they would write dist/ again).
 */
function backgroundSyncScript(): Plugin {
  return {
    name: "tasted:background-sync-script",
    apply: "build",
    async generateBundle() {
      const built = await build({
        configFile: false,
        root: webDir,
        logLevel: "warn",
        build: {
          write: false,
          copyPublicDir: false,
          lib: {
            entry: path.join(webDir, "features/reviews/worker/background-sync.ts"),
            formats: ["iife"],
            name: "tastedBackgroundSync",
          },
        },
      });
      const chunk = (Array.isArray(built) ? built : [built])
        .flatMap((result) => ("output" in result ? result.output : []))
        .find((output) => output.type === "chunk");
      if (!chunk) throw new Error("backgroundSyncScript: the build wrote no script");
      this.emitFile({ type: "asset", fileName: BACKGROUND_SYNC_SCRIPT, source: chunk.code });
    },
  };
}

export default defineConfig({
  root: webDir,
  publicDir: "public",
  // No source maps in dist: the server publishes every file there, and maps would hand out the
  // full source along with the build machine's absolute paths.
  // The manifest (dist/.vite/manifest.json, never served: a dot directory) maps each source
  // module to its chunk and imports: e2e/bundle-budgets.test.ts reads each route's bytes from it.
  // No modulepreload polyfill: every browser the app supports has modulepreload (Baseline since
  // 2023), and the polyfill would ride in the landing page's first bundle.
  build: {
    outDir: distDir,
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    modulePreload: { polyfill: false },
  },
  // Which build saved a person's offline cache: another build's screens may expect other
  // shapes, so web/lib/offline-cache.ts drops a cache another build saved.
  define: { "import.meta.env.TASTED_BUILD": JSON.stringify(new Date().toISOString()) },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/uploads": "http://localhost:3000" },
  },
  plugins: [
    react(),
    mantineStyles(),
    preloadHeadlineFont(),
    prerenderLanding(),
    backgroundSyncScript(),
    VitePWA({
      registerType: "autoUpdate",
      // An external registerSW.js keeps the page free of inline script (strict CSP); deferred,
      // it does not hold up the first paint.
      injectRegister: "script-defer",
      includeAssets: ["favicon.svg", "apple-touch-icon.png", "theme-init.js"],
      manifest: {
        id: "/",
        name: "Tasted",
        short_name: "Tasted",
        description: "Track what you try. Remember what you love.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        background_color: "#fffaf5",
        theme_color: "#e8590c",
        categories: ["food", "lifestyle", "social"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          {
            src: "/icons/icon-maskable-512.png",
            sizes: "512x512",
            type: "image/png",
            purpose: "maskable",
          },
        ],
      },
      workbox: {
        // Every screen opens offline: the shell, every route's scripts and styles, fonts and
        // icons are precached once the first page has loaded (the worker installs after it). API
        // calls always go to the network; what a signed-in person saw last is kept by the app
        // itself (web/lib/offline-cache.ts, docs/decisions/0022).
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ["**/*.{js,css,html,svg,png,woff2,webmanifest}"],
        // landing.html is the server's first answer for "/"; offline, the shell draws that page.
        globIgnores: ["landing.html"],
        runtimeCaching: [
          {
            // What the precache leaves out (MapLibre's worker script) once first used. Hashed
            // file names: a cached copy is never stale, so it is used without asking.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
            handler: "CacheFirst",
            options: { cacheName: "assets", expiration: { maxEntries: 300 } },
          },
        ],
        cleanupOutdatedCaches: true,
        // The page that installed the worker is served by it at once, not from its next load:
        // a screen first opened offline in that same visit still finds its scripts.
        clientsClaim: true,
        // Shows web push notifications and opens the app on a click (web/public); sends the
        // reviews waiting on the device when Background Sync wakes it (backgroundSyncScript).
        importScripts: ["/push-handler.js", `/${BACKGROUND_SYNC_SCRIPT}`],
        // Same rule for the generated service worker (sw.js.map would name the build's paths).
        sourcemap: false,
      },
    }),
    // A brotli and a gzip copy of every text file, made once here at the highest levels, so the
    // server never compresses the app on the fly (server/http/static-web.ts sends them).
    compression({
      include: /\.(html|css|js|json|svg|webmanifest)$/,
      algorithms: ["brotliCompress", "gzip"],
    }),
  ],
});
