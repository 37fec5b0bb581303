/**
 * The admin area's pages, `/admin/<name>` each unless ADMIN_SUBPAGES places it under another
 * (pages/admin/routes.tsx); `/admin` is the dashboard.
 */
export const ADMIN_PAGE_NAMES = [
  'dashboard',
  'banners',
  'schedule',
  'ticketing',
  'tickets',
  'launches',
  'locations',
  'payments',
  'statements',
  'pwa-settings',
  'texts',
  'staff',
  'audit',
  'boarding',
  'counter',
  'cashups',
  'refunds',
  'partners',
  'reports',
  'settings',
] as const;

export type AdminPageName = (typeof ADMIN_PAGE_NAMES)[number];

/** Pages that belong under another page's path: the bank statements are part of the payments. */
const ADMIN_SUBPAGES: Partial<Record<AdminPageName, string>> = { statements: 'payments/statements' };

/** Where an admin page is: `/admin/payments`, `/admin/payments/statements`. */
export function adminPagePath(page: AdminPageName): string {
  return `/admin/${ADMIN_SUBPAGES[page] ?? page}`;
}
