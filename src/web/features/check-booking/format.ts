import { type LOOKUP_STATUS_TEXT, UNKNOWN_LOCATION } from '#shared/messages/api.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import type { BookingLookup } from '#shared/schemas.ts';
import { inLanguage } from '#web/i18n/operator-text.ts';
import type { Translate } from '#web/i18n/texts.tsx';
import { formatDuration } from '#web/lib/dates.ts';
import { formatMoney as formatAmount } from '#web/lib/money.ts';

// The booking's texts in the passenger's language. `t` is the outcome's (useOutcomeTexts).

/** '25' and 'MVR' -> 'MVR 25.00'; no amount is 'Not specified' in the passenger's language. */
export const formatMoney = (amount: string, currency: string, t: Translate): string =>
  formatAmount(amount, currency, t('common.notSpecified'));

export const orNotSpecified = (value: string | null | undefined, t: Translate) =>
  value?.trim() || t('common.notSpecified');

/**
 * A place's name in the passenger's language: its Dhivehi name for a Dhivehi reader when it has
 * one, else its name; the API's 'Unknown Location' (a place that is gone) in their language.
 */
export function placeName(place: { name: string; nameDv?: string }, language: string, t: Translate): string {
  const name = place.name.trim();
  if (!name || name === UNKNOWN_LOCATION)
    return inLanguage(t('lookup.unknownLocation'), place.nameDv, language);
  return inLanguage(name, place.nameDv, language);
}

/** '2 adults, 1 child, 1 infant'; zero counts are left out. */
export function formatTicketCounts(adults: number, children: number, t: Translate, infants = 0): string {
  const counts = seatedCounts(adults, children, t);
  return infants > 0 ? t('lookup.withInfants', { counts, infants }) : counts;
}

type CategoryNames = BookingLookup['categoryNames'];

/** A concession's name in the reader's language (docs/decisions/036); its code when unknown. */
export function concessionName(code: string, names: CategoryNames, language: string): string {
  const found = names?.find((n) => n.code === code);
  return found ? inLanguage(found.name.en, found.name.dv, language) : code;
}

/**
 * The whole party: '1 adult, 1 infant, Senior (65+) × 1'. A party of concessions alone leaves
 * the adults and children out.
 */
export function formatParty(booking: BookingLookup, t: Translate, language: string): string {
  const concessions = new Map<string, number>();
  for (const row of booking.ticketBreakdown) {
    if (['adult', 'child', 'infant'].includes(row.category)) continue;
    concessions.set(row.category, (concessions.get(row.category) ?? 0) + row.quantity);
  }
  const others = [...concessions].map(
    ([code, n]) => `${concessionName(code, booking.categoryNames, language)} × ${n}`,
  );
  if (others.length === 0)
    return formatTicketCounts(booking.adultCount, booking.childCount, t, booking.infantCount);
  const seated = booking.adultCount + booking.childCount > 0 || booking.infantCount > 0;
  const counts = seated
    ? formatTicketCounts(booking.adultCount, booking.childCount, t, booking.infantCount)
    : '';
  return [counts, ...others].filter(Boolean).join(', ');
}

function seatedCounts(adults: number, children: number, t: Translate): string {
  if (adults > 0 && children > 0) return t('lookup.ticketsAdultsChildren', { adults, children });
  if (adults > 0) return t('lookup.ticketsAdults', { adults });
  if (children > 0) return t('lookup.ticketsChildren', { children });
  return t('common.notSpecified');
}

const CATEGORY_LABEL: Record<string, TextId> = {
  adult: 'lookup.categoryAdult',
  child: 'lookup.categoryChild',
  infant: 'lookup.categoryInfant',
};

/** A person's category in the reader's language: 'Adult', 'Child', 'Infant', a concession's name. */
export const categoryLabel = (category: string, t: Translate, names?: CategoryNames, language = 'en') => {
  const id = CATEGORY_LABEL[category];
  return id ? t(id) : concessionName(category, names, language);
};

type BreakdownRow = BookingLookup['ticketBreakdown'][number];

