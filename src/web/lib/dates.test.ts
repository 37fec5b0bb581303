import { beforeAll, describe, expect, it } from 'vitest';
import { compileNamespace } from '#scripts/catalogue-plugin.ts';
import { TEXTS } from '#shared/messages/catalogues.ts';
import { i18n } from '#web/i18n/catalogue.ts';
import { formatInstant, formatTravelDate, isIsoDate } from './dates.ts';

beforeAll(() => {
  i18n.load('en', compileNamespace('common', TEXTS.common.en));
  i18n.load('dv', compileNamespace('common', TEXTS.common.dv));
  i18n.load('dv', compileNamespace('dates', TEXTS.dates.dv));
});

describe('dates, one formatter for both languages', () => {
  it('writes a travel date in English as before', () => {
    i18n.activate('en');
    expect(formatTravelDate('2026-11-22')).toBe('Sun, 22 Nov 2026');
    expect(formatTravelDate('2026-09-01')).toBe('Tue, 1 Sept 2026');
    expect(formatTravelDate('')).toBe('Not specified');
    expect(formatTravelDate('2026-02-30')).toBe('2026-02-30');
  });

  it('writes Dhivehi day and month names from the catalogue', () => {
    i18n.activate('dv');
    expect(formatTravelDate('2026-11-22')).toBe('އާދިއްތަ، 22 ނޮވެމްބަރު 2026');
    expect(formatTravelDate('2026-05-08')).toBe('ހުކުރު، 8 މެއި 2026');
  });

  it('writes an instant in the operator time zone, in either language', () => {
    i18n.activate('en');
    expect(formatInstant('2026-11-21T09:05:00Z', 'Indian/Maldives')).toBe('21 Nov 2026, 14:05');
    i18n.activate('dv');
    expect(formatInstant('2026-11-21T19:30:00Z', 'Indian/Maldives')).toBe('22 ނޮވެމްބަރު 2026، 00:30');
  });

  it('tells a YYYY-MM-DD date from anything else in the address or a date input', () => {
    expect(isIsoDate('2026-11-22')).toBe(true);
    expect(isIsoDate(null)).toBe(false);
    expect(isIsoDate('')).toBe(false);
    expect(isIsoDate('2026-1-22')).toBe(false);
    expect(isIsoDate('22-11-2026')).toBe(false);
    expect(isIsoDate('2026-11-22x')).toBe(false);
  });
});
