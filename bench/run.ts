// Load benchmark of the public read endpoints against a built server (PGlite by default,
// PostgreSQL with BENCH_DATABASE_URL). Timing goals live here, never in tests.
// Usage: npm run bench   (env: BENCH_RATE=1000 BENCH_SECONDS=10 BENCH_DATABASE_URL=... BENCH_ONLY=trips,health)
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const rate = Number(process.env.BENCH_RATE ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3190);
const url = `http://127.0.0.1:${port}`;

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-bench-'));
const started = performance.now();
const server: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Per-IP limits protect real users; a benchmark is one IP sending thousands of requests.
    RATE_LIMIT_SCALE: '100000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
});

async function waitUntilHealthy(): Promise<number> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return performance.now() - started;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

type Row = { endpoint: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function measure(endpoint: string): Promise<Row> {
  const result = await autocannon({
    url: `${url}${endpoint}`,
    connections: 20,
    overallRate: rate,
    duration: seconds,
  });
  return {
    endpoint,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

try {
  const startupMs = await waitUntilHealthy();
  const rows: Row[] = [];
  // A seeded multi-stop leg, searched for today in the operator's time zone.
  const locations = (await (await fetch(`${url}/api/locations`)).json()) as Array<{
    id: string;
    name: string;
  }>;
  const idOf = (name: string) => locations.find((l) => l.name === name)?.id ?? '';
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Indian/Maldives' }).format(new Date());
  const search = `/api/trips?date=${today}&from=${idOf('Airport')}&to=${idOf('Rasdhoo')}`;
  const found = (await (await fetch(`${url}${search}`)).json()) as unknown[];
  if (!Array.isArray(found) || found.length === 0) throw new Error(`trip search found nothing: ${search}`);
  const endpoints = [
    '/api/health',
    search,
    '/api/banners',
    '/api/locations',
    '/api/settings/public',
    '/api/branding',
  ];
  // BENCH_ONLY=trips,health measures only the endpoints whose path contains one of the words.
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
  for (const endpoint of endpoints) {
    if (only && !only.some((word) => endpoint.includes(word))) continue;
    await measure(endpoint); // warm-up run, discarded
    rows.push(await measure(endpoint));
  }
  const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n${db}, ${rate} req/s for ${seconds} s each; first start (migrate + seed) ${Math.round(startupMs)} ms\n`,
  );
  console.log('| endpoint | req/s | p50 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.endpoint.split('?')[0]} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    );
  process.exitCode = rows.some((r) => r.errors > 0 || r.non2xx > 0) ? 1 : 0;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
