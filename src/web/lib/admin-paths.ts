/** The admin area's pages, `/admin/<name>` each (pages/admin/routes.tsx); `/admin` is the dashboard. */
export const ADMIN_PAGE_NAMES = [
  'dashboard',
  'banners',
  'schedule',
  'ticketing',
  'tickets',
  'launches',
  'locations',
  'payments',
  'pwa-settings',
  'texts',
  'staff',
  'audit',
  'boarding',
  'counter',
  'cashups',
  'refunds',
  'settings',
] as const;

export type AdminPageName = (typeof ADMIN_PAGE_NAMES)[number];

/**
 * `/admin`, each admin page and the e-mailed staff links (`welcome`, `reset-password`), with or
 * without a trailing slash; nothing else under /admin.
 */
export const ADMIN_PATH = new RegExp(
  `^/admin(?:/(?:${ADMIN_PAGE_NAMES.join('|')}|welcome|reset-password))?/?$`,
);