// Breakdown prices are in the ticket type's own currency (docs/product.md section 10.7).
const TYPE_CURRENCY: Record<BreakdownRow['type'], string> = { local: 'MVR', foreigner: 'USD' };
const ROW_LABEL: Record<BreakdownRow['type'], Record<string, TextId>> = {
  local: { adult: 'lookup.localAdult', child: 'lookup.localChild', infant: 'lookup.localInfant' },
  foreigner: {
    adult: 'lookup.foreignerAdult',
    child: 'lookup.foreignerChild',
    infant: 'lookup.foreignerInfant',
  },
};

export function describeBreakdownRow(
  row: BreakdownRow,
  t: Translate,
  names?: CategoryNames,
  language = 'en',
): { label: string; price: string } {
  const id = ROW_LABEL[row.type][row.category];
  const name = concessionName(row.category, names, language);
  return {
    label: id
      ? t(id)
      : t(row.type === 'local' ? 'lookup.localConcession' : 'lookup.foreignerConcession', { name }),
    price: `${row.quantity} × ${formatMoney(row.price, TYPE_CURRENCY[row.type], t)}`,
  };
}

const TICKET_STATUS: Record<string, TextId> = {
  pending: 'status.ticketPending',
  awaiting_card: 'status.ticketAwaitingCard',
  confirmed: 'status.ticketConfirmed',
  cancelled: 'status.ticketCancelled',
  completed: 'status.ticketCompleted',
  voided: 'status.ticketVoided',
  cancelled_by_operator: 'status.ticketCancelledByOperator',
  cancelled_by_passenger: 'status.ticketCancelledByPassenger',
};

const PAYMENT_STATUS: Record<string, TextId> = {
  pending: 'status.paymentPending',
  completed: 'status.paymentCompleted',
  failed: 'status.paymentFailed',
};

const STATUS_TEXT: Record<keyof typeof LOOKUP_STATUS_TEXT, TextId> = {
  pending: 'status.statusPending',
  awaiting_card: 'status.statusAwaitingCard',
  confirmed: 'status.statusConfirmed',
  cancelled: 'status.statusCancelled',
  completed: 'status.statusCompleted',
  voided: 'status.statusVoided',
  cancelled_by_operator: 'status.statusCancelledByOperator',
  cancelled_by_passenger: 'status.statusCancelledByPassenger',
};

/** A pending payment whose slip is in: the office is checking it (the answer says so since the slip came). */
export const slipBeingChecked = (booking: BookingLookup) =>
  booking.paymentStatus === 'pending' && booking.proofReceived === true;

/**
 * A booking sent to pay later (docs/decisions/040-pay-later.md) that still waits for its transfer:
 * pending, unpaid, no slip, with a time its payment falls due; null for any other booking.
 */
export const transferDueAt = (booking: BookingLookup): string | null =>
  booking.ticketStatus === 'pending' &&
  booking.paymentStatus === 'pending' &&
  !booking.proofReceived &&
  booking.paymentDueAt
    ? booking.paymentDueAt
    : null;

/** 'Slip received, being checked — usually approved within 2 hours', by the operator's usual time. */
export function slipCheckText(booking: BookingLookup, t: Translate): string {
  const duration = formatDuration(t, booking.usualApprovalMinutes, {
    hours: 'status.approvalHours',
    minutes: 'status.approvalMinutes',
    both: 'status.approvalHoursMinutes',
  });
  return t('status.slipReceivedUsually', { duration });
}

/**
 * The booking's status labels and sentence in the passenger's language, by the codes the API
 * sends with its English texts (#shared/messages/api.ts); a status the web does not know stays as sent.
 */
export function statusTexts(booking: BookingLookup, t: Translate) {
  const ticket = TICKET_STATUS[booking.ticketStatus];
  const payment = slipBeingChecked(booking)
    ? 'status.paymentSlipReceived'
    : PAYMENT_STATUS[booking.paymentStatus];
  const sentence = STATUS_TEXT[booking.statusKey];
  return {
    ticketStatus: ticket ? t(ticket) : booking.ticketStatusLabel,
    paymentStatus: payment ? t(payment) : booking.paymentStatusLabel,
    statusText: sentence ? t(sentence) : booking.statusText,
  };
}
