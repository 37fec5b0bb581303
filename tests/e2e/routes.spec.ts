import { AxeBuilder } from '@axe-core/playwright';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { expect, test } from './fixtures.ts';
import { WCAG_TAGS } from './support/ui.ts';

// Every route of docs/product.md section 2 opens on a direct visit (server HTML fallback plus the
// client router) and shows its page; the page fixture fails on any console error.
const PUBLIC_PAGES = [
  { path: '/booking', heading: 'Book Your Ferry Journey' },
  { path: '/bookings', heading: 'Check Your Booking' },
];

// Signed in: the login page itself sends a signed-in admin on to the dashboard.
const ADMIN_PAGES = [
  { path: '/admin', heading: 'Dashboard' },
  { path: '/admin/login', heading: 'Dashboard' },
  { path: '/admin/dashboard', heading: 'Dashboard' },
  { path: '/admin/banners', heading: 'Banner Management' },
  { path: '/admin/schedule', heading: 'Schedule Management' },
  { path: '/admin/ticketing', heading: 'Ticketing' },
  { path: '/admin/tickets', heading: 'Ticket Management' },
  { path: '/admin/launches', heading: 'Launch Management' },
  { path: '/admin/locations', heading: 'Location Management' },
  { path: '/admin/payments', heading: 'Payment Settings' },
  { path: '/admin/payments/statements', heading: 'Bank Statements' },
  { path: '/admin/pwa-settings', heading: 'PWA Settings' },
  { path: '/admin/texts', heading: 'Texts' },
  { path: '/admin/staff', heading: 'Staff' },
  { path: '/admin/audit', heading: 'Audit Trail' },
  { path: '/admin/boarding', heading: 'Boarding' },
  { path: '/admin/counter', heading: 'Counter' },
  { path: '/admin/cashups', heading: 'Cash-ups' },
  { path: '/admin/refunds', heading: 'Refunds' },
  { path: '/admin/partners', heading: 'Partner Accounts' },
  { path: '/admin/reports', heading: 'Reports' },
  { path: '/admin/settings', heading: 'Settings' },
];

test.describe('routes', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} shows "${heading}" and passes axe`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${heading} · `));
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(results.violations).toEqual([]);
    });
  }

  test('admin routes each show their page', async ({ page }) => {
    // Twelve page loads in one test.
    test.slow();
    // Signed out, every admin page leads to the login page.
    await page.goto('/admin/tickets');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login', exact: true })).toBeVisible();
    // page.request shares its cookies with the page: the session cookie signs the page in.
    const login = await page.request.post('/api/auth/login', { data: DEMO_ADMIN });
    expect(login.ok(), await login.text()).toBe(true);
    for (const { path, heading } of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    }
  });

  test('public pages never load admin code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const path of ['/', '/booking', '/bookings']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    const adminChunks = ['layout', 'dashboard', 'login', 'banners', 'tickets'];
    expect(scripts.filter((s) => adminChunks.some((name) => s.includes(`/${name}-`)))).toEqual([]);
  });
});
