import type { Language } from '#shared/languages.ts';
import passenger from '#shared/messages/passenger.ts?catalogue';
import payment from '#shared/messages/payment.ts?catalogue';
import { registerTexts, type Translate } from '#web/i18n/texts.tsx';
import type { TicketCounts } from './wizard-state.ts';

/** Step 4's texts: the passenger, the e-mail check and the tickets. */
export const PASSENGER_TEXTS = registerTexts(
  'passenger',
  passenger,
  () => import('#shared/locales/dv/passenger.ts?catalogue'),
);

/** Step 5's texts (the summary, the bank transfer, the slip) and the confirmation's. */
export const PAYMENT_TEXTS = registerTexts(
  'payment',
  payment,
  () => import('#shared/locales/dv/payment.ts?catalogue'),
);

/** '2 × local adult, 1 × local infant': the kinds booked, in `t` of a screen with the payment texts. */
export function ticketSummary(t: Translate, tickets: TicketCounts, language: Language): string {
  const parts = [
    [tickets.localAdult, 'payment.summaryLocalAdult'],
    [tickets.localChild, 'payment.summaryLocalChild'],
    [tickets.foreignerAdult, 'payment.summaryForeignerAdult'],
    [tickets.foreignerChild, 'payment.summaryForeignerChild'],
    // A confirmation saved before infants were counted has none.
    [tickets.localInfant ?? 0, 'payment.summaryLocalInfant'],
    [tickets.foreignerInfant ?? 0, 'payment.summaryForeignerInfant'],
  ] as const;
  // The operator's concessions, by their names in the passenger's language.
  const concessions = Object.values(tickets.concessions ?? {}).flatMap((c) => {
    const name = (language === 'dv' && c.name.dv.trim()) || c.name.en;
    return (['local', 'foreigner'] as const)
      .filter((type) => c[type] > 0)
      .map((type) => t('payment.summaryConcession', { n: c[type], name, type }));
  });
  return [...parts.filter(([n]) => n > 0).map(([n, id]) => t(id, { n })), ...concessions].join(
    t('payment.summarySeparator'),
  );
}
