import { and, desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { auditLog, pwaSettings } from '#server/db/schema.ts';
import { HOME_CLAIM_LIMITS } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { Branding } from '#shared/schemas.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const claim = (value: string, label: string, labelDv = '') => ({ value, label, labelDv });

describe(`the home page's claims (${testDatabaseKind})`, () => {
  const t = useAdminApp();

  const site = async (): Promise<Branding> =>
    (await t.app.inject({ method: 'GET', url: '/api/branding' })).json();
  const save = (homeClaims: unknown) => t.put('/api/admin/pwa-settings', { homeClaims });
  afterEach(async () => {
    await save(null);
  });

  it('are the defaults until the operator writes their own', async () => {
    expect((await site()).homeClaims).toBeNull();
    // A branding row saved for something else still shows the defaults.
    expect((await t.put('/api/admin/pwa-settings', { appName: 'Atoll Ferries' })).statusCode).toBe(200);
    expect((await site()).homeClaims).toBeNull();
    expect((await t.get('/api/admin/pwa-settings')).json().homeClaims).toBeNull();
  });

  it('are saved trimmed, audited, and the public site answer carries them', async () => {
    const res = await save([
      { value: ' 12 ', label: ' Islands served ', labelDv: ' ރަށްތައް ' },
      { value: '5K+', label: 'Travelers a month', labelDv: '' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const stored = [claim('12', 'Islands served', 'ރަށްތައް'), claim('5K+', 'Travelers a month')];
    expect(res.json().homeClaims).toEqual(stored);
    expect((await site()).homeClaims).toEqual(stored);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pwa_settings'), eq(auditLog.action, 'update')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry?.before).toEqual({ homeClaims: null });
    expect(entry?.after).toEqual({ homeClaims: stored });
    expect(entry?.actorUserId).toBe(t.admin.id);
  });

  it('are hidden with an empty list, and come back as the defaults with null', async () => {
    expect((await save([claim('20+', 'Routes')])).statusCode).toBe(200);
    const hidden = await save([]);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await site()).homeClaims).toEqual([]);
    const [row] = await t.database.db.select({ homeClaims: pwaSettings.homeClaims }).from(pwaSettings);
    expect(row?.homeClaims).toEqual([]);

    const restored = await save(null);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await site()).homeClaims).toBeNull();
    const [after] = await t.database.db.select({ homeClaims: pwaSettings.homeClaims }).from(pwaSettings);
    expect(after?.homeClaims).toBeNull();
  });

  it.each([
    ['five claims', Array.from({ length: 5 }, (_, i) => claim(`${i}`, `Claim ${i}`)), MSG.homeClaimsTooMany],
    ['a value of 13 characters', [claim('1'.repeat(13), 'Routes')], MSG.homeClaimValue],
    ['a value of spaces', [claim('   ', 'Routes')], MSG.homeClaimValue],
    ['a label of 41 characters', [claim('20+', 'a'.repeat(41))], MSG.homeClaimLabel],
    ['an empty label', [claim('20+', ' ')], MSG.homeClaimLabel],
    ['a Dhivehi label of 41 characters', [claim('20+', 'Routes', 'ރ'.repeat(41))], MSG.homeClaimLabel],
    ['a claim without its label', [{ value: '20+', labelDv: '' }], MSG.homeClaimLabel],
    ['a list that is not one', 'twenty', MSG.homeClaimsTooMany],
  ])('refuses %s and changes nothing', async (_name, homeClaims, message) => {
    expect((await save([claim('20+', 'Routes')])).statusCode).toBe(200);
    const res = await save(homeClaims);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await site()).homeClaims).toEqual([claim('20+', 'Routes')]);
  });

  it('takes the most there may be, at the longest', async () => {
    const longest = Array.from({ length: HOME_CLAIM_LIMITS.claims }, (_, i) =>
      claim(`${i}`.repeat(HOME_CLAIM_LIMITS.value), 'a'.repeat(HOME_CLAIM_LIMITS.label), 'ދ'.repeat(40)),
    );
    const res = await save(longest);
    expect(res.statusCode, res.body).toBe(200);
    expect((await site()).homeClaims).toEqual(longest);
  });

  it('refuses a claim with a field it does not know', async () => {
    const res = await save([{ ...claim('20+', 'Routes'), icon: 'ship' }]);
    expect(res.statusCode).toBe(400);
    expect((await site()).homeClaims).toBeNull();
  });

  it('are not the counter’s or the crew’s to change', async () => {
    for (const role of ['counter', 'crew'] as const) {
      const staff = await t.signInAs(role);
      const res = await staff.put('/api/admin/pwa-settings', { homeClaims: [] });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    const office = await t.signInAs('office');
    expect((await office.put('/api/admin/pwa-settings', { homeClaims: [] })).statusCode).toBe(200);
    expect((await site()).homeClaims).toEqual([]);
  });
});
