import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The toast with exactly this text. Sonner lists the newest first, and an older one with the
 * same text may still be fading out, so the newest is the one a step is waiting for.
 */
export const toast = (page: Page, text: string) =>
  page
    .locator('[data-sonner-toast]')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();

/** WCAG 2.1 A and AA, the level every screen is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** No WCAG 2.1 AA violations on what is shown; toasts come and go, so they are left out. */
export async function expectAccessible(page: Page, name?: string): Promise<void> {
  // Colours caught halfway through a transition (a seat just picked fading to its selected
  // colour) are no colours a reader ever sees at rest: let finite animations end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .exclude('[data-sonner-toaster]')
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    name,
  ).toEqual([]);
}

/**
 * The footer, which loads once it comes into view (DeferredFooter): to the end of the page with
 * the keyboard, as a reader would.
 */
export async function showFooter(page: Page) {
  const footer = page.getByRole('contentinfo');
  // End before the page has grown to its full height stops short of the footer: again until
  // the footer is there.
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(footer).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return footer;
}
