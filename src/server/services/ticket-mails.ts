import { eq, inArray } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { locations, tickets } from '#server/db/schema.ts';
import type { ComposeMail, MailMessage } from '#server/lib/mailer.ts';
import { mailManageLink } from '#server/lib/manage-links.ts';
import { qrPng } from '#server/lib/qr-png.ts';
import { type Translate, translator } from '#server/lib/texts.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { EMAIL_CODE_TTL_MINUTES, PAYMENT_METHOD } from '#shared/constants.ts';
import { travelDateParts } from '#shared/date-names.ts';
import type { CancelReason } from '#shared/disruptions.ts';
import { isLanguage, LANGUAGE_DIR, type Language } from '#shared/languages.ts';
import type { TextId } from '#shared/texts.ts';
import { type Contact, readContact } from './read-contact.ts';
import { readUsableTextOverrides } from './text-overrides.ts';

/*
 * The passenger's mails (docs/product.md section 10.14): the one-time code, booking received,
 * approved and rejected. Each is written in the passenger's language from the `email` texts
 * (src/shared/messages/email.ts, src/shared/locales/dv/email.ts), as plain text and as HTML
 * whose `lang` and `dir` are the language's, with every value escaped and isolated from the
 * text around it (a reference or an amount reads left to right inside Dhivehi). Every one gives
 * the operator's own support address and phone (PWA settings, as the footer has them): a
 * passenger who did not ask for a code or a change must know whom to tell.
 */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A value put into a text. A string is isolated in the HTML (`<bdi>`, its direction its own);
 * `ltr(...)` is always left to right (references, codes, addresses, amounts, times, seats).
 */
type Value = string | number | { ltr: string };
const ltr = (value: string) => ({ ltr: value });

type Line = { id: TextId; values?: Readonly<Record<string, Value>> };
const line = (id: TextId, values?: Line['values']): Line => (values ? { id, values } : { id });

// Strings go through the text as markers and are put in after rendering, so a value is never
// read as ICU or escape sequences, and is escaped for the HTML on its own.
const marker = (index: number) => `\uE000${index}\uE001`;
const MARKERS = /\uE000(\d+)\uE001/g;

const plainOf = (value: Value | undefined) =>
  value === undefined ? '' : typeof value === 'object' ? value.ltr : String(value);
const htmlOf = (value: Value | undefined) =>
  value === undefined
    ? ''
    : typeof value === 'object'
      ? `<bdi dir="ltr">${escapeHtml(value.ltr)}</bdi>`
      : `<bdi>${escapeHtml(String(value))}</bdi>`;

function renderLine(t: Translate, { id, values = {} }: Line): { text: string; html: string } {
  const strings: Value[] = [];
  const marked = Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value === 'number') return [name, value];
      strings.push(value);
      return [name, marker(strings.length - 1)];
    }),
  );
  const rendered = t(id, marked);
  return {
    text: rendered.replace(MARKERS, (_, i: string) => plainOf(strings[Number(i)])),
    html: escapeHtml(rendered).replace(MARKERS, (_, i: string) => htmlOf(strings[Number(i)])),
  };
}

const THAANA_FONTS = 'MV Faseyha, Faruma, Noto Sans Thaana, Tahoma, sans-serif';

/**
 * The same lines as text and as simple HTML: one paragraph per block, the language's `lang` and
 * `dir` on the document, the body and the container (mail clients keep different ones).
 */
function compose(opts: {
  to: string;
  language: Language;
  t: Translate;
  subject: Line;
  blocks: Line[][];
  /** An inline image shown last, as its PNG and its text alternative (the e-ticket's QR code). */
  image?: { png: Buffer; alt: Line };
}): MailMessage {
  const { language, t } = opts;
  const dir = LANGUAGE_DIR[language];
  const subject = renderLine(t, opts.subject).text;
  const rendered = opts.blocks.map((lines) => lines.map((l) => renderLine(t, l)));
  const text = rendered.map((lines) => lines.map((l) => l.text).join('\n')).join('\n\n');
  const image = opts.image
    ? `\n<p><img src="cid:${QR_CID}" width="240" height="240" alt="${escapeHtml(renderLine(t, opts.image.alt).text)}"></p>`
    : '';
  const paragraphs =
    rendered.map((lines) => `<p>${lines.map((l) => l.html).join('<br>')}</p>`).join('\n') + image;
  const style =
    dir === 'rtl' ? `text-align:right;font-family:${THAANA_FONTS};line-height:1.8` : 'text-align:left';
  const html =
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8">` +
    `<title>${escapeHtml(subject)}</title></head><body dir="${dir}">` +
    `<div lang="${language}" dir="${dir}" style="${style}">\n${paragraphs}\n</div></body></html>`;
  const attachments = opts.image
    ? [
        {
          filename: 'e-ticket-qr.png',
          contentType: 'image/png',
          cid: QR_CID,
          contentBase64: opts.image.png.toString('base64'),
        },
      ]
    : undefined;
  return { to: opts.to, subject, text, html, ...(attachments ? { attachments } : {}) };
}

