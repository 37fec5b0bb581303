import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, minify, type Plugin, transformWithOxc } from 'vite';
import { catalogues } from './scripts/catalogue-plugin.ts';
import { precacheList, ROUTE_PAGES, routePreloads } from './scripts/public-chunks.ts';

// The API server of `npm run dev`; the SPA is served by Vite, everything else goes to Fastify.
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;
const proxiedPrefixes = ['/api/', '/files/', '/dev/', '/manifest.webmanifest'];

/**
 * Installable app with an offline shell: src/web/sw.ts, compiled into `<outDir>/sw.js` once the
 * bundle is written, with its precache list (index.html, the public pages' code, the icons)
 * chosen from the build manifest. The web app manifest is the server's (it follows the branding
 * settings at run time). API responses, uploads and admin code always come from the network.
 */
function serviceWorker(): Plugin {
  let root = process.cwd();
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle({ dir }) {
      if (!dir) throw new Error('service-worker: the build has no output folder');
      const source = await readFile(path.join(root, 'src/web/sw.ts'), 'utf8');
      const { code } = await transformWithOxc(source, 'sw.ts', { target: 'es2022' });
      // A classic worker script: the IIFE keeps its names out of the worker's global scope.
      // The list is a file of its own, fetched by the worker at install: every first visit
      // downloads sw.js, and the list's file names were most of it. Its hash in sw.js makes a
      // release with another list another worker.
      const list = JSON.stringify(precacheList(dir));
      const version = createHash('sha256').update(list).digest('hex').slice(0, 12);
      await writeFile(path.join(dir, 'precache.json'), list);
      const script = `(() => {\nconst PRECACHE_URL = ${JSON.stringify(`precache.json?v=${version}`)};\n${code}})();\n`;
      const minified = await minify('sw.js', script, { compress: { target: 'es2022' } });
      if (minified.errors.length > 0) {
        throw new Error(`service-worker: ${minified.errors.map((e) => e.message).join('; ')}`);
      }
      await writeFile(path.join(dir, 'sw.js'), minified.code);
    },
  };
}

/**
 * One HTML file per public route (`routes/*.html`, served by the server for `/`, `/booking` and
 * `/bookings`): index.html plus `<link rel="modulepreload">` for the route's own code, so a
 * first visit fetches the page's chunks with the entry instead of one round trip after it.
 */
function routePages(): Plugin {
  return {
    name: 'route-pages',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) throw new Error('route-pages: the build has no output folder');
      const index = await readFile(path.join(dir, 'index.html'), 'utf8');
      const preloads = routePreloads(dir);
      await mkdir(path.join(dir, 'routes'), { recursive: true });
      for (const [route, file] of Object.entries(ROUTE_PAGES)) {
        const links = (preloads[route] ?? [])
          .map((asset) => `    <link rel="modulepreload" crossorigin href="/${asset}">\n`)
          .join('');
        if (!index.includes('</head>')) throw new Error('route-pages: index.html has no </head>');
        await writeFile(path.join(dir, file), index.replace('  </head>', `${links}  </head>`));
      }
    },
  };
}

export default defineConfig({
  plugins: [catalogues(), react(), tailwindcss(), serviceWorker(), routePages()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs the app supports <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: {
      polyfill: false,
      // The pages a mailed link opens (the e-ticket, the manage page, a staff invitation), the
      // staff area (its login and its routes) and the partner's screen fetch what they import
      // when they load: listing it for them in the entry would put every name of their chunks in
      // the public first load.
      resolveDependencies: (filename, deps) =>
        /(^|\/)(e-ticket|manage-booking|set-password|login|routes|partner)-/.test(filename) ? [] : deps,
    },
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
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|@lingui[\\/](core|react))[\\/]/,
            },
            // Every text of the app, in a file of its own: only the pages that show them load it.
            {
              name: 'messages',
              test: /src[\\/]shared[\\/]messages[\\/]api\.ts$/,
              includeDependenciesRecursively: false,
            },
            // The small shared pieces of the public pages in one file rather than a file each.
            {
              name: 'public-ui',
              test: /src[\\/](web[\\/](components[\\/]ui[\\/](card|label|input|native-select)|components[\\/]layout[\\/]page-container|lib[\\/](operator-time-zone|use-document-title))|shared[\\/]http-headers)\.tsx?$/,
            },
            // The booking page's own small helpers, which its later steps share: with the page
            // rather than a file each, which would put their names and wrappers in its first load.
            {
              name: 'booking-page',
              test: /src[\\/]web[\\/](features[\\/]booking-wizard[\\/]step-focus|i18n[\\/]operator-text)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // What the passenger fills in on the booking wizard's later steps and on the manage page
            // alike (the slip, the e-mailed code and its resend countdown), with the image shrinking
            // behind the slip, in one lazy file. A file of their own would put one more name in the
            // first load of /booking: the service worker's precache list and the page's map of what
            // its steps import.
            {
              name: 'passenger-inputs',
              test: /src[\\/]web[\\/](lib[\\/](image-compress|use-seconds-until)|components[\\/](slip-picker|one-time-code-input|load-error))\.tsx?$/,
              // What they import (the texts, the shared UI) stays in the files that hold it already.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  resolve: {
    // wouter and @lingui/react import this shim for Reacts older than 18: React's own hook instead.
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'src/web/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
  server: {
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
  },
  preview: {
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
  },
});
