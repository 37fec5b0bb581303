import { describe, expect, it } from 'vitest';
import { addDays, dateInZone, instantInZone } from './clock.ts';

describe('operator time zone', () => {
  it('places a wall-clock time of the Maldives (UTC+5) on the right instant', () => {
    expect(instantInZone('2026-11-23', '08:00', 'Indian/Maldives').toISOString()).toBe(
      '2026-11-23T03:00:00.000Z',
    );
    expect(instantInZone('2026-11-23', '00:30:00', 'Indian/Maldives').toISOString()).toBe(
      '2026-11-22T19:30:00.000Z',
    );
  });

  it('follows daylight saving where the zone has it', () => {
    // London: GMT in winter, BST (UTC+1) in summer.
    expect(instantInZone('2026-01-15', '09:00', 'Europe/London').toISOString()).toBe(
      '2026-01-15T09:00:00.000Z',
    );
    expect(instantInZone('2026-07-15', '09:00', 'Europe/London').toISOString()).toBe(
      '2026-07-15T08:00:00.000Z',
    );
  });

  it('round-trips with dateInZone and adds days across month ends', () => {
    const at = instantInZone('2026-12-31', '23:59', 'Pacific/Kiritimati');
    expect(dateInZone(at, 'Pacific/Kiritimati')).toBe('2026-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