/** Whom to contact: the operator's support address and phone, as they saved them. */
const supportLine = (contact: Contact): Line =>
  line('email.support', { email: ltr(contact.supportEmail), phone: ltr(contact.contactPhone) });

/** The content id of the e-ticket's QR code in a mail's HTML. */
const QR_CID = 'e-ticket-qr';

// --- The one-time code ------------------------------------------------------------------

type CodeMailTexts = {
  subject: Line;
  intro: Line;
  validity: TextId;
  /** What the outbox keeps once the mail is delivered; the subject kept is `keptSubject` or the subject. */
  keptSubject?: TextId;
  keptText: TextId;
};

/**
 * A one-time code's mail, in the reader's language. Once delivered, the outbox row keeps the
 * `kept` texts instead, so no readable code stays in the database.
 */
function oneTimeCodeMail(opts: { to: string; language: Language; texts: CodeMailTexts }): ComposeMail {
  return async (db) => {
    const { language, texts } = opts;
    const [overrides, contact] = await readTogether(db, [
      () => readUsableTextOverrides(db),
      () => readContact({ db }),
    ]);
    const t = translator(language, overrides);
    const mail = compose({
      to: opts.to,
      language,
      t,
      subject: texts.subject,
      blocks: [
        [texts.intro],
        [line(texts.validity, { minutes: EMAIL_CODE_TTL_MINUTES })],
        [supportLine(contact)],
      ],
    });
    const keptSubject = texts.keptSubject ? t(texts.keptSubject) : mail.subject;
    return { ...mail, kept: { subject: keptSubject, text: t(texts.keptText) } };
  };
}

/** Step 2's code, in the language the passenger asked in. */
export function codeMail(opts: { to: string; code: string; language: Language }): ComposeMail {
  const code = ltr(opts.code);
  return oneTimeCodeMail({
    ...opts,
    texts: {
      subject: line('email.codeSubject', { code }),
      intro: line('email.codeIntro', { code }),
      validity: 'email.codeValidity',
      keptSubject: 'email.codeKeptSubject',
      keptText: 'email.codeKeptText',
    },
  });
}

/**
 * The code that lets a passenger change their booking (docs/decisions/027), to the booking's own
 * address, in the booking's language.
 */
export function manageCodeMail(opts: {
  to: string;
  code: string;
  reference: string;
  language: Language;
}): ComposeMail {
  const reference = ltr(opts.reference);
  return oneTimeCodeMail({
    ...opts,
    texts: {
      subject: line('email.manageCodeSubject', { reference }),
      intro: line('email.manageCodeIntro', { reference, code: ltr(opts.code) }),
      validity: 'email.manageCodeValidity',
      keptText: 'email.manageCodeKeptText',
    },
  });
}

// --- Booking mails ----------------------------------------------------------------------

/**
 * A YYYY-MM-DD travel date as the mail says it. English mails keep the date as it is; other
 * languages name the day and month from the catalogue (dates.*), since no Intl knows Dhivehi.
 */
export function mailTravelDate(language: Language, t: Translate, isoDate: string): string {
  if (language === 'en') return isoDate;
  const parts = travelDateParts(isoDate, t);
  return parts ? t('dates.travelDate', parts) : isoDate;
}

/** What every booking mail says about the booking. */
export type BookingFacts = {
  /** The ticket, for the manage page's link in the mail. */
  ticketId: string;
  passengerEmail: string;
  reference: string;
  passengerName: string;
  /** The passenger's From and To; null when the location is gone. */
  from: { id: string; name: string } | null;
  to: { id: string; name: string } | null;
  travelDate: string;
  /** HH:MM at the passenger's From stop. */
  departureTime: string;
  launchName: string | null;
  seats: readonly string[];
  totalAmount: string;
  currency: string;
  paymentMethod: string;
};

