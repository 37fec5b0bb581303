// A small keep-alive HTTP client for the write benchmarks: one socket per request in flight, no
// cap (fetch would queue behind its pool), and each request's own latency.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders; ms: number };

export function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: res.headers,
          ms: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A JSON request; throws unless the status is the expected one (any 2xx by default). */
export async function json<T>(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: unknown; expect?: number } = {},
): Promise<T> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const res = await request(url, {
    method: opts.method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...opts.headers },
    body,
  });
  const ok = opts.expect === undefined ? res.status >= 200 && res.status < 300 : res.status === opts.expect;
  if (!ok) {
    throw new Error(
      `${opts.method ?? 'GET'} ${url}: ${res.status} (expected ${opts.expect ?? '2xx'}) ${res.body}`,
    );
  }
  return (res.body === '' ? undefined : JSON.parse(res.body)) as T;
}

/** Nearest-rank percentile of a list of latencies. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function closeConnections(): void {
  agent.destroy();
}
