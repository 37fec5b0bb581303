import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_NAMES, adminPagePath } from './admin-paths.ts';
import { ADMIN_PATH } from './admin-route.ts';

describe('admin paths', () => {
  it('puts the bank statements under the payments, every other page at /admin/<name>', () => {
    expect(adminPagePath('statements')).toBe('/admin/payments/statements');
    expect(adminPagePath('payments')).toBe('/admin/payments');
  });

  it('takes the admin area’s paths and nothing else under /admin', () => {
    for (const path of ['/admin', '/admin/payments', '/admin/payments/statements/', '/admin/welcome'])
      expect(ADMIN_PATH.test(path)).toBe(true);
    for (const path of ['/admin/statements', '/admin/payments/other', '/admin/tickets/statements'])
      expect(ADMIN_PATH.test(path)).toBe(false);
  });

  it('has the written-out pattern the page list makes', () => {
    const pages = ADMIN_PAGE_NAMES.map((page) => adminPagePath(page).slice('/admin/'.length));
    const built = new RegExp(`^/admin(?:/(?:${pages.join('|')}|welcome|reset-password))?/?$`);
    expect(ADMIN_PATH.source).toBe(built.source);
  });
});