/** Location names in `language` where the operator gave one (locations.name_dv), by id. */
async function localNames(db: DbOrTx, language: Language, ids: string[]): Promise<Map<string, string>> {
  if (language !== 'dv' || ids.length === 0) return new Map();
  const rows = await db
    .select({ id: locations.id, nameDv: locations.nameDv })
    .from(locations)
    .where(inArray(locations.id, ids));
  return new Map(rows.filter((r) => r.nameDv.trim()).map((r) => [r.id, r.nameDv]));
}

/** The language a ticket's passenger booked in ('en' for older tickets and staff sales). */
async function ticketLanguage(db: DbOrTx, ticketId: string): Promise<Language> {
  const [row] = await db.select({ language: tickets.language }).from(tickets).where(eq(tickets.id, ticketId));
  return isLanguage(row?.language) ? row.language : 'en';
}

type Context = { language: Language; t: Translate; names: Map<string, string>; contact: Contact };

async function bookingContext(db: DbOrTx, language: Language, facts: BookingFacts): Promise<Context> {
  const ids = [facts.from?.id, facts.to?.id].filter((id): id is string => Boolean(id));
  const [overrides, names, contact] = await readTogether(db, [
    () => readUsableTextOverrides(db),
    () => localNames(db, language, ids),
    () => readContact({ db }),
  ]);
  return { language, t: translator(language, overrides), names, contact };
}

function tripLines({ language, t, names }: Context, f: BookingFacts): Line[] {
  const place = (stop: BookingFacts['from']) =>
    stop ? (names.get(stop.id) ?? stop.name) : t('email.unknownLocation');
  const method = f.paymentMethod === PAYMENT_METHOD ? t('email.bankTransfer') : f.paymentMethod;
  return [
    line('email.reference', { reference: ltr(f.reference) }),
    line('email.trip', { from: place(f.from), to: place(f.to) }),
    line('email.date', {
      date: language === 'en' ? ltr(f.travelDate) : mailTravelDate(language, t, f.travelDate),
      time: ltr(f.departureTime),
    }),
    line('email.launch', { launch: f.launchName ?? t('email.unknownLocation') }),
    line('email.seats', { seats: ltr(f.seats.join(', ')) }),
    line('email.amount', { amount: ltr(`${f.totalAmount} ${f.currency}`), method }),
  ];
}

/** The manage page's link (docs/decisions/027), when the mail can carry one. */
async function manageLines(db: DbOrTx, facts: BookingFacts): Promise<Line[][]> {
  const url = await mailManageLink(db, { id: facts.ticketId, reference: facts.reference });
  return url ? [[line('email.manageLink', { url: ltr(url) })]] : [];
}

/** The booking was submitted: written in the booking's transaction (create-booking.ts). */
export function receivedMail(facts: BookingFacts, language: Language): ComposeMail {
  return async (db) => {
    const context = await bookingContext(db, language, facts);
    return compose({
      to: facts.passengerEmail,
      language,
      t: context.t,
      subject: line('email.receivedSubject', { reference: ltr(facts.reference) }),
      blocks: [
        [line('email.receivedThanks', { name: facts.passengerName })],
        tripLines(context, facts),
        [line('email.receivedReview')],
        [supportLine(context.contact)],
        ...(await manageLines(db, facts)),
      ],
    });
  };
}

const factsOf = (t: AdminTicket): BookingFacts => ({
  ticketId: t.id,
  passengerEmail: t.passengerEmail,
  reference: t.reference,
  passengerName: t.passengerName,
  from: t.from,
  to: t.to,
  travelDate: t.travelDate,
  departureTime: t.passengerDepartureTime ?? t.schedule.departureTime,
  launchName: t.launch?.name ?? null,
  seats: t.seatNumbers,
  totalAmount: t.totalAmount,
  currency: t.currency,
  paymentMethod: t.paymentMethod,
});

