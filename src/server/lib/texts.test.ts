import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/languages.ts';
import { TEXTS, type TextId } from '#shared/messages/catalogues.ts';
import en from '#shared/messages/email.ts';
import { catalogueText, renderText, translator } from './texts.ts';

const placeholders = (source: string) => [...source.matchAll(/\{\s*(\w+)/g)].map((m) => m[1] ?? '').sort();

describe('server texts', () => {
  const emailIds = Object.keys(en).map((key) => `email.${key}` as TextId);

  it.each(LANGUAGES)('renders every email.* text in %s with every placeholder filled', (language) => {
    expect(emailIds.length).toBeGreaterThan(10);
    for (const id of emailIds) {
      const source = catalogueText(language, id);
      expect(source.trim(), id).not.toBe('');
      const values = Object.fromEntries(placeholders(source).map((name) => [name, `<${name}>`]));
      const out = renderText(language, id, values);
      expect(out, id).not.toMatch(/\{\s*\w+/);
      for (const name of Object.keys(values)) expect(out, id).toContain(`<${name}>`);
    }
  });

  it('has a Dhivehi text for every email.* text, with the same placeholders', () => {
    const dv = TEXTS.email.dv as Record<string, string>;
    for (const [key, text] of Object.entries(en)) {
      expect(dv[key]?.trim(), key).toBeTruthy();
      expect(placeholders(dv[key] ?? ''), key).toEqual(placeholders(text));
      // Thaana, not English left over.
      expect(dv[key], key).toMatch(/[\u0780-\u07BF]/);
    }
  });

  it('keeps the English mail texts as they were', () => {
    expect(renderText('en', 'email.codeSubject', { code: '123456' })).toBe('Your verification code: 123456');
    expect(renderText('en', 'email.amount', { amount: '40.00 MVR', method: 'Bank Transfer' })).toBe(
      'Amount: 40.00 MVR (Bank Transfer)',
    );
    expect(renderText('en', 'email.receivedReview')).toBe(
      'Your booking has been submitted for review. You will be notified once approved.',
    );
  });

  it('renders the common date pattern in Dhivehi', () => {
    const t = translator('dv');
    expect(
      t('dates.travelDate', {
        weekday: t('dates.weekday0'),
        day: '22',
        month: t('dates.month11'),
        year: '2026',
      }),
    ).toBe('އާދިއްތަ، 22 ނޮވެމްބަރު 2026');
  });

  it('lets an operator correction win, per language, and passes over one that is not valid ICU', () => {
    const overrides = { dv: { 'email.greeting': 'ހެޔޮ {name}،' }, en: { 'email.greeting': 'Hello {name' } };
    expect(renderText('dv', 'email.greeting', { name: 'Aishath' }, overrides)).toBe('ހެޔޮ Aishath،');
    expect(renderText('en', 'email.greeting', { name: 'Aishath' }, overrides)).toBe('Dear Aishath,');
    expect(renderText('en', 'email.greeting', { name: 'Aishath' }, { en: { 'email.greeting': ' ' } })).toBe(
      'Dear Aishath,',
    );
  });

  it('falls back to English where a translation is blank', () => {
    const blank = Object.entries(TEXTS).flatMap(([namespace, { en: english, dv }]) =>
      Object.keys(english)
        .filter((key) => !(dv as Record<string, string>)[key]?.trim())
        .map((key) => ({
          id: `${namespace}.${key}` as TextId,
          english: (english as Record<string, string>)[key],
        })),
    );
    for (const { id, english } of blank) expect(catalogueText('dv', id)).toBe(english);
  });
});
