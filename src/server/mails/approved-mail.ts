import type { ComposeMail } from '#server/lib/mailer.ts';
import { qrPng } from '#server/lib/qr-png.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { composeMail } from './compose.ts';

/** The passenger hears that the booking was approved, in the language they booked in. */
export function approvedMail(
  ticket: AdminTicket,
  eTicket?: { url: string; code: string | null },
): ComposeMail {
  return composeMail({ ticket }, async (parts) => {
    const { line, reference } = parts;
    return {
      subject: line('email.approvedSubject', { reference }),
      blocks: [
        parts.greeting(line('email.approvedIntro')),
        parts.trip,
        [line('email.approvedStatus'), line('email.approvedBoarding')],
        ...(eTicket ? [parts.eTicket(eTicket.url)] : []),
        [parts.support],
        ...(await parts.manage()),
      ],
      ...(eTicket?.code
        ? { image: { png: await qrPng(eTicket.code), alt: line('eticket.qrLabel', { reference }) } }
        : {}),
    };
  });
}
