import { describe, expect, it } from 'vitest';
import { DEFAULT_PAY_LATER, paymentDueAt, reminderAt } from './pay-later.ts';

const at = (iso: string) => new Date(iso);

describe('when a pay-later booking must be paid', () => {
  it('holds for the hours the operator sets when the departure is far', () => {
    const due = paymentDueAt(at('2026-12-01T08:00:00Z'), at('2026-12-05T08:00:00Z'), DEFAULT_PAY_LATER);
    expect(due?.toISOString()).toBe('2026-12-02T08:00:00.000Z');
  });

  it('never past the cut-off before the departure', () => {
    const due = paymentDueAt(at('2026-12-01T08:00:00Z'), at('2026-12-01T20:00:00Z'), DEFAULT_PAY_LATER);
    expect(due?.toISOString()).toBe('2026-12-01T14:00:00.000Z');
  });

  it('not at all when that leaves under an hour, or when the operator turned it off', () => {
    expect(
      paymentDueAt(at('2026-12-01T08:00:00Z'), at('2026-12-01T14:59:00Z'), DEFAULT_PAY_LATER),
    ).toBeNull();
    expect(
      paymentDueAt(at('2026-12-01T08:00:00Z'), at('2026-12-01T15:00:00Z'), DEFAULT_PAY_LATER),
    ).not.toBeNull();
    const off = { ...DEFAULT_PAY_LATER, enabled: false };
    expect(paymentDueAt(at('2026-12-01T08:00:00Z'), at('2026-12-09T08:00:00Z'), off)).toBeNull();
  });

  it('reminds a quarter of the hold ahead, at most six hours', () => {
    expect(reminderAt(at('2026-12-01T08:00:00Z'), at('2026-12-02T08:00:00Z')).toISOString()).toBe(
      '2026-12-02T02:00:00.000Z',
    );
    expect(reminderAt(at('2026-12-01T08:00:00Z'), at('2026-12-01T10:00:00Z')).toISOString()).toBe(
      '2026-12-01T09:30:00.000Z',
    );
  });
});
