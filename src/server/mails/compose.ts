import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { launches, locations, pwaSettings, schedules, tickets } from '#server/db/schema.ts';
import type { ComposeMail, QueuedMail } from '#server/lib/mailer.ts';
import { mailLinkBaseUrl, mailManageLink } from '#server/lib/manage-links.ts';
import { type Translate, translator } from '#server/lib/texts.ts';
import { type Contact, contactOf } from '#server/services/read-contact.ts';
import { readUsableTextOverrides } from '#server/services/read-usable-text-overrides.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEFAULT_BRANDING, PAYMENT_METHOD } from '#shared/constants.ts';
import { isLanguage, LANGUAGE_DIR, type Language } from '#shared/languages.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { mailTravelDate } from './mail-travel-date.ts';

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
 * they share (the reader's language, the operator's texts, name, colour, logo and contact, the
 * booking's places and manage link) and lays the mail out: a band in the operator's colour with
 * their logo (or name), the paragraphs, links as buttons, and a footer with whom to contact. The
 * layout is tables with inline styles only, as mail clients need, and reads whole without images.
 * The plain-text part says the same, with the links themselves.
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

/**
 * A link the HTML part shows as a button after a sentence, and the plain text as its line
 * (`text`, which carries the address itself).
 */
export type ButtonBlock = { button: { intro: Line; label: Line; url: string; text: Line } };

/** Lines shown together, as one paragraph; or a link, as a button. */
export type Block = Line[] | ButtonBlock;
const isButton = (block: Block): block is ButtonBlock => !Array.isArray(block);

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

/** The operator as every passenger mail shows them (PWA settings, else the defaults). */
export type MailBrand = {
  appName: string;
  /** A #rgb or #rrggbb colour, else the default theme colour. */
  themeColor: string;
  /** The logo's absolute address, or null without one (or without a known site address). */
  logoUrl: string | null;
  contact: Contact;
};

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** An address a mail can load: absolute already, or a path on the site's configured address. */
function absoluteUrl(url: string | null): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  const base = mailLinkBaseUrl();
  return base && url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : null;
}

/** The operator's name, colour, logo and contact, from the first settings row. */
async function readMailBrand(db: DbOrTx): Promise<MailBrand> {
  const [row] = await db
    .select({
      appName: pwaSettings.appName,
      themeColor: pwaSettings.themeColor,
      logoUrl: pwaSettings.logoUrl,
      contactPhone: pwaSettings.contactPhone,
      bookingEmail: pwaSettings.bookingEmail,
      supportEmail: pwaSettings.supportEmail,
    })
    .from(pwaSettings)
    .orderBy(asc(pwaSettings.createdAt))
    .limit(1);
  const colour = row?.themeColor.trim() ?? '';
  return {
    appName: row?.appName.trim() || DEFAULT_BRANDING.appName,
    themeColor: HEX_COLOUR.test(colour) ? colour : DEFAULT_BRANDING.themeColor,
    logoUrl: absoluteUrl(row?.logoUrl ?? null),
    contact: contactOf(row),
  };
}

/** White or near-black, whichever reads better on `hex` (WCAG relative luminance). */
function textOn(hex: string): string {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (c) => c + c) : hex;
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white (1.05 / (L + 0.05)) against contrast with #0f172a (about (L + 0.05) / 0.0576).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0576 ? '#ffffff' : '#0f172a';
}

/** A link as a button that every mail client draws: a coloured table cell around the link. */
function buttonHtml(url: string, label: string, colour: string): string {
  const fg = textOn(colour);
  const href = escapeHtml(url);
  return (
    `<table role="presentation" border="0" cellspacing="0" cellpadding="0" style="margin:4px 0 20px">` +
    `<tr><td align="center" bgcolor="${colour}" style="border-radius:8px;background-color:${colour}">` +
    `<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;` +
    `border:1px solid ${colour};border-radius:8px;background-color:${colour};color:${fg};` +
    `font-size:16px;font-weight:bold;line-height:20px;text-decoration:none">${label}</a>` +
    `</td></tr></table>`
  );
}

/**
 * The same blocks as text and as laid-out HTML: the operator's band, one paragraph per block (a
 * button per link), the QR code, and the footer; the language's `lang` and `dir` on the
 * document, the body and the container (mail clients keep different ones).
 */
