import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pwaSettings } from '#server/db/schema.ts';
import type { ComposeMail, QueuedMail } from '#server/lib/mailer.ts';
import { readTicket } from '#server/services/read-ticket.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import type { Language } from '#shared/languages.ts';
import DV from '#shared/locales/dv/email.ts';
import EN from '#shared/messages/email.ts';
import { makeSchedule, makeTicket } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';
import { approvedMail } from './approved-mail.ts';
import { codeMail } from './code-mail.ts';
import type { BookingFacts } from './compose.ts';
import { disruptionMail } from './disruption-mail.ts';
import { eTicketMail } from './e-ticket-mail.ts';
import { manageCodeMail } from './manage-code-mail.ts';
import { ownChangeMail } from './own-change-mail.ts';
import { receivedMail } from './received-mail.ts';
import { refundSentMail } from './refund-sent-mail.ts';
import { rejectedMail } from './rejected-mail.ts';
import { reminderMail } from './reminder-mail.ts';

const HOSTILE = '<img src=x onerror="alert(1)"> & \'Ali\'';
const E_TICKET_URL = 'https://ferry.example/t/abc_DEF-123';
const BUTTON_LABELS = { en: [EN.eTicketButton, EN.manageButton], dv: [DV.eTicketButton, DV.manageButton] };

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

/** Every passenger mail, for one booking in one language. */
function everyMail(ticket: AdminTicket, language: Language): Record<string, ComposeMail> {
  const why = { reason: 'weather', note: HOSTILE } as const;
  return {
    code: codeMail({ to: ticket.passengerEmail, code: '123456', language }),
    manageCode: manageCodeMail({
      to: ticket.passengerEmail,
      code: '654321',
      reference: ticket.reference,
      language,
    }),
    received: receivedMail(factsOf(ticket), language),
    approved: approvedMail(ticket, { url: E_TICKET_URL, code: null }),
    rejected: rejectedMail(ticket, { amount: '40.00', currency: 'MVR' }),
    eTicket: eTicketMail(ticket, E_TICKET_URL),
    cancelled: disruptionMail(ticket, 'departure_cancelled', why),
    delayed: disruptionMail(ticket, 'departure_delayed', { ...why, was: '07:00' }),
    moved: disruptionMail(ticket, 'departure_moved', why),
    reminder: reminderMail(ticket, E_TICKET_URL),
    ownCancel: ownChangeMail(ticket, {
      kind: 'cancel',
      refund: { amount: '40.00', currency: 'MVR', hasAccount: false },
    }),
    ownRebook: ownChangeMail(ticket, { kind: 'rebook', pending: true }),
    ownName: ownChangeMail(ticket, { kind: 'name' }),
    ownAccount: ownChangeMail(ticket, { kind: 'refund_account', bank: HOSTILE, last4: '3456' }),
    refundSent: refundSentMail(ticket, { amount: '40.00', currency: 'MVR', bankReference: 'FT123' }),
  };
}

