import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";

export default defineConfig({
  root: "web",
  publicDir: "public",
  // No source maps in dist: the server publishes every file there, and maps would hand out the
  // full source along with the build machine's absolute paths.
  build: { outDir: "../dist", emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/uploads": "http://localhost:3000" },
  },
  plugins: [
    react(),
    VitePWA({
      registerType: "autoUpdate",
      // An external registerSW.js keeps the page free of inline script (strict CSP).
      injectRegister: "script",
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
        // The app shell works offline; API calls always go to the network.
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ["**/*.{js,css,html,svg,png,woff2,webmanifest}"],
        cleanupOutdatedCaches: true,
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
