import { describe, expect, it } from 'vitest';
import { ROLES } from '#shared/permissions.ts';
import { ADMIN_LINKS, adminPageAt, mayOpen } from './admin-links.ts';

describe('adminPageAt', () => {
  it('knows which page a path shows, with or without its trailing slash', () => {
    expect(adminPageAt('/admin/payments/statements')).toBe('statements');
    expect(adminPageAt('/admin/payments/statements/')).toBe('statements');
    expect(adminPageAt('/admin/payments')).toBe('payments');
    expect(adminPageAt('/admin/statements')).toBeNull();
    expect(adminPageAt('/admin')).toBeNull();
    expect(adminPageAt('/admin/partners')).toBe('partners');
  });
});

describe('the partners link', () => {
  it('is shown to the roles that manage partner accounts, after Refunds', () => {
    const allowed = ROLES.filter((role) => mayOpen(role, 'partners'));
    expect(allowed).toEqual(['owner', 'office']);
    const pages = ADMIN_LINKS.map((link) => link.page);
    expect(pages.indexOf('partners')).toBe(pages.indexOf('refunds') + 1);
    expect(ADMIN_LINKS.find((link) => link.page === 'partners')?.to).toBe('/admin/partners');
  });
});
