// Global state on the shared server (the one payment settings row, the one branding row, the
// banner list the home page shows) is changed by tests that the runner may hand to different
// workers at once. Serial mode only orders the tests of one describe block; this lock keeps any
// two tests that change the same state apart. A directory is created atomically or not at all.
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const POLL_MS = 200;

/** Waits until no other worker holds `name`, then holds it until the returned release is called. */
export async function acquireGlobalLock(name: string): Promise<() => Promise<void>> {
  // playwright.config.ts makes one data folder per run and hands it to every worker.
  const root = path.join(process.env.E2E_DATA_DIR || tmpdir(), 'e2e-locks');
  await mkdir(root, { recursive: true });
  const lock = path.join(root, name);
  for (;;) {
    try {
      await mkdir(lock);
      return () => rm(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/**
 * A Playwright fixture that holds the lock `name` for the whole test, for specs that change
 * shared state: `base.extend<{ settingsLock: undefined }>({ settingsLock: lockFixture('branding') })`.
 */
type LockFixture = [
  (args: object, use: (value: undefined) => Promise<void>) => Promise<void>,
  { auto: boolean; timeout: number },
];

export function lockFixture(name: string, opts: { auto?: boolean } = {}): LockFixture {
  return [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use: (value: undefined) => Promise<void>) => {
      const release = await acquireGlobalLock(name);
      try {
        await use(undefined);
      } finally {
        await release();
      }
    },
    { auto: opts.auto ?? false, timeout: 180_000 },
  ];
}
