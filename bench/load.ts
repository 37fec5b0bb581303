// Fixed-rate GET load with autocannon: a fixed rate (not "as fast as it goes") so latency is
// what a visitor sees at that traffic, not a queue the bench built itself.
import autocannon from 'autocannon';

export type LoadRow = {
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

export type LoadOptions = { rate: number; seconds: number; connections?: number };

export type RunningLoad = {
  /** Ends the run early (for a load that runs beside other work). */
  stop(): void;
  done: Promise<LoadRow>;
};

export function startLoad(base: string, endpoint: string, opts: LoadOptions): RunningLoad {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<LoadRow>((resolve, reject) => {
    instance = autocannon(
      {
        url: `${base}${endpoint}`,
        connections: opts.connections ?? 20,
        overallRate: opts.rate,
        duration: opts.seconds,
      },
      (err, result) => {
        if (err) {
          reject(err);
          return;
        }
        resolve({
          endpoint,
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
  });
  return { stop: () => instance?.stop(), done };
}

export function measure(base: string, endpoint: string, opts: LoadOptions): Promise<LoadRow> {
  return startLoad(base, endpoint, opts).done;
}

/** A warm-up run (discarded), then the measured one. */
export async function measureWarm(base: string, endpoint: string, opts: LoadOptions): Promise<LoadRow> {
  await measure(base, endpoint, { ...opts, seconds: Math.min(opts.seconds, 5) });
  return measure(base, endpoint, opts);
}
