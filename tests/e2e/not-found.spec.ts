import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { WCAG_TAGS } from './support/ui.ts';

test.describe('not-found page', () => {
  // The page logs the path it could not find (docs/product.md not-found page).
  test.use({ allowedWarnings: [/^404: /] });

  test('says 404, logs the bad path as a warning and links home', async ({ page, consoleMessages }) => {
    const badPath = '/no-such-island/ferry';
    await page.goto(badPath);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('404');
    await expect(heading).toContainText('Oops! Page not found');

    await expect
      .poll(() => consoleMessages.filter((m) => m.type === 'warning' && m.text.includes(badPath)).length)
      .toBeGreaterThan(0);
    // The fixture already fails the test on any console error; the warning must not be one.
    expect(consoleMessages.filter((m) => m.text.includes(badPath)).every((m) => m.type === 'warning')).toBe(
      true,
    );

    const home = page.getByRole('main').getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome to / })).toBeVisible();
  });

  test('an unknown admin path is not found either', async ({ page }) => {
    await page.goto('/admin/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Oops! Page not found');
  });

  test('has no WCAG 2.1 AA violations', async ({ page }) => {
    await page.goto('/missing-page');
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations).toEqual([]);
  });
});
