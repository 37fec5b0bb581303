import type { Translate } from '#web/i18n/texts.tsx';
import type { TicketCounts } from '../wizard-state.ts';

/** '2 × local adult, 1 × local child': the kinds booked, in `t` of a screen with the payment texts. */
export function ticketSummary(t: Translate, tickets: TicketCounts): string {
  const parts = [
    [tickets.localAdult, 'payment.summaryLocalAdult'],
    [tickets.localChild, 'payment.summaryLocalChild'],
    [tickets.foreignerAdult, 'payment.summaryForeignerAdult'],
    [tickets.foreignerChild, 'payment.summaryForeignerChild'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, id]) => t(id, { n }))
    .join(t('payment.summarySeparator'));
}
