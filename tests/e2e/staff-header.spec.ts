import { DEMO_ADMIN } from '#shared/constants.ts';
import { ADMIN_LINKS, ADMIN_PAGE_TITLES } from '#web/features/admin/layout/admin-links.ts';
import { expect, test } from './fixtures.ts';
import { json } from './support/booking-api.ts';
import { expectAccessible } from './support/ui.ts';

// The staff header keeps the area's title, 'Admin Dashboard' (docs/product.md admin layout), and
// names the screen beside it, from the one map of page titles.
test.describe('the staff header', () => {
  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('names every screen as its heading does, beside "Admin Dashboard"', async ({ page }, testInfo) => {
    test.slow();
    const header = page.getByRole('banner');
    const screenName = header.getByTestId('admin-screen-name');
    for (const link of ADMIN_LINKS) {
      await page.goto(link.to);
      const title = ADMIN_PAGE_TITLES[link.page];
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expect(header.getByText('Admin Dashboard', { exact: true })).toBeVisible();
      if (link.page === 'dashboard') {
        // The area's title names the dashboard already.
        await expect(screenName).toHaveCount(0);
      } else {
        await expect(screenName).toHaveText(title);
        await expect(screenName).toBeVisible();
      }
    }
    await page.goto('/admin/boarding');
    await expect(screenName).toHaveText('Boarding');
    await expectAccessible(page, 'staff header');
    await page.screenshot({ path: `.tmp/boarding-shots/header-boarding-${testInfo.project.name}.png` });
    // Scrolled down a long screen, the header still says where the crew are.
    await page.goto('/admin/schedule');
    await expect(screenName).toHaveText('Schedule Management');
    await page.mouse.wheel(0, 2000);
    await expect(screenName).toBeInViewport();
  });
});
