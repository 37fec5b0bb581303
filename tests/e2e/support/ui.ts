import type { Page } from '@playwright/test';

/**
 * The toast with exactly this text. Sonner lists the newest first, and an older one with the
 * same text may still be fading out, so the newest is the one a step is waiting for.
 */
export const toast = (page: Page, text: string) =>
  page
    .locator('[data-sonner-toast]')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();