const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]);
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe(`the passenger mails' layout (${testDatabaseKind})`, () => {
  const t = useAdminApp({ env: { PUBLIC_URL: 'https://ferry.example' } });

  async function booking(language: Language) {
    const trip = await makeSchedule(t.database.db, { travelDate: '2031-11-23' });
    const made = await makeTicket(t.database.db, {
      schedule: trip,
      status: 'confirmed',
      passengerName: HOSTILE,
      language,
    });
    return readTicket({ db: t.database.db, id: made.ticket.id });
  }

  const compose = (mail: ComposeMail): Promise<QueuedMail> => mail(t.database.db);

  it.each(['en', 'dv'] as const)(
    'writes every %s mail as text and laid-out HTML: links as buttons, values escaped',
    async (language) => {
      const ticket = await booking(language);
      const labels = BUTTON_LABELS[language];
      for (const [kind, mail] of Object.entries(everyMail(ticket, language))) {
        const { text, html = '' } = await compose(mail);
        expect(text.length, kind).toBeGreaterThan(0);
        expect(html, kind).toMatch(new RegExp(`^<!doctype html><html lang="${language}" dir="`));
        // The footer names the operator and whom to contact.
        expect(html, kind).toContain('<strong>Island Ferry</strong>');
        expect(html, kind).toContain('<bdi dir="ltr">support@islandferry.mv</bdi>');
        // No hostile markup anywhere, in any mail.
        expect(html, kind).not.toContain('<img src=x');
        expect(html, kind).not.toMatch(/onerror="/);
        // Each link the text gives is a button in the HTML, and never a bare address there.
        const links = linksIn(text);
        for (const link of links) {
          expect(html, `${kind}: ${link}`).toContain(`<a href="${link}" target="_blank" rel="noopener"`);
          expect(count(html, link), `${kind}: ${link}`).toBe(1);
        }
        const buttons = [...html.matchAll(/<a href="[^"]+"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
        expect(buttons.length, kind).toBe(links.length);
        for (const label of buttons) expect(labels, kind).toContain(label);
      }
    },
  );

  it('puts the e-ticket and the manage page behind buttons, and keeps their addresses in the text', async () => {
    const ticket = await booking('en');
    const { text, html = '' } = await compose(approvedMail(ticket, { url: E_TICKET_URL, code: null }));
    expect(text).toContain(`Your e-ticket, with the QR code to show when you board: ${E_TICKET_URL}`);
    const manage = /Change, cancel or correct your booking: (\S+)/.exec(text)?.[1] ?? '';
    expect(manage).toMatch(new RegExp(`^https://ferry\\.example/bookings/${ticket.reference}/manage\\?k=`));
    expect(html).toMatch(new RegExp(`<a href="${E_TICKET_URL}"[^>]*>${EN.eTicketButton}</a>`));
    expect(html).toContain(`<a href="${manage}"`);
    expect(html).toContain(`>${EN.manageButton}</a>`);
    // A bulletproof button: the link sits in a table cell of the operator's colour.
    expect(html).toMatch(/<td align="center" bgcolor="#0ea5e9"[^>]*><a href=/);
  });

  it('escapes a hostile passenger name in the HTML part, and only there', async () => {
    const ticket = await booking('en');
    const { text, html = '' } = await compose(ownChangeMail(ticket, { kind: 'name' }));
    expect(text).toContain(`Dear ${HOSTILE},`);
    expect(html).toContain('<bdi>&#60;img src=x onerror=&#34;alert(1)&#34;&#62; &#38; &#39;Ali&#39;</bdi>');
  });

  it('dates the trip the same way in English and Dhivehi: weekday, day, month, year, then the time', async () => {
    const en = await compose(receivedMail(factsOf(await booking('en')), 'en'));
    const dv = await compose(receivedMail(factsOf(await booking('dv')), 'dv'));
    // 2031-11-23 is a Sunday.
    expect(en.text).toContain('Date: Sun, 23 Nov 2031, departure 08:00');
    expect(dv.text).toContain('ތާރީޚު: އާދިއްތަ، 23 ނޮވެމްބަރު 2031، ފުރާ ގަޑި 08:00');
  });

  it('takes the operator’s name, colour, logo and contact from the settings as they are now', async () => {
    const ticket = await booking('dv');
    const before = (await compose(eTicketMail(ticket, E_TICKET_URL))).html ?? '';
    expect(before).toContain('bgcolor="#0ea5e9"');
    // Without a logo, the band names the operator.
    expect(before).not.toContain('<img src="https://');
    expect(before).toContain('>Island Ferry</span>');

    const saved = await t.put('/api/admin/pwa-settings', {
      appName: 'Atoll <Lines>',
      themeColor: '#7c2d12',
      supportEmail: 'help@atoll.example',
      contactPhone: '+960 111 2222',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.database.db.update(pwaSettings).set({ logoUrl: '/uploads/branding/logo.png' });
    try {
      const after = await compose(eTicketMail(ticket, E_TICKET_URL));
      const html = after.html ?? '';
      expect(html).toContain('bgcolor="#7c2d12"');
      expect(html).not.toContain('#0ea5e9');
      // The button's text is white on the dark colour.
      expect(html).toMatch(/background-color:#7c2d12;color:#ffffff/);
      // The logo from the site's public address, named for a mail read without images.
      expect(html).toContain(
        '<img src="https://ferry.example/uploads/branding/logo.png" alt="Atoll &#60;Lines&#62;"',
      );
      expect(html).toContain('<strong>Atoll &#60;Lines&#62;</strong>');
      expect(html).toContain('<bdi dir="ltr">help@atoll.example</bdi>');
      expect(html).not.toContain('Island Ferry');
      expect(after.text).toContain('ސަޕޯޓް: help@atoll.example، +960 111 2222');

      // A light colour gets dark text on its buttons.
      await t.put('/api/admin/pwa-settings', { themeColor: '#fde68a' });
      const light = (await compose(eTicketMail(ticket, E_TICKET_URL))).html ?? '';
      expect(light).toMatch(/background-color:#fde68a;color:#0f172a/);
    } finally {
      await t.database.db.update(pwaSettings).set({ logoUrl: null });
      await t.database.db
        .update(pwaSettings)
        .set({ appName: 'Island Ferry', themeColor: '#0ea5e9', supportEmail: null, contactPhone: null })
        .where(eq(pwaSettings.appName, 'Atoll <Lines>'));
    }
  });
});
