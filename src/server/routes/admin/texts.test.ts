import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, textOverrides } from '#server/db/schema.ts';
import { overrideProblem } from '#server/lib/text-override-checks.ts';
import type { AdminText, AdminTextList } from '#shared/admin-api.ts';
import { PROBLEMS } from '#shared/api-errors.ts';
import { MSG } from '#shared/messages/api.ts';
import { allTexts, TEXTS, type TextId } from '#shared/messages/catalogues.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { isPaymentText } from '#shared/payment-texts.ts';
import type { Branding } from '#shared/schemas.ts';
import { makeAdmin } from '#tests/factories.ts';
import { type StaffSession, useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/** The id of the text whose English default is `english` (namespaces move; the texts stay). */
function idOf(english: string): TextId {
  const found = allTexts().find((text) => text.texts.en === english);
  if (!found) throw new Error(`no text reads ${english}`);
  return found.id;
}
const defaultOf = (id: TextId) => allTexts().find((text) => text.id === id)?.texts;

// Two placeholders, and a plural argument.
const RIGHTS = idOf('© {year} {appName}. All rights reserved.');
const SEATS_FREE = idOf('{n, plural, one {# seat available} other {# seats available}}');

describe(`admin texts (${testDatabaseKind})`, () => {
  const t = useAdminApp();

  const url = (language: string, id: string) =>
    `/api/admin/texts/${encodeURIComponent(language)}/${encodeURIComponent(id)}`;
  const put = (language: string, id: string, payload: object) => t.put(url(language, id), payload);
  const restore = (language: string, id: string) => t.del(url(language, id));
  const list = async (): Promise<AdminText[]> => {
    const res = await t.get('/api/admin/texts');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as AdminTextList).texts;
  };
  const branding = async (): Promise<Branding> =>
    (await t.app.inject({ method: 'GET', url: '/api/branding' })).json();
  const stored = async (language: string, id: string) =>
    (
      await t.database.db
        .select({ text: textOverrides.text })
        .from(textOverrides)
        .where(and(eq(textOverrides.language, language), eq(textOverrides.textId, id)))
    )[0]?.text;
  const audits = (entityId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'text_override'), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.createdAt));

  it('lists every passenger text with its defaults in both languages and no overrides yet', async () => {
    const texts = await list();
    expect(texts.map((text) => text.id)).toEqual(allTexts().map((text) => text.id));
    expect(texts.find((text) => text.id === 'common.navHome')).toEqual({
      id: 'common.navHome',
      namespace: 'common',
      defaults: { en: TEXTS.common.en.navHome, dv: TEXTS.common.dv.navHome },
      overrides: {},
    });
    expect((await branding()).texts).toBeUndefined();
  });

  it('saves an override, lists it, audits it and sends it compiled with the branding', async () => {
    const res = await put('en', RIGHTS, { text: '© {year} {appName}. Every right reserved.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: RIGHTS,
      overrides: { en: '© {year} {appName}. Every right reserved.' },
    });
    const listed = (await list()).find((text) => text.id === RIGHTS);
    expect(listed?.overrides).toEqual({ en: '© {year} {appName}. Every right reserved.' });
    expect(listed?.defaults).toEqual(defaultOf(RIGHTS));

    // Compiled on the server: the browser only loads it.
    expect((await branding()).texts).toEqual({
      en: { [RIGHTS]: ['© ', ['year'], ' ', ['appName'], '. Every right reserved.'] },
    });

    // A Dhivehi override with a plural keeps its argument; it is compiled as well.
    const plural = await put('dv', SEATS_FREE, {
      text: '{n, plural, one {# ސީޓު ހުސް} other {# ސީޓު ހުސް}}',
    });
    expect(plural.statusCode, plural.body).toBe(200);
    const compiled = (await branding()).texts?.dv?.[SEATS_FREE];
    expect(compiled?.[0]).toEqual(['n', 'plural', expect.objectContaining({ one: expect.any(Array) })]);

    const [entry] = await audits(`en:${RIGHTS}`);
    expect(entry).toMatchObject({
      action: 'create',
      before: null,
      after: { text: '© {year} {appName}. Every right reserved.' },
    });

    // A second save replaces the text and is audited as a change.
    const again = await put('en', RIGHTS, { text: '© {year} {appName}' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stored('en', RIGHTS)).toBe('© {year} {appName}');
    const [update] = await audits(`en:${RIGHTS}`);
    expect(update).toMatchObject({
      action: 'update',
      before: { text: '© {year} {appName}. Every right reserved.' },
      after: { text: '© {year} {appName}' },
    });
  });

  it.each([
    ['drops a placeholder', RIGHTS, '© {year}. All rights reserved.', 'text_placeholders', '{appName}'],
    ['renames a placeholder', RIGHTS, '© {yr} {appName}.', 'text_placeholders', '{yr}'],
    ['drops a plural argument', SEATS_FREE, 'Some seats available', 'text_placeholders', '{n}'],
    ['adds a tag the default has not', 'common.navHome', '<0>Home</0>', 'text_placeholders', '<0>'],
    ['is not ICU MessageFormat', 'common.navHome', 'Home {oops', 'text_invalid', 'not valid'],
    ['has an unknown plural form', SEATS_FREE, '{n, plural, lots {#} other {#}}', 'text_invalid', 'lots'],
  ])('refuses a text that %s and stores nothing', async (_name, id, text, code, named) => {
    const before = await stored('en', id);
    const res = await put('en', id, { text });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toContain(named);
    expect(await stored('en', id)).toBe(before);
  });

  it('names what is missing and what is extra', async () => {
    const res = await put('en', RIGHTS, { text: '© {years} {appName}' });
    expect(res.json().error.message).toBe(
      'The text must keep the placeholders and tags of the default text. Missing: {year}. Not in the default text: {years}.',
    );
  });

  it('refuses an empty, a blank and an over-long text, and a text that is no string', async () => {
    for (const text of ['', '   \n ']) {
      const res = await put('en', 'common.navHome', { text });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'text_required',
        message: PROBLEMS.text_required.message,
      });
    }
    const long = await put('en', 'common.navHome', { text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('text_too_long');
    expect((await put('en', 'common.navHome', { text: 'x'.repeat(2000) })).statusCode).toBe(200);
    expect((await restore('en', 'common.navHome')).statusCode).toBe(200);
    const missing = await put('en', 'common.navHome', {});
    expect(missing.json().error.code).toBe('text_required');
  });

  it('answers 404 for an unknown text or language', async () => {
    for (const [language, id] of [
      ['en', 'common.nothingHere'],
      ['en', 'nowhere.navHome'],
      ['en', 'common.constructor'],
      ['en', 'common'],
      ['fr', 'common.navHome'],
    ] as const) {
      const res = await put(language, id, { text: 'Home' });
      expect({ language, id, status: res.statusCode }).toEqual({ language, id, status: 404 });
      expect(res.json().error.code).toBe('text_not_found');
      expect((await restore(language, id)).statusCode).toBe(404);
    }
  });

  it('restores the default: the override and its compiled text are gone, and it is audited', async () => {
    const saved = await put('en', 'common.navHome', { text: 'Start' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await branding()).texts?.en?.['common.navHome']).toEqual(['Start']);

    const res = await restore('en', 'common.navHome');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: 'common.navHome', overrides: {} });
    expect(await stored('en', 'common.navHome')).toBeUndefined();
    expect((await branding()).texts?.en?.['common.navHome']).toBeUndefined();
    const [entry] = await audits('en:common.navHome');
    expect(entry).toMatchObject({ action: 'delete', before: { text: 'Start' } });

    // Restoring again changes nothing and is no error.
    expect((await restore('en', 'common.navHome')).statusCode).toBe(200);
    expect((await audits('en:common.navHome'))[0]?.id).toBe(entry?.id);

    // Saving the default text itself is a restore as well.
    await put('en', 'common.navHome', { text: 'Start' });
    const same = await put('en', 'common.navHome', { text: TEXTS.common.en.navHome });
    expect(same.json().overrides).toEqual({});
    expect(await stored('en', 'common.navHome')).toBeUndefined();
  });

  it('after every override is restored, the branding carries no texts', async () => {
    for (const text of await list()) {
      for (const language of Object.keys(text.overrides)) await restore(language, text.id);
    }
    expect((await branding()).texts).toBeUndefined();
  });

  describe('what passengers are told about paying', () => {
    let office: StaffSession;
    let owner: StaffSession;
    let ownerEmail: string;
    const otherOwners: string[] = [];

    beforeAll(async () => {
      const db = t.database.db;
      office = await t.signInAs('office');
      owner = await t.signInAs('owner');
      ownerEmail = owner.admin.email;
      otherOwners.push((await makeAdmin(db, { role: 'owner' })).email);
      // A former Owner hears nothing.
      await makeAdmin(db, { role: 'owner', active: false });
    });

    const as = (who: StaffSession, method: 'PUT' | 'DELETE', language: string, id: string, text?: string) =>
      who.send(method, url(language, id), text === undefined ? undefined : { text });
    /** The Owners' notices of a change to `id` in `language` ('English', 'Dhivehi'). */
    const noticesOf = (id: string, language: string) =>
      t.database.db
        .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.subject, 'A text passengers read about paying was changed'),
            inArray(mailOutbox.to, [ownerEmail, ...otherOwners]),
          ),
        )
        .then((rows) => rows.filter((row) => row.text.includes(id) && row.text.includes(language)));

    // Where to pay, how to pay, on the pages and in the mails.
    const PAYING: TextId[] = [
      'payment.accountNumber',
      'payment.description',
      'manage.payNumber',
      'email.amount',
    ];

    it('are the payment step’s, the manage page’s payment and the mails’ amount, and no text of another kind', () => {
      for (const id of PAYING) expect(isPaymentText(id), id).toBe(true);
      for (const id of ['common.navHome', 'email.support', 'manage.accountNumber', 'lookup.paymentStatus']) {
        expect(isPaymentText(id), id).toBe(false);
      }
    });

    it('leaves them to the Owner: Office may neither correct nor restore one, and nothing changes', async () => {
      const paying = allTexts()
        .map((text) => text.id)
        .filter(isPaymentText);
      expect(paying).toEqual(expect.arrayContaining(PAYING));
      for (const id of paying) {
        for (const language of ['en', 'dv'] as const) {
          const text = `${defaultOf(id)?.[language]} 7701234567`;
          const refused = await as(office, 'PUT', language, id, text);
          expect({ id, language, status: refused.statusCode }).toEqual({ id, language, status: 403 });
          expect(refused.json().error).toEqual({ code: 'forbidden', message: STAFF_MSG.forbidden });
          expect(await stored(language, id)).toBeUndefined();
        }
      }
      // An Owner's correction stays until an Owner restores it.
      const id = 'payment.accountNumber';
      expect((await as(owner, 'PUT', 'en', id, 'Account no.: ')).statusCode).toBe(200);
      const restore = await as(office, 'DELETE', 'en', id);
      expect(restore.statusCode).toBe(403);
      expect(restore.json().error.code).toBe('forbidden');
      expect(await stored('en', id)).toBe('Account no.: ');
      expect((await as(owner, 'DELETE', 'en', id)).statusCode).toBe(200);
      // A text the app does not have is still not found.
      expect((await as(office, 'PUT', 'en', 'payment.nothingHere', 'x')).statusCode).toBe(404);
      // Every other text is still Office's to correct.
      expect((await as(office, 'PUT', 'en', 'common.navHome', 'Start')).statusCode).toBe(200);
      expect((await as(office, 'DELETE', 'en', 'common.navHome')).statusCode).toBe(200);
    });

    it('mails every active Owner of a change: which text, by whom, before and after', async () => {
      const id = 'payment.bankName';
      const shipped = defaultOf(id)?.dv ?? '';
      const saved = await as(owner, 'PUT', 'dv', id, 'ބޭންކް (BML): ');
      expect(saved.statusCode, saved.body).toBe(200);
      let notices = await noticesOf(id, 'Dhivehi');
      expect(notices.map((n) => n.to).sort()).toEqual([ownerEmail, ...otherOwners].sort());
      const [notice] = notices;
      expect(notice?.text).toContain(ownerEmail);
      expect(notice?.text).toContain(`Before: ${JSON.stringify(shipped)}`);
      expect(notice?.text).toContain(`After: ${JSON.stringify('ބޭންކް (BML): ')}`);

      // Restoring the default is a change as well; doing nothing is none.
      expect((await as(owner, 'DELETE', 'dv', id)).statusCode).toBe(200);
      expect((await as(owner, 'DELETE', 'dv', id)).statusCode).toBe(200);
      notices = await noticesOf(id, 'Dhivehi');
      expect(notices).toHaveLength(2 * (1 + otherOwners.length));
      expect(notices.some((n) => n.text.includes(`After: ${JSON.stringify(shipped)}`))).toBe(true);

      // Texts about anything else are not the Owners' business.
      await as(owner, 'PUT', 'en', 'common.navHome', 'Start');
      expect(await noticesOf('common.navHome', 'English')).toEqual([]);
      await as(owner, 'DELETE', 'en', 'common.navHome');
    });
  });

  it('refuses everyone who is not signed in: 401, nothing stored', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/admin/texts' });
    expect(get.statusCode).toBe(401);
    const save = await t.app.inject({
      method: 'PUT',
      url: url('en', 'common.navHome'),
      payload: { text: 'Hi' },
    });
    expect(save.statusCode).toBe(401);
    expect(save.json().error).toEqual({ code: 'not_authenticated', message: MSG.notAuthenticated });
    const remove = await t.app.inject({ method: 'DELETE', url: url('en', 'common.navHome') });
    expect(remove.statusCode).toBe(401);
    expect(await stored('en', 'common.navHome')).toBeUndefined();
  });
});

describe('overrideProblem', () => {
  it('keeps numbered tags as written: none dropped, none added, none unclosed', () => {
    const shipped = 'Read <0>the terms</0> and {name}.';
    expect(overrideProblem('Lies <0>die Bedingungen</0>, {name}.', shipped)).toBeNull();
    expect(overrideProblem('Read the terms and {name}.', shipped)?.message).toContain('Missing: </0>, <0>.');
    expect(overrideProblem('Read <0>the terms and {name}.', shipped)?.message).toContain('Missing: </0>.');
    expect(overrideProblem('Read <0>the</0> <1/> and {name}.', shipped)?.message).toContain(
      'Not in the default text: <1/>.',
    );
  });

  it('keeps select arguments and accepts them in another order', () => {
    const shipped = '{kind, select, adult {Adult {name}} other {Child {name}}}';
    expect(
      overrideProblem('{kind, select, adult {{name}, adult} other {{name}, child}}', shipped),
    ).toBeNull();
    expect(overrideProblem('{name}', shipped)?.code).toBe('text_placeholders');
  });
});
