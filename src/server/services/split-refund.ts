import { toCents } from '#shared/money.ts';

/** What a booking's payments are, as far as the office has checked them (docs/decisions/027). */
export type PaymentState = {
  totalAmount: string;
  paymentStatus: string;
  /** A dearer rebooking's first payment: its amount and whether it had been verified then. */
  firstPaymentAmount: string | null;
  firstPaymentVerified: boolean | null;
};

/**
 * How much of the total the office has verified: all of it once the booking's payment is
 * completed; while a dearer rebooking's second payment waits for review, the first payment if
 * it had been verified; otherwise nothing.
 */
function verifiedCents(state: PaymentState): bigint {
  const total = toCents(state.totalAmount);
  if (state.paymentStatus === 'completed') return total;
  if (state.firstPaymentVerified && state.firstPaymentAmount !== null) {
    const first = toCents(state.firstPaymentAmount);
    // Never more verified than the booking costs.
    if (first > total) return total;
    return first;
  }
  return 0n;
}

/**
 * A refund of `percent` of the total (`refundCents`, as the policy worked it out) split between
 * the payments: `percent` of the verified part, rounded to the cent, and the rest of the refund
 * for the unverified part, so the two always add up to the refund the passenger was shown.
 */
function splitRefund(
  state: PaymentState,
  refundCents: bigint,
  percent: number,
): { verified: bigint; unverified: bigint } {
  const paid = verifiedCents(state);
  if (paid === toCents(state.totalAmount)) return { verified: refundCents, unverified: 0n };
  const share = (paid * BigInt(percent) + 50n) / 100n;
  if (share >= refundCents) return { verified: refundCents, unverified: 0n };
  return { verified: share, unverified: refundCents - share };
}

/** The refund requests a split gives: one per part that is owed, each flagged as it is. */
export function refundParts(
  state: PaymentState,
  refundCents: bigint,
  percent: number,
): { cents: bigint; paymentVerified: boolean }[] {
  const { verified, unverified } = splitRefund(state, refundCents, percent);
  return [
    { cents: verified, paymentVerified: true },
    { cents: unverified, paymentVerified: false },
  ].filter((part) => part.cents > 0n);
}
