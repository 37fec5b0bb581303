import { test as base, type ConsoleMessage, expect } from '@playwright/test';

type ConsoleEntry = { type: ReturnType<ConsoleMessage['type']>; text: string };

type Options = {
  /** Console warnings a test expects; any other warning fails it, like every error does. */
  allowedWarnings: RegExp[];
  /**
   * Console errors a test expects, in the form `console.error: <text> (<url>)`. Chromium logs
   * every 4xx response as an error, so a spec that provokes one on purpose names it here
   * (see failedResponse); anything else still fails the test.
   */
  allowedErrors: RegExp[];
};

/** The console line Chromium writes for a 4xx/5xx response from a path matching `path`. */
export function failedResponse(status: number, statusText: string, path: string): RegExp {
  return new RegExp(
    `^console\\.error: Failed to load resource: the server responded with a status of ${status} \\(${statusText}\\) \\(https?://[^/]+${path}\\)$`,
  );
}

/**
 * Chromium logs a failed image load as a console error. The global specs run in two projects at
 * once, and the banner spec's test of one deletes its banner while a page of the other (the
 * banner list, or the home page's carousel) may still be loading that banner's image: a 404.
 */
export const BANNER_DELETED_ELSEWHERE = failedResponse(404, 'Not Found', '/files/banners/[^/]+');

type Fixtures = {
  requireBrowser: undefined;
  /** Every console message of the page so far, in order. */
  consoleMessages: ConsoleEntry[];
};

export const test = base.extend<Options & Fixtures>({
  allowedWarnings: [[], { option: true }],
  allowedErrors: [[], { option: true }],

  // Set up before the browser fixtures: outside CI a machine without Chromium skips instead of
  // failing to launch (playwright.config.ts already refuses to run in CI without one).
  requireBrowser: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    async ({}, use) => {
      test.skip(!process.env.E2E_CHROMIUM, 'Chromium not found: set CHROMIUM_PATH to run the browser tests');
      await use(undefined);
    },
    { auto: true },
  ],

  consoleMessages: async ({ page }, use) => {
    const messages: ConsoleEntry[] = [];
    page.on('console', (message) => messages.push({ type: message.type(), text: message.text() }));
    await use(messages);
  },

  // No page may log an error or throw: checked after every test.
  page: async ({ page, allowedErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error')
        errors.push(`console.error: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(page);
    expect(
      errors.filter((e) => !allowedErrors.some((allowed) => allowed.test(e))),
      'errors in the browser console',
    ).toEqual([]);
  },
});

export { expect };