function layout(
  to: string,
  language: Language,
  t: Translate,
  written: Written,
  brand: MailBrand,
): QueuedMail {
  const dir = LANGUAGE_DIR[language];
  const align = dir === 'rtl' ? 'right' : 'left';
  const subject = renderLine(t, written.subject).text;
  const colour = brand.themeColor;
  const text = written.blocks
    .map((block) =>
      isButton(block)
        ? renderLine(t, block.button.text).text
        : block.map((l) => renderLine(t, l).text).join('\n'),
    )
    .join('\n\n');
  const paragraph = 'margin:0 0 16px;font-size:16px;line-height:1.6;color:#0f172a';
  const paragraphs = written.blocks.map((block) => {
    if (!isButton(block)) {
      return `<p style="${paragraph}">${block.map((l) => renderLine(t, l).html).join('<br>')}</p>`;
    }
    const { intro, label, url } = block.button;
    return (
      `<p style="${paragraph};margin-bottom:8px">${renderLine(t, intro).html}</p>` +
      buttonHtml(url, renderLine(t, label).html, colour)
    );
  });
  const image = written.image
    ? `<p style="margin:0 0 16px"><img src="cid:${QR_CID}" width="240" height="240" alt="${escapeHtml(renderLine(t, written.image.alt).text)}" style="display:block;border:0"></p>`
    : '';
  const name = escapeHtml(brand.appName);
  const masthead = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${name}" height="48" style="display:block;height:48px;max-width:240px;border:0;color:${textOn(colour)};font-size:20px;font-weight:bold">`
    : `<span style="font-size:20px;font-weight:bold;color:${textOn(colour)}">${name}</span>`;
  const support = renderLine(t, supportLine(brand.contact)).html;
  const font =
    dir === 'rtl' ? `font-family:${THAANA_FONTS};line-height:1.8` : 'font-family:Arial,Helvetica,sans-serif';
  const html =
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body dir="${dir}" style="margin:0;padding:0;background-color:#f1f5f9">` +
    `<div lang="${language}" dir="${dir}" style="text-align:${align};${font};background-color:#f1f5f9;padding:16px 8px">\n` +
    `<table role="presentation" width="100%" border="0" cellspacing="0" cellpadding="0" dir="${dir}" ` +
    `style="max-width:600px;margin:0 auto;border-collapse:collapse;background-color:#ffffff;border:1px solid #e2e8f0">` +
    `<tr><td bgcolor="${colour}" style="background-color:${colour};padding:16px 24px;text-align:${align}">${masthead}</td></tr>\n` +
    `<tr><td style="padding:24px;text-align:${align}">\n${paragraphs.join('\n')}${image}\n</td></tr>\n` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;background-color:#f8fafc;` +
    `font-size:13px;line-height:1.6;color:#475569;text-align:${align}"><strong>${name}</strong><br>${support}</td></tr>` +
    `</table>\n</div></body></html>`;
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
  /** A return's way back (docs/decisions/037-return-trips.md); `totalAmount` is then the whole. */
  returnTrip?: ReturnTripFacts | null | undefined;
};

