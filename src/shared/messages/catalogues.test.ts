// The catalogue check: a translation that lacks a key, a key nothing uses, or a placeholder that
// differs between languages fails `npm test`, so a missing translation cannot ship.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '#server/lib/text-placeholders.ts';
import { LANGUAGES } from '../languages.ts';
import { MSG } from './api.ts';
import { allTexts, TEXTS } from './catalogues.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The app's source (web, server, shared), without tests and without the catalogues themselves. */
function sourceText(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) {
        if (!/[\\/]shared[\\/](messages|locales)$/.test(file)) walk(file);
      } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(file);
    }
  };
  walk(path.join(ROOT, 'src/web'));
  walk(path.join(ROOT, 'src/server'));
  walk(path.join(ROOT, 'src/shared'));
  return files.map((file) => readFileSync(file, 'utf8')).join('\n');
}

describe('the catalogues', () => {
  it('have every key of the English source in every language, and nothing else', () => {
    for (const [namespace, catalogues] of Object.entries(TEXTS)) {
      const english = Object.keys(catalogues.en).sort();
      for (const language of LANGUAGES) {
        expect(Object.keys(catalogues[language]).sort(), `${language}: ${namespace}`).toEqual(english);
      }
    }
  });

  it('have no empty text, and every text compiles', () => {
    for (const { id, texts } of allTexts()) {
      for (const language of LANGUAGES) {
        expect(texts[language].trim(), `${language}: ${id}`).not.toBe('');
        expect(() => compileMessage(texts[language]), `${language}: ${id}`).not.toThrow();
      }
    }
  });

  it('keep the same placeholders and tags in every language', () => {
    for (const { id, texts } of allTexts()) {
      const english = placeholdersOf(texts.en);
      for (const language of LANGUAGES) {
        expect(placeholdersOf(texts[language]), `${language}: ${id}`).toEqual(english);
      }
    }
  });

  it('have no key that nothing uses', () => {
    const source = sourceText();
    const unused = allTexts()
      .map(({ id }) => id)
      .filter((id) => !source.includes(`'${id}'`) && !source.includes(`"${id}"`));
    expect(unused).toEqual([]);
  });

  it('translate into Thaana: no Dhivehi text is the English one left as it was', () => {
    // Texts that are the same in both languages on purpose: the language switch's bilingual name.
    const same = new Set(['common.languageSwitch']);
    const untranslated = allTexts()
      .filter(({ id, texts }) => !same.has(id) && /[a-z]{3}/i.test(texts.en) && texts.dv === texts.en)
      .map(({ id }) => id);
    expect(untranslated).toEqual([]);
  });
});

describe('the msg namespace', () => {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  i18n.setMessagesCompiler(compileMessage);
  i18n.load('en', Object.fromEntries(Object.entries(TEXTS.msg.en).map(([k, v]) => [k, v])));
  i18n.activate('en');
  const en = (key: keyof typeof TEXTS.msg.en, values?: Record<string, unknown>) => i18n._(key, values);

  it('says what MSG says, for the texts with values', () => {
    expect(en('otpCooldown', { n: 42 })).toBe(MSG.otpCooldown(42));
    expect(en('uploadError', { m: 'x' })).toBe(MSG.uploadError('x'));
    expect(en('invalidSeats', { seats: 'A1, B2' })).toBe(MSG.invalidSeats(['A1', 'B2']));
    expect(en('seatsUnavailable', { seats: 'A1' })).toBe(MSG.seatsUnavailable(['A1']));
    for (const more of [0, 1, 3]) expect(en('seatHoldLimit', { more })).toBe(MSG.seatHoldLimit(more));
    expect(en('emailHoldLimit', { max: 8 })).toBe(MSG.emailHoldLimit(8));
    expect(en('pendingBookingsLimit', { max: 3 })).toBe(MSG.pendingBookingsLimit(3));
    expect(en('maxTicketsPerBooking', { max: 10 })).toBe(MSG.maxTicketsPerBooking(10));
    expect(en('ticketsPerBooking', { max: 10 })).toBe(MSG.ticketsPerBooking(10));
  });
});
