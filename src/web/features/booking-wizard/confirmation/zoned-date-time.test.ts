import { describe, expect, it } from 'vitest';
import { zonedDateTime } from './zoned-date-time.ts';

describe('zonedDateTime: a payment’s due time as the operator’s day and clock', () => {
  it('reads the instant where the operator is, not where the device is', () => {
    expect(zonedDateTime('2026-11-30T09:05:00.000Z', 'Indian/Maldives')).toEqual({
      date: '2026-11-30',
      time: '14:05',
    });
  });

  it('crosses midnight into the operator’s next day', () => {
    expect(zonedDateTime('2026-11-30T19:30:00.000Z', 'Indian/Maldives')).toEqual({
      date: '2026-12-01',
      time: '00:30',
    });
  });

  it('writes midnight as 00:00 and keeps two digits', () => {
    expect(zonedDateTime('2027-01-04T19:00:00Z', 'Indian/Maldives')).toEqual({
      date: '2027-01-05',
      time: '00:00',
    });
    expect(zonedDateTime('2027-01-04T03:07:00Z', 'UTC')).toEqual({ date: '2027-01-04', time: '03:07' });
  });

  it('gives nothing for what is no instant', () => {
    expect(zonedDateTime('', 'Indian/Maldives')).toBeNull();
    expect(zonedDateTime('soon', 'Indian/Maldives')).toBeNull();
  });
});
