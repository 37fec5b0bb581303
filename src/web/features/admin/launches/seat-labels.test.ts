import { describe, expect, it } from 'vitest';
import { duplicateLabels, parseCapacity, resizeSeats, rowName, rowSeats } from './seat-labels.ts';

describe('launch seat labels', () => {
  it('falls back to 50 for an empty, fractional or out-of-range capacity', () => {
    expect(parseCapacity('12')).toBe(12);
    expect(parseCapacity(' 200 ')).toBe(200);
    for (const bad of ['', 'abc', '0', '-3', '201', '2.5']) expect(parseCapacity(bad)).toBe(50);
  });

  it('cuts extras from the end and numbers new seats on from the count', () => {
    expect(resizeSeats(['A1', 'A2', 'A3'], 2)).toEqual(['A1', 'A2']);
    expect(resizeSeats(['A1', 'A2'], 4)).toEqual(['A1', 'A2', '3', '4']);
    // A number some seat already carries is skipped rather than repeated.
    expect(resizeSeats(['1', '3'], 4)).toEqual(['1', '3', '4', '5']);
  });

  it('names rows like spreadsheet columns and fills them row by row', () => {
    expect([0, 25, 26, 27, 51, 52].map(rowName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA']);
    expect(rowSeats(5, 2)).toEqual(['A1', 'A2', 'B1', 'B2', 'C1']);
  });

  it('reports each repeated label once, ignoring surrounding spaces', () => {
    expect(duplicateLabels(['A1', 'A2 ', ' A2', 'A1', 'A1', ''])).toEqual(['A2', 'A1']);
  });
});
