import { describe, expect, it } from 'vitest';
import { pickLanguage } from './languages.ts';

describe('pickLanguage', () => {
  it('follows the first language the app speaks, by quality', () => {
    expect(pickLanguage('dv-MV,dv;q=0.9,en;q=0.8')).toBe('dv');
    expect(pickLanguage('en-GB, dv;q=0.5')).toBe('en');
    expect(pickLanguage('fr;q=0.9, dv;q=0.8, en;q=0.7')).toBe('dv');
    expect(pickLanguage('en;q=0.4, DV;q=0.6')).toBe('dv');
    expect(pickLanguage(['ar', 'dv-MV', 'en'])).toBe('dv');
  });

  it('is English for anything else', () => {
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage('')).toBe('en');
    expect(pickLanguage('fr-FR, de;q=0.8')).toBe('en');
    expect(pickLanguage('dv;q=0, en;q=0.1')).toBe('en');
    expect(pickLanguage('*')).toBe('en');
  });
});
