// Browser tests against the real server: builds the SPA when dist/ is missing, runs Playwright
// and exits with its code. In CI a skipped test is a failure: a suite that silently skips
// (no browser, a stray test.skip) would otherwise pass without testing anything.
// Usage: node scripts/e2e.ts [playwright test arguments]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildIsStale, buildWeb } from './web-build.ts';

const isCI = process.env.CI === 'true' || process.env.CI === '1';
// Tools run on this Node (24), not on whatever `node` a shebang would find first on PATH.
const node = process.execPath;
const PLAYWRIGHT = 'node_modules/@playwright/test/cli.js';
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: [path.dirname(node), path.resolve('node_modules/.bin'), process.env.PATH].join(path.delimiter),
};

function run(args: string[], extraEnv: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(node, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

// E2E_WEB_ROOT builds and serves the SPA from another folder, so two suites can run side by side.
const webRoot = process.env.E2E_WEB_ROOT || 'dist';

if (buildIsStale(webRoot)) {
  console.log('e2e: building the web app first (dist/ is missing or older than its sources)');
  if (!buildWeb(webRoot)) process.exit(1);
}

mkdirSync('.tmp', { recursive: true });
// CI names the report to add it to its summary; otherwise it is a temporary file.
const keepReport = Boolean(process.env.E2E_JSON_REPORT);
const reportFile = path.resolve(
  process.env.E2E_JSON_REPORT || path.join('.tmp', `e2e-report-${process.pid}.json`),
);
const code = run([PLAYWRIGHT, 'test', ...process.argv.slice(2)], { E2E_JSON_REPORT: reportFile });

type Report = { stats?: { expected?: number; skipped?: number; unexpected?: number; flaky?: number } };
let report: Report | undefined;
try {
  report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
} catch {
  report = undefined;
} finally {
  if (!keepReport) rmSync(reportFile, { force: true });
}

if (code !== 0) process.exit(code);
if (isCI) {
  const stats = report?.stats;
  if (!stats) {
    console.error('e2e: no test report was written; refusing to pass in CI');
    process.exit(1);
  }
  if ((stats.skipped ?? 0) > 0) {
    console.error(`e2e: ${stats.skipped} test(s) skipped; CI requires every test to run`);
    process.exit(1);
  }
  if ((stats.expected ?? 0) === 0) {
    console.error('e2e: no test ran; refusing to pass in CI');
    process.exit(1);
  }
}
process.exit(0);
