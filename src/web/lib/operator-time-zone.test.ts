import { describe, expect, it } from 'vitest';
import { dateAtOffset } from './operator-time-zone.ts';

describe('dateAtOffset', () => {
  it('gives the date where the operator is, on either side of its midnight', () => {
    // Maldives, UTC+5: 18:59 UTC is 23:59 there, 19:00 UTC is already the next day.
    expect(dateAtOffset(300, Date.parse('2026-11-24T18:59:00Z'))).toBe('2026-11-24');
    expect(dateAtOffset(300, Date.parse('2026-11-24T19:00:00Z'))).toBe('2026-11-25');
    // West of Greenwich, the date is still the day before.
    expect(dateAtOffset(-600, Date.parse('2026-01-01T05:00:00Z'))).toBe('2025-12-31');
    expect(dateAtOffset(0, Date.parse('2026-02-28T23:59:59Z'))).toBe('2026-02-28');
  });

  it('agrees with a date formatter in the same zone', () => {
    const now = Date.parse('2026-07-01T23:30:00Z');
    const london = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
    expect(dateAtOffset(60, now)).toBe(london);
  });
});