/** The passenger hears that the booking was approved, in the language they booked in. */
export function approvedMail(
  ticket: AdminTicket,
  eTicket?: { url: string; code: string | null },
): ComposeMail {
  return async (db) => {
    const facts = factsOf(ticket);
    const context = await bookingContext(db, await ticketLanguage(db, ticket.id), facts);
    return compose({
      to: facts.passengerEmail,
      language: context.language,
      t: context.t,
      subject: line('email.approvedSubject', { reference: ltr(facts.reference) }),
      blocks: [
        [line('email.greeting', { name: facts.passengerName }), line('email.approvedIntro')],
        tripLines(context, facts),
        [line('email.approvedStatus'), line('email.approvedBoarding')],
        ...(eTicket ? [[line('email.eTicketLink', { url: ltr(eTicket.url) })]] : []),
        [supportLine(context.contact)],
        ...(await manageLines(db, facts)),
      ],
      ...(eTicket?.code
        ? {
            image: {
              png: await qrPng(eTicket.code),
              alt: line('eticket.qrLabel', { reference: ltr(facts.reference) }),
            },
          }
        : {}),
    });
  };
}

/** The e-ticket's link again, on the passenger's request (Check Booking), in the booking's language. */
export function eTicketMail(ticket: AdminTicket, eTicketUrl: string): ComposeMail {
  return async (db) => {
    const facts = factsOf(ticket);
    const context = await bookingContext(db, await ticketLanguage(db, ticket.id), facts);
    return compose({
      to: facts.passengerEmail,
      language: context.language,
      t: context.t,
      subject: line('email.eTicketSubject', { reference: ltr(facts.reference) }),
      blocks: [
        [line('email.greeting', { name: facts.passengerName }), line('email.eTicketIntro')],
        tripLines(context, facts),
        [line('email.eTicketLink', { url: ltr(eTicketUrl) })],
        [supportLine(context.contact)],
        ...(await manageLines(db, facts)),
      ],
    });
  };
}

/**
 * ...or rejected, with the admin's remarks and whom to contact. A rejected rebooking payment
 * gives back the verified first payment (`refund`): the mail says so and links to the manage
 * page, where the passenger gives the account for it.
 */
export function rejectedMail(
  ticket: AdminTicket,
  refund: { amount: string; currency: string } | null = null,
): ComposeMail {
  return async (db) => {
    const facts = factsOf(ticket);
    const context = await bookingContext(db, await ticketLanguage(db, ticket.id), facts);
    const { t } = context;
    return compose({
      to: facts.passengerEmail,
      language: context.language,
      t,
      subject: line('email.rejectedSubject', { reference: ltr(facts.reference) }),
      blocks: [
        [line('email.greeting', { name: facts.passengerName }), line('email.rejectedIntro')],
        tripLines(context, facts),
        [
          line('email.remarks', {
            remarks: ticket.remarks?.trim() ? ticket.remarks : t('email.remarksNone'),
          }),
        ],
        ...(refund
          ? [
              [
                line('email.rejectedExtraRefund', { amount: ltr(`${refund.amount} ${refund.currency}`) }),
                line('email.changedRefundAccount'),
              ],
              ...(await manageLines(db, facts)),
            ]
          : []),
        [line('email.rejectedStatus'), supportLine(context.contact)],
      ],
    });
  };
}

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
  return async (db) => {
    const facts = factsOf(ticket);
    const context = await bookingContext(db, await ticketLanguage(db, ticket.id), facts);
    const { t } = context;
    const texts = DISRUPTION_TEXTS[kind];
    return compose({
      to: facts.passengerEmail,
      language: context.language,
      t,
      subject: line(texts.subject, { reference: ltr(facts.reference) }),
      blocks: [
        [line('email.greeting', { name: facts.passengerName }), line(texts.intro)],
        [
          ...(why.was === undefined
            ? []
            : [line('email.delayedTime', { time: ltr(facts.departureTime), was: ltr(why.was) })]),
          line('email.cancelledReason', { reason: t(REASON_TEXT[why.reason]) }),
          ...(why.note ? [line('email.cancelledNote', { note: why.note })] : []),
        ],
        tripLines(context, facts),
        [line(texts.next, { reference: ltr(facts.reference) }), supportLine(context.contact)],
        ...(await manageLines(db, facts)),
      ],
    });
  };
}

/**
 * The day before departure (docs/decisions/026): the time, the stop, arriving 30 minutes early,
 * and the e-ticket's link, in the booking's language.
 */
