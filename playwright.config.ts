import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/browser.ts';

const isCI = process.env.CI === 'true' || process.env.CI === '1';

const chromium = findChromium();
if (!chromium && isCI) {
  throw new Error(
    'Chromium not found: install the chromium package or set CHROMIUM_PATH (CI never skips e2e tests)',
  );
}
// Read by tests/e2e/fixtures.ts, which skips every test outside CI when there is no browser.
process.env.E2E_CHROMIUM = chromium ?? '';

// This file is evaluated by the runner and again by every worker; the workers inherit these
// variables, so they agree on the port and only the runner creates (and removes) the data folder.
process.env.E2E_PORT ||= '3107';
if (!process.env.E2E_DATA_DIR) {
  const created = mkdtempSync(path.join(tmpdir(), 'ferry-e2e-'));
  process.env.E2E_DATA_DIR = created;
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// scripts/e2e.ts builds the SPA into E2E_WEB_ROOT when set (default dist/).
const webRoot = process.env.E2E_WEB_ROOT || 'dist';

const launchArgs = CHROMIUM_ARGS;

// Specs that change what every other test relies on run after the rest, in their own project:
// prices, branding and the banner list ('desktop-global'), then the demo admin's password
// ('account').
const GLOBAL_SPECS = /admin-(payments|branding|banners|texts)\.spec\.ts$/;
const ACCOUNT_SPEC = /admin-password\.spec\.ts$/;
// Each spec runs on the screens its users have. Passengers book on phones and on desktops, crew
// board on phones and tablets, and the counter sells on both (its spec takes the desktop project
// as a tablet): those specs, sign-in, the dashboard, staff, the audit trail and the partner
// accounts (the office answers a resort's call away from the desk) run on both. The rest of the
// office's screens are worked at a desk: their specs run on the desktop only.
const DESKTOP_ONLY = /(admin-(?!auth|dashboard|staff|audit|partners)[a-z-]+|disruptions)\.spec\.ts$/;
const PHONE = {
  browserName: 'chromium',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const;
const DESKTOP = { browserName: 'chromium', viewport: { width: 1366, height: 900 } } as const;

const reporter: NonNullable<Parameters<typeof defineConfig>[0]['reporter']> = [['list']];
// scripts/e2e.ts reads this report to refuse skipped tests in CI.
if (process.env.E2E_JSON_REPORT) reporter.push(['json', { outputFile: process.env.E2E_JSON_REPORT }]);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: 0,
  // Two cores on the build machines; the server shares them.
  workers: 2,
  // Generous: a 2-core build machine running two browsers and the server is slow, and a test
  // that fails only on a slow host measures the host, not the product.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL,
    launchOptions: { executablePath: chromium, args: launchArgs },
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The offline shell has its own spec (pwa.spec.ts); elsewhere a service worker would only
    // hide requests from page.route and make runs depend on what an earlier page cached.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // An action or a navigation that cannot happen fails on its own, naming the element, instead
    // of waiting out the test's whole timeout (where a clean-up in `finally` would then report
    // the timeout in place of the step that was stuck).
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'phone',
      grepInvert: /@mouse/,
      testIgnore: [GLOBAL_SPECS, ACCOUNT_SPEC, DESKTOP_ONLY],
      use: PHONE,
    },
    { name: 'desktop', testIgnore: [GLOBAL_SPECS, ACCOUNT_SPEC], use: DESKTOP },
    { name: 'desktop-global', testMatch: GLOBAL_SPECS, dependencies: ['phone', 'desktop'], use: DESKTOP },
    {
      // Changing the demo admin's password ends its other sessions, which every other test
      // signs in with: this runs alone, at the end (`--no-deps` runs it by itself).
      name: 'account',
      testMatch: ACCOUNT_SPEC,
      dependencies: ['desktop-global'],
      use: DESKTOP,
    },
  ],
  webServer: {
    // The real server on a fresh database, so it seeds the demo; builds the SPA first when needed.
    command: `[ -f ${webRoot}/index.html ] || (node_modules/.bin/node node_modules/vite/bin/vite.js build --outDir ${webRoot} --emptyOutDir && node_modules/.bin/node scripts/precompress.ts ${webRoot}) && exec node_modules/.bin/node src/server/main.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // Mailed links (invitations, e-tickets) open where the browser runs the suite.
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Many tests share one client IP; the per-IP limits are for people, not this suite (the
      // fair-hold limits have API tests of their own, from many addresses).
      RATE_LIMIT_SCALE: '100',
      SEAT_HOLD_PER_IP: '100000',
      SEAT_HOLD_MAX_SHARE: '1',
      EMAIL_VERIFICATIONS_PER_IP_HOUR: '100000',
      EMAIL_VERIFICATIONS_PER_IP_DAY: '100000',
      PENDING_BOOKINGS_PER_EMAIL: '100000',
      // Card payments on the built-in test gateway, as the demo offers them (docs/decisions/042).
      PAYMENT_PROVIDER: 'test',
    },
  },
});
