import type { MailMessage } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { CONTACT } from '#shared/constants.ts';
import { LOOKUP_STATUS_TEXT, UNKNOWN_LOCATION } from '#shared/messages.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function tripLines(t: AdminTicket): string[] {
  return [
    `Booking reference: ${t.reference}`,
    `Trip: ${t.from?.name ?? UNKNOWN_LOCATION} to ${t.to?.name ?? UNKNOWN_LOCATION}`,
    `Date: ${t.travelDate}, departure ${t.passengerDepartureTime ?? t.schedule.departureTime}`,
    `Launch: ${t.launch?.name ?? UNKNOWN_LOCATION}`,
    `Seats: ${t.seatNumbers.join(', ')}`,
    `Amount: ${t.totalAmount} ${t.currency} (${t.paymentMethod})`,
  ];
}

/** The same lines as text and as simple HTML (one paragraph per block, every value escaped). */
function compose(to: string, subject: string, blocks: string[][]): MailMessage {
  const text = blocks.map((lines) => lines.join('\n')).join('\n\n');
  const html = blocks.map((lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`).join('\n');
  return { to, subject, text, html: `<!doctype html><html><body>${html}</body></html>` };
}

/** ARCHITECTURE.md section 8.14: the passenger hears that the booking was approved. */
export function approvedMail(t: AdminTicket): MailMessage {
  return compose(t.passengerEmail, `Booking approved: ${t.reference}`, [
    [`Dear ${t.passengerName},`, 'Your payment has been verified and your booking is approved.'],
    tripLines(t),
    [LOOKUP_STATUS_TEXT.confirmed, 'Show your booking reference when boarding.'],
  ]);
}

/** ...or rejected, with the admin's remarks and whom to contact. */
export function rejectedMail(t: AdminTicket): MailMessage {
  return compose(t.passengerEmail, `Booking rejected: ${t.reference}`, [
    [`Dear ${t.passengerName},`, 'We could not approve your booking, and its seats have been released.'],
    tripLines(t),
    [`Remarks: ${t.remarks?.trim() ? t.remarks : 'None'}`],
    [LOOKUP_STATUS_TEXT.cancelled, `Support: ${CONTACT.supportEmail}, ${CONTACT.phone}`],
  ]);
}
