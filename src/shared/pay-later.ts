// Pay later by transfer (docs/decisions/040-pay-later.md): a booking sent without its slip holds
// its seats until its payment falls due; the bank statement (or a slip added later) pays it, and
// otherwise it is released.

export type PayLaterSettings = {
  /** Step 5 offers to submit without a slip. */
  enabled: boolean;
  /** How long the seats are held for the transfer. */
  holdHours: number;
  /** The hold ends this many hours before the departure at the latest. */
  cutoffHours: number;
  /** The share of a departure's seats (percent) that bookings waiting for transfers hold together. */
  maxSharePercent: number;
};

export const DEFAULT_PAY_LATER: PayLaterSettings = {
  enabled: true,
  holdHours: 24,
  cutoffHours: 6,
  maxSharePercent: 50,
};

/** A hold shorter than this leaves no time to transfer: the passenger attaches the slip instead. */
export const MIN_PAY_LATER_MINUTES = 60;

const HOUR_MS = 3_600_000;

/**
 * When a pay-later booking made `now` for a departure at `departsAt` must be paid: `holdHours`
 * from now, never later than `cutoffHours` before the departure. Null when that is less than
 * MIN_PAY_LATER_MINUTES away, or when the operator does not offer paying later.
 */
export function paymentDueAt(now: Date, departsAt: Date, settings: PayLaterSettings): Date | null {
  if (!settings.enabled) return null;
  const due = Math.min(
    now.getTime() + settings.holdHours * HOUR_MS,
    departsAt.getTime() - settings.cutoffHours * HOUR_MS,
  );
  return due - now.getTime() >= MIN_PAY_LATER_MINUTES * 60_000 ? new Date(due) : null;
}

/**
 * When the reminder goes out: a quarter of the hold before it ends, at most six hours before, so
 * a day's hold reminds six hours ahead and a two-hour one half an hour ahead.
 */
export function reminderAt(createdAt: Date, dueAt: Date): Date {
  const lead = Math.min((dueAt.getTime() - createdAt.getTime()) / 4, 6 * HOUR_MS);
  return new Date(dueAt.getTime() - lead);
}
