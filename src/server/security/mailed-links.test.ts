import { describe, expect, it } from 'vitest';
import { mailOutbox, tickets } from '#server/db/schema.ts';
import { createDevTransport, createMailer } from '#server/lib/mailer.ts';
import { APPROVAL_UNDO_SECONDS } from '#shared/admin-api.ts';
import { makePaymentSettings, makeSchedule, uniqueSuffix } from '#tests/factories.ts';
import { signInAsAdmin } from '#tests/setup/admin-session.ts';
import { outboxRows } from '#tests/setup/outbox.ts';
import { PRODUCTION_ENV } from '#tests/setup/production-env.ts';
import { bookViaApi, ticketByReference } from '#tests/setup/public-booking.ts';
import { type TestApp, useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/** What a client behind a proxy that passes its headers on may claim to be. */
const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.example;proto=https',
};

type Logged = { obj: object; msg: string };

/**
 * Everything that mails a link, run as staff and passengers do, with the request's Host and
 * X-Forwarded-Host set by an attacker: the staff invitation and password reset (token after #),
 * the code mail, the booking received (manage link) and the approval (e-ticket link).
 */
async function mailEverything(t: TestApp, forged: Record<string, string>) {
  const { cookie } = await signInAsAdmin(t.app);
  const staff = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie, ...forged } });
  const email = `crew-${uniqueSuffix()}@example.com`;
  const invited = await staff('/api/admin/staff/invitations', { email, role: 'crew' });
  expect(invited.statusCode, invited.body).toBe(201);
  const { admin } = await signInAsAdmin(t.app);
  const reset = await staff(`/api/admin/staff/${admin.id}/reset-password`, {});
  expect(reset.statusCode, reset.body).toBeLessThan(300);

  const trip = await makeSchedule(t.database.db, { stops: 3 });
  const booking = await bookViaApi(t.app, trip);
  const ticket = await ticketByReference(t.app, booking.reference);
  const approved = await staff(`/api/admin/tickets/${ticket.id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  return outboxRows(t.app);
}

const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]);

// One app per block: the manage link's base is set per process, as one server runs one app.
describe(`mailed links in production are built on PUBLIC_URL alone (${testDatabaseKind})`, () => {
  // Behind one trusted proxy, whose forwarded headers the app believes for the client address.
  const t = useTestApp({ env: { ...PRODUCTION_ENV, TRUST_PROXY: '1' } }, async () => {
    await makePaymentSettings(t.database.db);
  });

  it('every link in every mail starts with PUBLIC_URL, whatever Host the request named', async () => {
    const mails = await mailEverything(t, FORGED);
    const links = mails.flatMap((m) => [...linksIn(m.text), ...linksIn(m.html ?? '')]);
    // The invitation, the reset, the manage link and the e-ticket at least.
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const link of links) expect(link.startsWith(`${PRODUCTION_ENV.PUBLIC_URL}/`), link).toBe(true);
    expect(JSON.stringify(mails)).not.toContain('evil.example');
  });
});

describe(`mailed links without PUBLIC_URL outside production (${testDatabaseKind})`, () => {
  const t = useTestApp({ env: { TRUST_PROXY: '1', PORT: '4321' } }, async () => {
    await makePaymentSettings(t.database.db);
  });

  it('point at this machine, never at the Host the request named', async () => {
    const mails = await mailEverything(t, FORGED);
    const links = mails.flatMap((m) => linksIn(m.text));
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const link of links) expect(link.startsWith('http://localhost:4321/'), link).toBe(true);
    expect(JSON.stringify(mails)).not.toContain('evil.example');
  });
});

describe(`mail printed to the log keeps its secrets out (${testDatabaseKind})`, () => {
  const logged: Logged[] = [];
  const t = useTestApp({ env: { MAIL_TRANSPORT: 'log', PUBLIC_URL: 'https://ferry.example' } }, async () => {
    await makePaymentSettings(t.database.db);
  });

  it('hides every code and link token of every mail, and the outbox keeps them whole', async () => {
    const log = {
      info: (obj: object, msg: string) => logged.push({ obj, msg }),
      warn: (obj: object, msg: string) => logged.push({ obj, msg }),
      error: (obj: object, msg: string) => logged.push({ obj, msg }),
    };
    const mailer = createMailer({
      db: t.database.db,
      transport: createDevTransport(log),
      from: 'x@y.z',
      log,
      // The approval mail is held while the approval can be undone: this pass comes after.
      clock: { now: () => new Date(Date.now() + (APPROVAL_UNDO_SECONDS + 1) * 1000) },
      writeLater: t.app.deps.writeLaterMail,
    });
    const mails = await mailEverything(t, {});
    // A manage code too: the reference and a code to the booking's e-mail.
    const [booked] = await t.database.db.select().from(tickets).limit(1);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booked?.paymentReference}/manage/code`,
      payload: {},
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    // What the outbox holds before delivery: the secrets a person would act on.
    const all = await outboxRows(t.app);
    const secrets = all.flatMap((m) => [
      ...[...`${m.subject}\n${m.text}`.matchAll(/\b\d{6}\b/g)].map((x) => x[0]),
      ...[...m.text.matchAll(/\/t\/([A-Za-z0-9_-]{20,})/g)].map((x) => x[1] ?? ''),
      ...[...m.text.matchAll(/#([A-Za-z0-9_-]{20,})/g)].map((x) => x[1] ?? ''),
      ...[...m.text.matchAll(/manage\?k=([^\s&]+)/g)].map((x) => x[1] ?? ''),
    ]);
    // Two codes (step 2 and manage), two staff tokens, a manage link, an e-ticket link.
    expect(secrets.length, JSON.stringify(mails.map((m) => m.subject))).toBeGreaterThanOrEqual(6);
    expect(await mailer.flush()).toBe(all.length);
    await mailer.stop();
    const text = JSON.stringify(logged);
    expect(logged.length).toBe(all.length);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(text).toContain('[redacted]');
    // The outbox, which only this machine can read in development, still holds the mail whole.
    const kept = JSON.stringify(await t.database.db.select().from(mailOutbox));
    for (const secret of secrets) expect(kept, secret).toContain(secret);
    // Still a useful log line: who it went to and what it was about.
    expect(text).toContain(all[0]?.to);
  });
});
