import type { ComposeMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import type { CancelReason } from '#shared/disruptions.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { composeMail } from './compose.ts';

const REASON_TEXT: Record<CancelReason, TextId> = {
  weather: 'email.reasonWeather',
  technical: 'email.reasonTechnical',
  other: 'email.reasonOther',
};

/** What each disruption mail says first and last; a delay also gives the new and old times. */
const DISRUPTION_TEXTS = {
  departure_cancelled: {
    subject: 'email.cancelledSubject',
    intro: 'email.cancelledIntro',
    next: 'email.cancelledNext',
  },
  departure_delayed: {
    subject: 'email.delayedSubject',
    intro: 'email.delayedIntro',
    next: 'email.delayedNext',
  },
  departure_moved: { subject: 'email.movedSubject', intro: 'email.movedIntro', next: 'email.movedNext' },
} as const satisfies Record<string, { subject: TextId; intro: TextId; next: TextId }>;

export type DisruptionKind = keyof typeof DISRUPTION_TEXTS;

/**
 * The operator cancelled, delayed or moved the passenger's departure (docs/decisions/026): what
 * changed (the ticket already carries its new time, trip and seats), why, and what they can do
 * next, in the booking's language. `was` is a delayed passenger's time before.
 */
export function disruptionMail(
  ticket: AdminTicket,
  kind: DisruptionKind,
  why: { reason: CancelReason; note: string | null; was?: string },
): ComposeMail {
  return composeMail({ ticket }, async (parts) => {
    const { line, ltr, t, reference } = parts;
    const texts = DISRUPTION_TEXTS[kind];
    return {
      subject: line(texts.subject, { reference }),
      blocks: [
        parts.greeting(line(texts.intro)),
        [
          ...(why.was === undefined
            ? []
            : [line('email.delayedTime', { time: ltr(parts.facts.departureTime), was: ltr(why.was) })]),
          line('email.cancelledReason', { reason: t(REASON_TEXT[why.reason]) }),
          ...(why.note ? [line('email.cancelledNote', { note: why.note })] : []),
        ],
        parts.trip,
        [line(texts.next, { reference }), parts.support],
        ...(await parts.manage()),
      ],
    };
  });
}
