import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { publicShellFiles, readManifest } from './scripts/public-chunks.ts';

// The API server of `npm run dev`; the SPA is served by Vite, everything else goes to Fastify.
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;
const proxiedPrefixes = ['/api/', '/files/', '/dev/', '/manifest.webmanifest'];

// The build's output folder (`--outDir` may change it), for the service worker's precache list.
let outDir = 'dist';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    {
      name: 'remember-out-dir',
      configResolved(config) {
        outDir = path.resolve(config.root, config.build.outDir);
      },
    },
    // Installable app with an offline shell. The manifest is the server's (it follows the
    // branding settings at run time), so the plugin writes none. Only the built shell is
    // precached: API responses, uploads and admin data always come from the network.
    VitePWA({
      manifest: false,
      injectRegister: 'script-defer',
      registerType: 'autoUpdate',
      workbox: {
        globPatterns: ['index.html', 'assets/*.{js,css,svg,woff2}', '*.svg'],
        // The public pages' code only: an operator's browser fetches admin chunks when used.
        manifestTransforms: [
          (entries) => {
            const shell = publicShellFiles(readManifest(outDir));
            const keep = entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url));
            return { manifest: keep, warnings: [] };
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/files\//, /^\/dev\//, /^\/manifest\.webmanifest$/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Read by scripts/check-budget.ts (the public first-load budget).
    manifest: true,
    // The server reads compressed siblings (scripts/precompress.ts); small assets inline as data: URLs
    // would bypass that and the CSP allows data: only for images.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change far less often than our pages: a separate chunk
            // stays cached across releases. Admin-only libraries stay in the lazy admin chunks.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // Every icon in one file (about 9 KB gzipped, the admin screens' few included) instead
            // of one file per icon per set of pages: a phone on HTTP/1.1 fetches a dozen 1 KB files
            // a few at a time, each a round trip, before a page can draw (/bookings: 21 files to 12).
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
  },
  preview: {
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
  },
});
