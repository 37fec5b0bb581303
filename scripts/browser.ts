// The system Chromium every browser of the project runs (tests, Lighthouse, bench); a browser
// is never downloaded.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The flags every launch uses: no sandbox (containers), no GPU, nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** CHROMIUM_PATH, else `chromium` on the PATH, else Debian's place; undefined when none exists. */
export function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH)
    return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  try {
    const found = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
    if (found) return found;
  } catch {
    // not on PATH: try the usual place below
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