export function reminderMail(ticket: AdminTicket, eTicketUrl: string): ComposeMail {
  return async (db) => {
    const facts = factsOf(ticket);
    const context = await bookingContext(db, await ticketLanguage(db, ticket.id), facts);
    const stop = facts.from
      ? (context.names.get(facts.from.id) ?? facts.from.name)
      : context.t('email.unknownLocation');
    return compose({
      to: facts.passengerEmail,
      language: context.language,
      t: context.t,
      subject: line('email.reminderSubject', { reference: ltr(facts.reference) }),
      blocks: [
        [line('email.greeting', { name: facts.passengerName }), line('email.reminderIntro')],
        [line('email.reminderArrive', { stop, time: ltr(facts.departureTime) })],
        tripLines(context, facts),
        [line('email.eTicketLink', { url: ltr(eTicketUrl) })],
        [supportLine(context.contact)],
        ...(await manageLines(db, facts)),
      ],
    });
  };
}

/**
 * The office sent a refund back (docs/decisions/026, 027): how much, for which booking, and the
 * bank's reference to look for, in the booking's language.
 */
export function refundSentMail(
  ticket: AdminTicket,
  refund: { amount: string; currency: string; bankReference: string },
): ComposeMail {
  return async (db) => {
    const facts = factsOf(ticket);
    const context = await bookingContext(db, await ticketLanguage(db, ticket.id), facts);
    const reference = ltr(facts.reference);
    return compose({
      to: facts.passengerEmail,
      language: context.language,
      t: context.t,
      subject: line('email.refundSubject', { reference }),
      blocks: [
        [
          line('email.greeting', { name: facts.passengerName }),
          line('email.refundIntro', { amount: ltr(`${refund.amount} ${refund.currency}`), reference }),
        ],
        [line('email.refundBankReference', { bankReference: ltr(refund.bankReference) })],
        [line('email.refundArrival'), supportLine(context.contact)],
      ],
    });
  };
}

/** What the passenger changed on the manage page, as the mail tells it (docs/decisions/027). */
export type OwnChange =
  | { kind: 'cancel'; refund: { amount: string; currency: string; hasAccount: boolean } | null }
  | { kind: 'rebook'; pending: boolean }
  | { kind: 'name' }
  | { kind: 'refund_account'; bank: string; last4: string };

/**
 * The passenger changed their own booking: what changed, the booking as it now is where it
 * still travels, and whom to tell if they did not ask for it, in the booking's language.
 */
export function ownChangeMail(ticket: AdminTicket, change: OwnChange): ComposeMail {
  return async (db) => {
    const facts = factsOf(ticket);
    const context = await bookingContext(db, await ticketLanguage(db, ticket.id), facts);
    const reference = ltr(facts.reference);
    const [subject, lines]: [TextId, Line[]] =
      change.kind === 'cancel'
        ? [
            'email.changedCancelSubject',
            [
              line('email.changedCancelIntro', { reference }),
              ...(change.refund
                ? [
                    line('email.changedRefundDue', {
                      amount: ltr(`${change.refund.amount} ${change.refund.currency}`),
                    }),
                    ...(change.refund.hasAccount ? [] : [line('email.changedRefundAccount')]),
                  ]
                : []),
            ],
          ]
        : change.kind === 'rebook'
          ? [
              'email.changedRebookSubject',
              [
                line('email.changedRebookIntro'),
                ...(change.pending ? [line('email.changedRebookPending')] : []),
              ],
            ]
          : change.kind === 'name'
            ? [
                'email.changedNameSubject',
                [line('email.changedNameIntro', { reference, name: facts.passengerName })],
              ]
            : [
                'email.changedAccountSubject',
                [
                  line('email.changedAccountIntro', {
                    reference,
                    bank: change.bank,
                    last4: ltr(change.last4),
                  }),
                ],
              ];
    return compose({
      to: facts.passengerEmail,
      language: context.language,
      t: context.t,
      subject: line(subject, { reference }),
      blocks: [
        [line('email.greeting', { name: facts.passengerName }), ...lines],
        ...(change.kind === 'rebook' || change.kind === 'name' ? [tripLines(context, facts)] : []),
        [line('email.changedNotYou', { reference }), supportLine(context.contact)],
        ...(await manageLines(db, facts)),
      ],
    });
  };
}
