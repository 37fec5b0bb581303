import { eq, inArray } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { locations, tickets } from '#server/db/schema.ts';
import type { ComposeMail, QueuedMail } from '#server/lib/mailer.ts';
import { mailManageLink } from '#server/lib/manage-links.ts';
import { type Translate, translator } from '#server/lib/texts.ts';
import { type Contact, readContact } from '#server/services/read-contact.ts';
import { readUsableTextOverrides } from '#server/services/read-usable-text-overrides.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { PAYMENT_METHOD } from '#shared/constants.ts';
import { travelDateParts } from '#shared/date-names.ts';
import { isLanguage, LANGUAGE_DIR, type Language } from '#shared/languages.ts';
import type { TextId } from '#shared/messages/catalogues.ts';

/*
 * The passenger's mails (docs/product.md section 10.14): the one-time code, booking received,
 * approved and rejected. Each is written in the passenger's language from the `email` texts
 * (src/shared/messages/email.ts, src/shared/locales/dv/email.ts), as plain text and as HTML
 * whose `lang` and `dir` are the language's, with every value escaped and isolated from the
 * text around it (a reference or an amount reads left to right inside Dhivehi). Every one gives
 * the operator's own support address and phone (PWA settings, as the footer has them): a
 * passenger who did not ask for a code or a change must know whom to tell.
 *
 * The staff's and the Owners' mails (links to choose a password, notices of a changed bank
 * account or payment text) are English plain text: the same paragraphs, without the catalogue.
 *
 * Each template (one per file in this folder) says what its mail says; composeMail reads what
 * they share (the reader's language, the operator's texts and contact, the booking's places and
 * manage link) and lays the mail out.
 */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A value put into a text. A string is isolated in the HTML (`<bdi>`, its direction its own);
 * `ltr(...)` is always left to right (references, codes, addresses, amounts, times, seats).
 */
export type Value = string | number | { ltr: string };
const ltr = (value: string) => ({ ltr: value });

/** One line of a mail: a catalogue text and the values put into it. */
export type Line = { id: TextId; values?: Readonly<Record<string, Value>> };
const line = (id: TextId, values?: Line['values']): Line => (values ? { id, values } : { id });

/** Lines shown together, as one paragraph. */
export type Block = Line[];

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

/** The content id of the e-ticket's QR code in a mail's HTML. */
const QR_CID = 'e-ticket-qr';

/** What a passenger's mail says, as its template writes it. */
export type Written = {
  subject: Line;
  blocks: Block[];
  /** An inline image shown last, as its PNG and its text alternative (the e-ticket's QR code). */
  image?: { png: Buffer; alt: Line };
  /**
   * What the outbox keeps once the mail is delivered, for a mail that carries a secret (a
   * one-time code); the subject kept is `subject` or the mail's own.
   */
  kept?: { subject?: TextId; text: TextId };
};

/**
 * The same lines as text and as simple HTML: one paragraph per block, the language's `lang` and
 * `dir` on the document, the body and the container (mail clients keep different ones).
 */
function layout(to: string, language: Language, t: Translate, written: Written): QueuedMail {
  const dir = LANGUAGE_DIR[language];
  const subject = renderLine(t, written.subject).text;
  const rendered = written.blocks.map((lines) => lines.map((l) => renderLine(t, l)));
  const text = rendered.map((lines) => lines.map((l) => l.text).join('\n')).join('\n\n');
  const image = written.image
    ? `\n<p><img src="cid:${QR_CID}" width="240" height="240" alt="${escapeHtml(renderLine(t, written.image.alt).text)}"></p>`
    : '';
  const paragraphs =
    rendered.map((lines) => `<p>${lines.map((l) => l.html).join('<br>')}</p>`).join('\n') + image;
  const style =
    dir === 'rtl' ? `text-align:right;font-family:${THAANA_FONTS};line-height:1.8` : 'text-align:left';
  const html =
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8">` +
    `<title>${escapeHtml(subject)}</title></head><body dir="${dir}">` +
    `<div lang="${language}" dir="${dir}" style="${style}">\n${paragraphs}\n</div></body></html>`;
  const attachments = written.image
    ? [
        {
          filename: 'e-ticket-qr.png',
          contentType: 'image/png',
          cid: QR_CID,
          contentBase64: written.image.png.toString('base64'),
        },
      ]
    : undefined;
  const mail = { to, subject, text, html, ...(attachments ? { attachments } : {}) };
  if (!written.kept) return mail;
  const keptSubject = written.kept.subject ? t(written.kept.subject) : subject;
  return { ...mail, kept: { subject: keptSubject, text: t(written.kept.text) } };
}

/** Whom to contact: the operator's support address and phone, as they saved them. */
const supportLine = (contact: Contact): Line =>
  line('email.support', { email: ltr(contact.supportEmail), phone: ltr(contact.contactPhone) });

/** What every passenger mail's template is given to write with. */
export type MailParts = {
  language: Language;
  t: Translate;
  line: typeof line;
  ltr: typeof ltr;
  /** Whom to contact: the operator's support address and phone. */
  support: Line;
};

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

/** ...and what a booking mail's template is given besides. */
export type BookingParts = MailParts & {
  facts: BookingFacts;
  /** The booking's reference, left to right. */
  reference: { ltr: string };
  /** The greeting by name, then the mail's opening lines. */
  greeting: (...intro: Line[]) => Block;
  /** The booking as every booking mail gives it: reference, trip, date, launch, seats, amount. */
  trip: Block;
  /** A stop's name in the mail's language (the operator's own where they gave one). */
  place: (stop: BookingFacts['from']) => string;
  /** The e-ticket's link. */
  eTicket: (url: string) => Block;
  /** The manage page's link (docs/decisions/027), when the mail can carry one. */
  manage: () => Promise<Block[]>;
};

