import { describe, expect, it } from 'vitest';
import { inLanguage } from './operator-text.ts';

describe('inLanguage', () => {
  it('gives the Dhivehi to a Dhivehi reader when it is filled in', () => {
    expect(inLanguage('Maafushi', 'މާފުށި', 'dv')).toBe('މާފުށި');
  });

  it('gives the English to an English reader, whatever the Dhivehi', () => {
    expect(inLanguage('Maafushi', 'މާފުށި', 'en')).toBe('Maafushi');
    expect(inLanguage('Maafushi', '', 'en')).toBe('Maafushi');
  });

  it('falls back to the English when the Dhivehi is missing, empty or blank', () => {
    for (const dhivehi of [undefined, null, '', '   ', '\n\t']) {
      expect(inLanguage('Bank of Maldives', dhivehi, 'dv')).toBe('Bank of Maldives');
    }
  });

  it('treats any other language as English', () => {
    expect(inLanguage('Malé', 'މާލެ', 'fr')).toBe('Malé');
    expect(inLanguage('Malé', 'މާލެ', '')).toBe('Malé');
  });

  it('keeps the Dhivehi as the operator typed it', () => {
    expect(inLanguage('Malé', ' މާލެ', 'dv')).toBe(' މާލެ');
  });
});