/** The way back of a return, as its mails list it. */
export type ReturnTripFacts = {
  from: { id: string; name: string } | null;
  to: { id: string; name: string } | null;
  travelDate: string;
  departureTime: string;
  launchName: string | null;
  seats: readonly string[];
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
  /** The e-ticket's link (a button in the HTML). */
  eTicket: (url: string) => Block;
  /** The manage page's link (docs/decisions/027, a button in the HTML), when the mail can carry one. */
  manage: () => Promise<Block[]>;
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

/**
 * A return's mail tells both journeys (docs/decisions/037-return-trips.md), whichever row it is
 * written for: the outbound as the trip, the way back as the return, and what both cost.
 */
async function withJourneys(db: DbOrTx, facts: BookingFacts): Promise<BookingFacts> {
  const origin = alias(locations, 'origin');
  const destination = alias(locations, 'destination');
  const rows = await db
    .select({
      id: tickets.id,
      journey: tickets.journey,
      fromId: tickets.userOriginId,
      fromName: origin.name,
      toId: tickets.userDestinationId,
      toName: destination.name,
      travelDate: tickets.travelDate,
      departureTime: tickets.passengerDepartureTime,
      scheduleDepartureTime: schedules.departureTime,
      launchName: launches.name,
      seats: tickets.seatNumbers,
      totalAmount: tickets.totalAmount,
    })
    .from(tickets)
    .innerJoin(schedules, eq(schedules.id, tickets.scheduleId))
    .leftJoin(launches, eq(launches.id, tickets.launchId))
    .leftJoin(origin, eq(origin.id, tickets.userOriginId))
    .leftJoin(destination, eq(destination.id, tickets.userDestinationId))
    .where(eq(tickets.paymentReference, facts.reference))
    .orderBy(asc(tickets.journey));
  const [out, back] = rows;
  if (!out || !back) return facts;
  const trip = (row: typeof out) => ({
    from: row.fromId && row.fromName ? { id: row.fromId, name: row.fromName } : null,
    to: row.toId && row.toName ? { id: row.toId, name: row.toName } : null,
    travelDate: row.travelDate,
    departureTime: (row.departureTime ?? row.scheduleDepartureTime).slice(0, 5),
    launchName: row.launchName,
    seats: row.seats,
  });
  return {
    ...facts,
    ...trip(out),
    totalAmount: centsToMoney(toCents(out.totalAmount) + toCents(back.totalAmount)),
    returnTrip: trip(back),
  };
}

/** The parts of a mail to an address in a language: the operator's texts and contact. */
async function mailParts(db: DbOrTx, language: Language): Promise<MailParts & { brand: MailBrand }> {
  const [overrides, brand] = await readTogether(db, [
    () => readUsableTextOverrides({ db }),
    () => readMailBrand(db),
  ]);
  return {
    language,
    t: translator(language, overrides),
    line,
    ltr,
    support: supportLine(brand.contact),
    brand,
  };
}

/** The parts of a booking's mail: the above, and the booking told in the mail's language. */
async function bookingParts(
  db: DbOrTx,
  language: Language,
  facts: BookingFacts,
): Promise<BookingParts & { brand: MailBrand }> {
  const back = facts.returnTrip ?? null;
  const ids = [facts.from?.id, facts.to?.id, back?.from?.id, back?.to?.id].filter((id): id is string =>
    Boolean(id),
  );
  const [overrides, names, brand] = await readTogether(db, [
    () => readUsableTextOverrides({ db }),
    () => localNames(db, language, ids),
    () => readMailBrand(db),
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
    support: supportLine(brand.contact),
    brand,
    facts,
    reference,
    greeting: (...intro) => [line('email.greeting', { name: facts.passengerName }), ...intro],
    trip: [
      line('email.reference', { reference }),
      line('email.trip', { from: place(facts.from), to: place(facts.to) }),
      line('email.date', {
        date: mailTravelDate(t, facts.travelDate),
        time: ltr(facts.departureTime),
      }),
      line('email.launch', { launch: facts.launchName ?? t('email.unknownLocation') }),
      line('email.seats', { seats: ltr(facts.seats.join(', ')) }),
      ...(back
        ? [
            line('email.returnTrip', { from: place(back.from), to: place(back.to) }),
            line('email.date', { date: mailTravelDate(t, back.travelDate), time: ltr(back.departureTime) }),
            line('email.launch', { launch: back.launchName ?? t('email.unknownLocation') }),
            line('email.seats', { seats: ltr(back.seats.join(', ')) }),
          ]
        : []),
      line('email.amount', { amount: ltr(`${facts.totalAmount} ${facts.currency}`), method }),
    ],
    place,
    eTicket: (url) => ({
      button: {
        intro: line('email.eTicketButtonIntro'),
        label: line('email.eTicketButton'),
        url,
        text: line('email.eTicketLink', { url: ltr(url) }),
      },
    }),
    manage: async () => {
      const url = await mailManageLink({ db, ticket: { id: facts.ticketId, reference: facts.reference } });
      if (!url) return [];
      const text = line('email.manageLink', { url: ltr(url) });
      return [
        { button: { intro: line('email.manageButtonIntro'), label: line('email.manageButton'), url, text } },
      ];
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
      return layout(reader.to, reader.language, parts.t, written, parts.brand);
    }
    const facts = 'ticket' in reader ? await withJourneys(db, factsOf(reader.ticket)) : reader.booking;
    const language = 'ticket' in reader ? await ticketLanguage(db, reader.ticket.id) : reader.language;
    const parts = await bookingParts(db, language, facts);
    const written = await (write as (parts: BookingParts) => Written | Promise<Written>)(parts);
    return layout(facts.passengerEmail, language, parts.t, written, parts.brand);
  };
}
