import { parseDecimal } from './money.ts';

/** What a return costs, in whole cents: each journey's share and the discount given. */
export type ReturnShares = { outbound: bigint; back: bigint; discount: bigint };

/**
 * A return's price (docs/decisions/037-return-trips.md): the two journeys' totals together,
 * less `percentOff` of that sum rounded half-up to a cent, once. Each journey keeps its own
 * total less its part of the discount, in proportion to its total, the outbound's part rounded
 * half-up and the return's part the rest, so the two shares add up to the charge to the cent.
 */
export function splitReturnDiscount(
  outboundCents: bigint,
  backCents: bigint,
  percentOff: string | null,
): ReturnShares {
  const sum = outboundCents + backCents;
  const pct = parseDecimal(percentOff ?? '0');
  // sum × n / (d × 100), half-up.
  const den = pct.d * 100n;
  const discount = (2n * sum * pct.n + den) / (2n * den);
  const outboundPart = sum === 0n ? 0n : (2n * discount * outboundCents + sum) / (2n * sum);
  return {
    outbound: outboundCents - outboundPart,
    back: backCents - (discount - outboundPart),
    discount,
  };
}
