import type { Currency } from '#shared/constants.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { commissionCents } from '#shared/partners.ts';
import type { LegPrices } from '#web/components/sale/leg.tsx';
import { saleTotal, type TicketCount } from '#web/components/sale/sale-money.ts';

export type PartnerPrice = { publicAmount: string; commissionAmount: string; netAmount: string };

/**
 * What a party will cost the partner, for the screen only: the public fare in the partner's
 * currency less its commission, worked out with the server's own rule (commissionCents, off the
 * rounded public total). The server's answer is what is charged.
 */
export function partnerPrice(
  counts: readonly TicketCount[],
  prices: LegPrices,
  currency: Currency,
  commissionPercent: string,
): PartnerPrice {
  const publicCents = toCents(saleTotal(counts, prices, currency).total);
  const commission = commissionCents(publicCents, commissionPercent);
  return {
    publicAmount: centsToMoney(publicCents),
    commissionAmount: centsToMoney(commission),
    netAmount: centsToMoney(publicCents - commission),
  };
}

/** a > b for two amounts as decimal strings, to the cent. */
export const moreThan = (a: string, b: string) => toCents(a) > toCents(b);
