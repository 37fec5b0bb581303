// Public reads at a fixed rate (1,000 req/s by default), each after a discarded warm-up:
// /api/health is the same run's framework ceiling, and the trip search and booking lookup are
// compared against it (docs/product.md section 12: p99 <= 25 ms on PGlite, zero errors).
import { json } from './http.ts';
import { type LoadOptions, type LoadRow, measureWarm } from './load.ts';
import { tomorrow } from './passenger.ts';
import { ms, type Section, table } from './report.ts';

const TARGET_P99_MS = 25;

export async function benchReads(
  url: string,
  opts: LoadOptions & { lookupReference: string | undefined; only: string[] | undefined },
): Promise<Section> {
  // A seeded multi-stop leg, searched for tomorrow in the operator's time zone (today's 09:20
  // departure from the Airport is gone for the rest of the day).
  const locations = await json<Array<{ id: string; name: string }>>(`${url}/api/locations`);
  const idOf = (name: string) => locations.find((l) => l.name === name)?.id ?? '';
  const search = `/api/trips?date=${tomorrow()}&from=${idOf('Airport')}&to=${idOf('Rasdhoo')}`;
  const found = await json<unknown[]>(`${url}${search}`);
  if (!Array.isArray(found) || found.length === 0) throw new Error(`trip search found nothing: ${search}`);

  const lookup = opts.lookupReference ? `/api/bookings/${opts.lookupReference}` : undefined;
  const endpoints: Array<{ name: string; path: string }> = [
    { name: '/api/health', path: '/api/health' },
    { name: '/api/trips (search)', path: search },
    ...(lookup ? [{ name: '/api/bookings/:reference (lookup)', path: lookup }] : []),
    { name: '/api/banners', path: '/api/banners' },
    { name: '/api/locations', path: '/api/locations' },
    { name: '/api/settings/public', path: '/api/settings/public' },
    { name: '/api/branding', path: '/api/branding' },
  ];
  const only = opts.only;
  const wanted = (e: { name: string; path: string }) =>
    !only ||
    only.includes('reads') ||
    e.path === '/api/health' ||
    only.some((word) => e.name.includes(word) || e.path.split('?')[0]?.includes(word));

  const rows: Array<LoadRow & { name: string }> = [];
  for (const e of endpoints) {
    if (!wanted(e)) continue;
    rows.push({ ...(await measureWarm(url, e.path, opts)), name: e.name });
  }
  const health = rows.find((r) => r.name === '/api/health');
  const ratio = (r: LoadRow) => (health && health.p99 > 0 ? (r.p99 / health.p99).toFixed(2) : '-');
  const failures: string[] = [];
  for (const r of rows) {
    if (r.errors > 0 || r.non2xx > 0) failures.push(`${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  }
  const targets = rows
    .filter((r) => r.name.includes('(search)') || r.name.includes('(lookup)'))
    .map(
      (r) =>
        `${r.name}: p99 ${r.p99} ms, target <= ${TARGET_P99_MS} ms at ${opts.rate} req/s: ` +
        (r.p99 <= TARGET_P99_MS && r.errors === 0 && r.non2xx === 0 ? 'met' : 'MISSED'),
    );
  return {
    title: `Public reads at ${opts.rate} req/s for ${opts.seconds} s each (after a warm-up)`,
    lines: [
      ...table(
        ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'p99 / p99(health)', 'errors', 'non-2xx'],
        rows.map((r) => [r.name, r.rps, ms(r.p50), ms(r.p99), ratio(r), r.errors, r.non2xx]),
      ),
      '',
      ...targets,
    ],
    failures,
  };
}
