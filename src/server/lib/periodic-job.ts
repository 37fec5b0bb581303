/** A job started with startPeriodicJob. */
export type PeriodicJob = {
  /** Stops the timer and waits for a run in flight. */
  stop(): Promise<void>;
};

/**
 * Runs `task` now and then every `intervalMs`: a run still going is never doubled, and the timer
 * never keeps the process alive. `task` handles its own failures.
 */
export function startPeriodicJob(task: () => Promise<void>, intervalMs: number): PeriodicJob {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = task().finally(() => {
      running = null;
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