/**
 * A YYYY-MM-DD travel date as the mail says it. English mails keep the date as it is; other
 * languages name the day and month from the catalogue (dates.*), since no Intl knows Dhivehi.
 */
function mailTravelDate(language: Language, t: Translate, isoDate: string): string {
  if (language === 'en') return isoDate;
  const parts = travelDateParts(isoDate, t);
  return parts ? t('dates.travelDate', parts) : isoDate;
}

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

/** The parts of a mail to an address in a language: the operator's texts and contact. */
async function mailParts(db: DbOrTx, language: Language): Promise<MailParts> {
  const [overrides, contact] = await readTogether(db, [
    () => readUsableTextOverrides({ db }),
    () => readContact({ db }),
  ]);
  return { language, t: translator(language, overrides), line, ltr, support: supportLine(contact) };
}

/** The parts of a booking's mail: the above, and the booking told in the mail's language. */
async function bookingParts(db: DbOrTx, language: Language, facts: BookingFacts): Promise<BookingParts> {
  const ids = [facts.from?.id, facts.to?.id].filter((id): id is string => Boolean(id));
  const [overrides, names, contact] = await readTogether(db, [
    () => readUsableTextOverrides({ db }),
    () => localNames(db, language, ids),
    () => readContact({ db }),
  ]);
  const t = translator(language, overrides);
  const place = (stop: BookingFacts['from']) =>
    stop ? (names.get(stop.id) ?? stop.name) : t('email.unknownLocation');
  const method = facts.paymentMethod === PAYMENT_METHOD ? t('email.bankTransfer') : facts.paymentMethod;
  const reference = ltr(facts.reference);
  return {
    language,
    t,
    line,
    ltr,
    support: supportLine(contact),
    facts,
    reference,
    greeting: (...intro) => [line('email.greeting', { name: facts.passengerName }), ...intro],
    trip: [
      line('email.reference', { reference }),
      line('email.trip', { from: place(facts.from), to: place(facts.to) }),
      line('email.date', {
        date: language === 'en' ? ltr(facts.travelDate) : mailTravelDate(language, t, facts.travelDate),
        time: ltr(facts.departureTime),
      }),
      line('email.launch', { launch: facts.launchName ?? t('email.unknownLocation') }),
      line('email.seats', { seats: ltr(facts.seats.join(', ')) }),
      line('email.amount', { amount: ltr(`${facts.totalAmount} ${facts.currency}`), method }),
    ],
    place,
    eTicket: (url) => [line('email.eTicketLink', { url: ltr(url) })],
    manage: async () => {
      const url = await mailManageLink({ db, ticket: { id: facts.ticketId, reference: facts.reference } });
      return url ? [[line('email.manageLink', { url: ltr(url) })]] : [];
    },
  };
}

/** A staff or Owner mail: English plain text, paragraphs of lines. */
export type PlainWritten = {
  subject: string;
  paragraphs: string[][];
  /** What the outbox keeps once the mail is delivered (a mail carrying a link into an account). */
  kept?: { paragraphs: string[][] };
};

/**
 * Whom a mail goes to, which decides what its template is given: a booking's passenger (in the
 * language they booked in, or the one given), an address in a language, or a staff member or
 * Owner (English plain text).
 */
export type Reader =
  | { ticket: AdminTicket }
  | { booking: BookingFacts; language: Language }
  | { to: string; language: Language }
  | { to: string; staff: true };

const plainText = (paragraphs: string[][]) => paragraphs.map((lines) => lines.join('\n')).join('\n\n');

/**
 * Every mail's one composer: reads what its reader needs in the transaction that queues it,
 * hands its template the shared parts, and lays out what the template wrote.
 */
export function composeMail(
  reader: { ticket: AdminTicket } | { booking: BookingFacts; language: Language },
  write: (parts: BookingParts) => Written | Promise<Written>,
): ComposeMail;
export function composeMail(
  reader: { to: string; language: Language },
  write: (parts: MailParts) => Written | Promise<Written>,
): ComposeMail;
export function composeMail(reader: { to: string; staff: true }, write: () => PlainWritten): ComposeMail;
export function composeMail(
  reader: Reader,
  write:
    | ((parts: BookingParts) => Written | Promise<Written>)
    | ((parts: MailParts) => Written | Promise<Written>)
    | (() => PlainWritten),
): ComposeMail {
  return async (db) => {
    if ('staff' in reader) {
      const written = (write as () => PlainWritten)();
      const mail = { to: reader.to, subject: written.subject, text: plainText(written.paragraphs) };
      return written.kept
        ? { ...mail, kept: { subject: written.subject, text: plainText(written.kept.paragraphs) } }
        : mail;
    }
    if ('to' in reader) {
      const parts = await mailParts(db, reader.language);
      const written = await (write as (parts: MailParts) => Written | Promise<Written>)(parts);
      return layout(reader.to, reader.language, parts.t, written);
    }
    const facts = 'ticket' in reader ? factsOf(reader.ticket) : reader.booking;
    const language = 'ticket' in reader ? await ticketLanguage(db, reader.ticket.id) : reader.language;
    const parts = await bookingParts(db, language, facts);
    const written = await (write as (parts: BookingParts) => Written | Promise<Written>)(parts);
    return layout(facts.passengerEmail, language, parts.t, written);
  };
}
