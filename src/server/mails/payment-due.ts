import type { BookingParts, Line } from './compose.ts';
import { mailTravelDate } from './mail-travel-date.ts';

/** When a pay-later booking's transfer is due, in the operator's zone (docs/decisions/040-pay-later.md). */
export type PaymentDue = { date: string; time: string };

/** "Your seats are held until …": the due date and time as the mails say them. */
export const dueLine = (parts: Pick<BookingParts, 'line' | 'ltr' | 't'>, due: PaymentDue, id: Line['id']) =>
  parts.line(id, { date: mailTravelDate(parts.t, due.date), time: parts.ltr(due.time) });
