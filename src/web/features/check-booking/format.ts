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

function seatedCounts(adults: number, children: number, t: Translate): string {
  if (adults > 0 && children > 0) return t('lookup.ticketsAdultsChildren', { adults, children });
  if (adults > 0) return t('lookup.ticketsAdults', { adults });
  if (children > 0) return t('lookup.ticketsChildren', { children });
  return t('common.notSpecified');
}

const CATEGORY_LABEL: Record<BookingLookup['persons'][number]['category'], TextId> = {
  adult: 'lookup.categoryAdult',
  child: 'lookup.categoryChild',
  infant: 'lookup.categoryInfant',
};

/** A person's category in the reader's language: 'Adult', 'Child', 'Infant'. */
export const categoryLabel = (category: BookingLookup['persons'][number]['category'], t: Translate) =>
  t(CATEGORY_LABEL[category]);

type BreakdownRow = BookingLookup['ticketBreakdown'][number];

// Breakdown prices are in the ticket type's own currency (docs/product.md section 10.7).
const TYPE_CURRENCY: Record<BreakdownRow['type'], string> = { local: 'MVR', foreigner: 'USD' };
const ROW_LABEL: Record<BreakdownRow['type'], Record<BreakdownRow['category'], TextId>> = {
  local: { adult: 'lookup.localAdult', child: 'lookup.localChild', infant: 'lookup.localInfant' },
  foreigner: {
    adult: 'lookup.foreignerAdult',
    child: 'lookup.foreignerChild',
    infant: 'lookup.foreignerInfant',
  },
};

export function describeBreakdownRow(row: BreakdownRow, t: Translate): { label: string; price: string } {
  return {
    label: t(ROW_LABEL[row.type][row.category]),
    price: `${row.quantity} × ${formatMoney(row.price, TYPE_CURRENCY[row.type], t)}`,
  };
}

const TICKET_STATUS: Record<string, TextId> = {
  pending: 'status.ticketPending',
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
