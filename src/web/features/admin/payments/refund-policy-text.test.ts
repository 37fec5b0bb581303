import { describe, expect, it } from 'vitest';
import { DEFAULT_REFUND_POLICY } from '#shared/constants.ts';
import { describeRefundPolicy } from './refund-policy-text.ts';

describe('describeRefundPolicy', () => {
  it('says the default policy in plain words', () => {
    expect(describeRefundPolicy(DEFAULT_REFUND_POLICY)).toBe(
      'Cancelled 24 hours or more before departure: 100 % back. 2 hours or more: 50 %. Later: nothing back.',
    );
  });

  it('reads one hour, a tier up to departure and a tier that gives nothing', () => {
    expect(
      describeRefundPolicy([
        { hoursBefore: 48, percent: 0 },
        { hoursBefore: 1, percent: 25 },
        { hoursBefore: 0, percent: 10 },
      ]),
    ).toBe(
      'Cancelled 48 hours or more before departure: nothing back. 1 hour or more: 25 %. ' +
        'Up to departure: 10 %. After departure: nothing back.',
    );
    expect(describeRefundPolicy([{ hoursBefore: 0, percent: 100 }])).toBe(
      'Cancelled any time before departure: 100 % back. After departure: nothing back.',
    );
  });

  it('says a policy without tiers gives nothing back', () => {
    expect(describeRefundPolicy([])).toBe('Cancelled bookings get nothing back.');
  });
});
