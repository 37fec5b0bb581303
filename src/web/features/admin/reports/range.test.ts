import { describe, expect, it } from 'vitest';
import { last30Days, lastMonth, rangeFrom, rangeProblem, thisMonth } from './range.ts';

describe('report ranges', () => {
  it('starts at this month so far, in the operator’s days', () => {
    expect(thisMonth('2026-03-17')).toEqual({ from: '2026-03-01', to: '2026-03-17' });
    expect(rangeFrom(new URLSearchParams(), '2026-03-17')).toEqual({ from: '2026-03-01', to: '2026-03-17' });
    expect(rangeFrom(new URLSearchParams(), undefined)).toBeNull();
  });

  it('reads the URL’s range, an end that is not a date falling back to this month’s', () => {
    const params = new URLSearchParams({ from: '2026-01-05', to: 'soon' });
    expect(rangeFrom(params, '2026-03-17')).toEqual({ from: '2026-01-05', to: '2026-03-17' });
    expect(rangeFrom(new URLSearchParams({ from: '2026-02-30' }), '2026-03-17')?.from).toBe('2026-03-01');
  });

  it('knows last month and the last 30 days, across a year’s end', () => {
    expect(lastMonth('2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(lastMonth('2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(last30Days('2026-01-10')).toEqual({ from: '2025-12-12', to: '2026-01-10' });
  });

  it('says what the server would refuse', () => {
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toMatch(/before the start/);
    expect(rangeProblem({ from: '2025-01-01', to: '2026-02-05' })).toMatch(/at most 400 days/);
    expect(rangeProblem({ from: '2025-01-01', to: '2026-02-04' })).toBeNull();
  });
});
