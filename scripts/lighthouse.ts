// Lighthouse (mobile) on the public pages of the built app served by the real server
// (ARCHITECTURE.md section 6): performance >= 95 and accessibility 100 on /, /booking and
// /bookings. Lighthouse's default config is used as it is: mobile form factor, simulated
// throttling. The machine running this is shared and noisy (one page's score moves by 2-4
// points between runs), so each page runs up to 5 times and its performance score is the
// median. Prints a table and the audits behind any lost point,
// writes the JSON reports to .tmp/lighthouse/ and exits 1 when a page is under a bar.
// Usage: node scripts/lighthouse.ts
//   LIGHTHOUSE_WEB_ROOT  serve this existing build (default: build into .tmp/lighthouse/web when
//                        missing or older than its sources)
//   LIGHTHOUSE_PORT      the server's port (default 3400)
//   CHROMIUM_PATH        the browser (default /usr/bin/chromium); a browser is never downloaded
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildIsStale, buildWeb } from './web-build.ts';

const ROUTES = ['/', '/booking', '/bookings'];
const BARS = { performance: 95, accessibility: 100 };
const MAX_RUNS = 5;
const OUT_DIR = path.resolve('.tmp/lighthouse');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      displayValue?: string;
      details?: {
        type?: string;
        overallSavingsMs?: number;
        overallSavingsBytes?: number;
        items?: { node?: { snippet?: string; selector?: string } }[];
      };
    }
  >;
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
};

type Run = { lhr: Lhr; json: string; performance: number; accessibility: number };

// What has to go when the run ends, however it ends (including Ctrl-C or a CI timeout's SIGTERM).
let chrome: chromeLauncher.LaunchedChrome | undefined;
let server: { child: ChildProcess; log: () => string } | undefined;
let dataDir: string | undefined;

function score(lhr: Lhr, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(`Chromium not found at ${candidate}: install the chromium package or set CHROMIUM_PATH`);
  }
  return candidate;
}

function webRoot(): string {
  const given = process.env.LIGHTHOUSE_WEB_ROOT;
  if (given) {
    if (!existsSync(path.join(given, 'index.html'))) {
      throw new Error(`LIGHTHOUSE_WEB_ROOT=${given} has no index.html: build the web app first`);
    }
    if (buildIsStale(given)) console.warn(`lighthouse: warning: ${given} is older than the web sources`);
    return given;
  }
  const own = path.join(OUT_DIR, 'web');
  if (buildIsStale(own)) {
    console.log(`lighthouse: building the web app into ${path.relative('.', own)}`);
    if (!buildWeb(own)) throw new Error('the web build failed');
  }
  return own;
}

function startServer(
  root: string,
  port: number,
  dataDir: string,
): { child: ChildProcess; log: () => string } {
  let log = '';
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      WEB_ROOT: path.resolve(root),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  return { child, log: () => log };
}

async function waitForHealth(url: string, server: { child: ChildProcess; log: () => string }) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited early:\n${server.log()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not become healthy in 60 s:\n${server.log()}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function auditOnce(url: string, chromePort: number): Promise<Run> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const json = Array.isArray(result.report) ? (result.report[0] ?? '') : result.report;
  return {
    lhr,
    json,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
  };
}

/** A trace Chrome failed to record (NO_NAVSTART, NO_FCP on a loaded machine) is retried once. */
async function audit(url: string, chromePort: number): Promise<Run> {
  try {
    return await auditOnce(url, chromePort);
  } catch (error) {
    if (!chrome) throw error; // stopped by a signal: nothing to retry with
    console.warn(`lighthouse: ${error instanceof Error ? error.message : String(error)}; retrying once`);
    return auditOnce(url, chromePort);
  }
}

/**
 * Up to 5 runs, stopping once more runs could not change the median's verdict (three runs on
 * the same side of the bar). The run reported is the median one by performance.
 */
async function auditRoute(url: string, chromePort: number): Promise<{ median: Run; runs: Run[] }> {
  const runs: Run[] = [];
  while (runs.length < MAX_RUNS) {
    const run = await audit(url, chromePort);
    runs.push(run);
    console.log(
      `lighthouse: ${new URL(url).pathname} run ${runs.length}: performance ${run.performance}, accessibility ${run.accessibility}`,
    );
    const passing = runs.filter((r) => r.performance >= BARS.performance).length;
    if (passing >= 3 || runs.length - passing >= 3) break;
  }
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] as Run;
  return { median, runs };
}

function metric(lhr: Lhr, id: string): string {
  return lhr.audits[id]?.displayValue?.replace(/\s+/g, ' ') ?? '-';
}

function kib(bytes: number | undefined): string {
  return bytes === undefined ? '-' : `${Math.round(bytes / 1024)} KiB`;
}

