import { describe, expect, it } from 'vitest';
import { adminPageAt } from './admin-links.ts';

describe('adminPageAt', () => {
  it('knows which page a path shows, with or without its trailing slash', () => {
    expect(adminPageAt('/admin/payments/statements')).toBe('statements');
    expect(adminPageAt('/admin/payments/statements/')).toBe('statements');
    expect(adminPageAt('/admin/payments')).toBe('payments');
    expect(adminPageAt('/admin/statements')).toBeNull();
    expect(adminPageAt('/admin')).toBeNull();
  });
});
