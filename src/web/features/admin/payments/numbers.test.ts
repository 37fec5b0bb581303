import { describe, expect, it } from 'vitest';
import { numericOrZero, toMvr } from './numbers.ts';

describe('numericOrZero', () => {
  it('keeps numbers and turns anything else into 0', () => {
    expect(numericOrZero(' 16.5 ')).toBe('16.5');
    expect(numericOrZero('0')).toBe('0');
    expect(numericOrZero('-1')).toBe('-1');
    expect(numericOrZero('')).toBe('0');
    expect(numericOrZero('abc')).toBe('0');
    expect(numericOrZero('1e999')).toBe('0');
  });
});

describe('toMvr', () => {
  it('multiplies USD by the rate and shows 2 decimals', () => {
    expect(toMvr('5.00', '15.42')).toBe('77.10');
    expect(toMvr('3.00', '15.42')).toBe('46.26');
    expect(toMvr('5', '15.555')).toBe('77.78');
    expect(toMvr('1.005', '1')).toBe('1.01');
    expect(toMvr('0', '20')).toBe('0.00');
  });

  it('shows nothing until both values are numbers', () => {
    expect(toMvr('5', '')).toBeNull();
    expect(toMvr('', '15.42')).toBeNull();
    expect(toMvr('5', 'x')).toBeNull();
  });
});