/** Why points were lost: failed accessibility audits and performance opportunities with savings. */
function explain(route: string, lhr: Lhr): string[] {
  const lines: string[] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const a = lhr.audits[ref.id];
    if (!a || a.score === null || a.score >= 1) continue;
    if (['notApplicable', 'manual', 'informative'].includes(a.scoreDisplayMode)) continue;
    const nodes = (a.details?.items ?? [])
      .map((item) => item.node?.selector)
      .filter(Boolean)
      .slice(0, 3);
    lines.push(`  ${route} accessibility: ${a.title}${nodes.length ? ` (${nodes.join(', ')})` : ''}`);
  }
  for (const [id, a] of Object.entries(lhr.audits)) {
    const d = a.details;
    if (d?.type !== 'opportunity') continue;
    const ms = d.overallSavingsMs ?? 0;
    const bytes = d.overallSavingsBytes ?? 0;
    if (ms <= 0 && bytes <= 0) continue;
    const saving = [ms > 0 ? `${Math.round(ms)} ms` : '', bytes > 0 ? kib(bytes) : '']
      .filter(Boolean)
      .join(', ');
    lines.push(`  ${route} performance opportunity: ${a.title} [${id}] (saves ${saving})`);
  }
  if (score(lhr, 'performance') < BARS.performance) {
    const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
    const node = (lcp as { items?: { node?: { snippet?: string } }[] } | undefined)?.items?.[0]?.node;
    if (node?.snippet) lines.push(`  ${route} LCP element: ${node.snippet}`);
  }
  return lines;
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')).join('\n');
}

async function cleanUp(): Promise<void> {
  if (chrome) {
    try {
      chrome.kill();
    } catch {
      // already gone
    }
    chrome = undefined;
  }
  if (server) {
    await stopServer(server.child);
    server = undefined;
  }
  if (dataDir) {
    rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  const chromePath = chromiumPath();
  const root = webRoot();
  const port = Number(process.env.LIGHTHOUSE_PORT || 3400);
  const base = `http://127.0.0.1:${port}`;
  mkdirSync(OUT_DIR, { recursive: true });
  // Last run's reports would read as this run's.
  for (const file of readdirSync(OUT_DIR)) {
    if (file.endsWith('.json')) rmSync(path.join(OUT_DIR, file));
  }
  dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-lighthouse-'));
  server = startServer(root, port, dataDir);
  await waitForHealth(base, server);
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  console.log(
    `lighthouse: mobile, simulated throttling; ${path.relative('.', path.resolve(root)) || '.'} on ${base}; ` +
      `each page up to ${MAX_RUNS} runs, performance is the median run`,
  );

  const rows = [['route', 'perf', 'a11y', 'runs (perf)', 'FCP', 'LCP', 'TBT', 'CLS', 'transfer']];
  const details: string[] = [];
  const benchmarks: number[] = [];
  let failed = false;
  for (const route of ROUTES) {
    const { median, runs } = await auditRoute(`${base}${route}`, chrome.port);
    const accessibility = Math.min(...runs.map((r) => r.accessibility));
    const worstA11y = runs.find((r) => r.accessibility === accessibility) ?? median;
    const name = route === '/' ? 'home' : route.slice(1);
    for (const r of runs) {
      const index = r.lhr.environment?.benchmarkIndex;
      if (index) benchmarks.push(Math.round(index));
    }
    runs.forEach((r, i) => {
      writeFileSync(path.join(OUT_DIR, `${name}-${i + 1}.json`), r.json);
    });
    const under = median.performance < BARS.performance || accessibility < BARS.accessibility;
    if (under) failed = true;
    rows.push([
      route,
      `${median.performance}${median.performance < BARS.performance ? ' FAIL' : ''}`,
      `${accessibility}${accessibility < BARS.accessibility ? ' FAIL' : ''}`,
      runs.map((r) => r.performance).join(' '),
      metric(median.lhr, 'first-contentful-paint'),
      metric(median.lhr, 'largest-contentful-paint'),
      metric(median.lhr, 'total-blocking-time'),
      metric(median.lhr, 'cumulative-layout-shift'),
      kib(median.lhr.audits['total-byte-weight']?.numericValue),
    ]);
    details.push(...explain(route, median.lhr));
    if (worstA11y !== median) {
      details.push(...explain(route, worstA11y.lhr).filter((l) => l.includes(' accessibility: ')));
    }
  }

  console.log(`\n${table(rows)}\n`);
  // Simulated throttling scales the CPU time it observed: a busy host inflates TBT and LCP.
  if (benchmarks.length > 0) {
    const sorted = benchmarks.sort((a, b) => a - b);
    console.log(
      `lighthouse: host CPU benchmark index ${sorted[0]}..${sorted[sorted.length - 1]} (lower is slower)`,
    );
  }
  if (details.length > 0) console.log(`Where points go:\n${[...new Set(details)].join('\n')}\n`);
  console.log(
    `lighthouse: bars performance >= ${BARS.performance}, accessibility ${BARS.accessibility}: ` +
      `${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s; ` +
      `reports in ${path.relative('.', OUT_DIR)}/`,
  );
  return failed ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
