import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import validation from '#server/plugins/validation.ts';
import devOutboxRoutes from '#server/routes/dev/outbox.ts';
import { sendEmailCode } from '#server/services/send-email-code.ts';
import { startSmtpSink } from '#tests/setup/smtp-sink.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/setup/test-db.ts';
import {
  createDevTransport,
  createMailer,
  createSmtpTransport,
  enqueueLaterMails,
  enqueueMail,
  type LaterMail,
  type Mailer,
  type MailLogger,
  RETRY_BACKOFF_MS,
} from './mailer.ts';

const FROM = 'Island Ferry <no-reply@islandferry.test>';

type LogEntry = { level: 'info' | 'warn' | 'error'; obj: object; msg: string };

/** A verification-code mail: the code in its subject and text, kept without it once sent. */
function codeMail(to: string, code: string) {
  return {
    to,
    subject: `Your verification code: ${code}`,
    text: `Your verification code is ${code}.`,
    kept: { subject: 'Your verification code', text: 'A code was sent.' },
  };
}

function recordingLog() {
  const entries: LogEntry[] = [];
  const log: MailLogger = {
    info: (obj, msg) => entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj, msg }),
  };
  return { log, entries };
}

function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

/** Waits for a condition the code under test brings about in the background. */
async function until<T>(probe: () => Promise<T> | T, what: string): Promise<NonNullable<T>> {
  for (let i = 0; i < 500; i++) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe(`mail outbox (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function smtp(opts?: Parameters<typeof startSmtpSink>[0]) {
    const server = await startSmtpSink(opts);
    cleanups.push(server.close);
    return server;
  }

  function mailer(
    opts: Omit<Parameters<typeof createMailer>[0], 'db' | 'from' | 'log'> & { log?: MailLogger },
  ): Mailer {
    const m = createMailer({ db: database.db, from: FROM, log: opts.log ?? recordingLog().log, ...opts });
    cleanups.push(() => m.stop());
    return m;
  }

  const rows = () => database.db.select().from(mailOutbox);

  it('writes a mail queued to be written when sent at its time, keeps what it wrote, and retries a failed write', async () => {
    const server = await smtp();
    const clock = testClock();
    const asked: LaterMail[] = [];
    let failWrite = true;
    const m = mailer({
      transport: createSmtpTransport(server.url),
      clock,
      writeLater: async (_db, later) => {
        asked.push(later);
        if (failWrite) throw new Error('booking not readable yet');
        return {
          to: 'later@example.test',
          subject: `Booking approved: ${later.ticketId}`,
          text: `Written for ${later.ticketId}`,
          kept: { subject: 'Booking approved', text: 'kept' },
        };
      },
    });
    const id = '00000000-0000-4000-8000-000000000041';
    await enqueueLaterMails({
      db: database.db,
      mails: [
        {
          id,
          to: 'later@example.test',
          later: { kind: 'approval', ticketId: 'T-1' },
          heldUntil: new Date(clock.now().getTime() + 30_000),
        },
      ],
    });
    // Held: no pass writes or sends it before its time.
    expect(await m.flush()).toBe(0);
    expect(asked).toEqual([]);

    clock.advance(30_000);
    // A write that fails is a failed attempt, with the send's backoff.
    expect(await m.flush()).toBe(0);
    expect(asked).toHaveLength(1);
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, subject: '', later: { ticketId: 'T-1' } });
    expect(failed?.lastError).toContain('booking not readable yet');
    expect(server.received).toEqual([]);

    failWrite = false;
    clock.advance(RETRY_BACKOFF_MS[0]);
    expect(await m.flush()).toBe(1);
    expect(asked).toHaveLength(2);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.raw).toContain('Written for T-1');
    // Written once and kept as any delivered mail is: its kept version, nothing left to write.
    const [sent] = await rows();
    expect(sent).toMatchObject({
      id,
      status: 'sent',
      subject: 'Booking approved',
      text: 'kept',
      later: null,
    });
    expect(await m.flush()).toBe(0);
    expect(asked).toHaveLength(2);
  });

  it('never sends a mail whose transaction rolled back', async () => {
    const server = await smtp();
    const m = mailer({ transport: createSmtpTransport(server.url) });

    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail({
          db: tx,
          mail: { to: 'ghost@example.test', subject: 'Never', text: 'rolled back' },
        });
        throw new Error('booking failed after the mail was written');
      }),
    ).rejects.toThrow('booking failed');

    expect(await m.flush()).toBe(0);
    expect(await rows()).toEqual([]);
    expect(server.received).toEqual([]);
  });

  it('sends a mail claimed by a process that died mid-send once its claim runs out, as the same message', async () => {
    const server = await smtp();
    const clock = testClock();
    const id = await enqueueMail({
      db: database.db,
      mail: { to: 'crash@example.test', subject: 'Hi', text: 'x' },
    });
    // The dead process claimed the row and never marked it.
    await database.db
      .update(mailOutbox)
      .set({ claimedUntil: new Date(clock.now().getTime() + 30_000) })
      .where(eq(mailOutbox.id, id));
    const m = mailer({
      transport: createSmtpTransport(server.url, { claimMs: 30_000 }),
      clock,
      claimMs: 30_000,
    });
    expect(await m.flush()).toBe(0);
    clock.advance(30_001);
    expect(await m.flush()).toBe(1);
    expect(server.received.map((r) => r.messageId)).toEqual([`<${id}@islandferry.test>`]);
  });

  it('delivers a committed mail over SMTP once and marks it sent', async () => {
    const server = await smtp();
    const clock = testClock();
    const m = mailer({ transport: createSmtpTransport(server.url), clock });

    const id = await database.db.transaction((tx) =>
      enqueueMail({
        db: tx,
        mail: {
          to: 'passenger@example.test',
          subject: 'Your code',
          text: 'Your verification code is 482913.',
        },
      }),
    );

    expect(await m.flush()).toBe(1);
    expect(server.received).toHaveLength(1);
    const [message] = server.received;
    expect(message?.to).toEqual(['passenger@example.test']);
    expect(message?.from).toBe('no-reply@islandferry.test');
    expect(message?.raw).toContain('Subject: Your code');
    expect(message?.raw).toContain('Your verification code is 482913.');
    // The row's id names the message, so a resend after a crash is recognisably the same mail.
    expect(message?.messageId).toBe(`<${id}@islandferry.test>`);

    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, claimedUntil: null });
    expect(row?.sentAt?.getTime()).toBe(clock.now().getTime());

    expect(await m.flush()).toBe(0);
    expect(server.received).toHaveLength(1);
  });

  it('sends an inline image as a related part the HTML shows by its content id', async () => {
    const server = await smtp();
    const m = mailer({ transport: createSmtpTransport(server.url), clock: testClock() });
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await database.db.transaction((tx) =>
      enqueueMail({
        db: tx,
        mail: {
          to: 'passenger@example.test',
          subject: 'Your e-ticket',
          text: 'Your e-ticket: https://ferry.example/t/abc',
          html: '<p>Your e-ticket</p><p><img src="cid:e-ticket-qr" alt="QR"></p>',
          attachments: [
            {
              filename: 'e-ticket-qr.png',
              contentType: 'image/png',
              cid: 'e-ticket-qr',
              contentBase64: png.toString('base64'),
            },
          ],
        },
      }),
    );
    expect(await m.flush()).toBe(1);
    const raw = server.received[0]?.raw ?? '';
    expect(raw).toMatch(/Content-Type: multipart\/related/i);
    expect(raw).toMatch(/Content-ID: <e-ticket-qr>/i);
    expect(raw).toMatch(/Content-Disposition: inline; filename=e-ticket-qr\.png/i);
    expect(raw).toContain(png.toString('base64'));
  });

  it('retries a refused mail after its backoff and then delivers it exactly once', async () => {
    const server = await smtp({ reject: (attempt) => attempt === 1 });
    const clock = testClock();
    const m = mailer({ transport: createSmtpTransport(server.url), clock });
    const id = await enqueueMail({
      db: database.db,
      mail: {
        to: 'retry@example.test',
        subject: 'Booking received',
        text: 'We got it.',
      },
    });

    expect(await m.flush()).toBe(0);
    let [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimedUntil: null });
    expect(row?.lastError).toContain('mailbox busy');
    expect(row?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + RETRY_BACKOFF_MS[0]);
    expect(server.received).toEqual([]);

    // Not due yet: nothing is tried before the backoff has passed.
    clock.advance(RETRY_BACKOFF_MS[0] - 1);
    expect(await m.flush()).toBe(0);

    clock.advance(1);
    expect(await m.flush()).toBe(1);
    expect(server.received).toHaveLength(1);
    [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    clock.advance(24 * 3_600_000);
    expect(await m.flush()).toBe(0);
    expect(server.received).toHaveLength(1);
  });

  it('gives up after maxAttempts, backing off longer each time', async () => {
    const server = await smtp({ reject: () => true });
    const clock = testClock();
    const { log, entries } = recordingLog();
    const m = mailer({ transport: createSmtpTransport(server.url), clock, log, maxAttempts: 3 });
    const id = await enqueueMail({
      db: database.db,
      mail: {
        to: 'nobody@example.test',
        subject: 'Approved',
        text: 'Approved.',
      },
    });

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await m.flush()).toBe(0);
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row?.attempts).toBe(attempt);
      expect(row?.status).toBe(attempt < 3 ? 'pending' : 'failed');
      const wait = (row?.nextAttemptAt.getTime() ?? 0) - clock.now().getTime();
      waits.push(wait);
      clock.advance(wait);
    }
    expect(waits.slice(0, 2)).toEqual([RETRY_BACKOFF_MS[0], RETRY_BACKOFF_MS[1]]);

    clock.advance(24 * 3_600_000);
    expect(await m.flush()).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row?.lastError).toContain('mailbox busy');
    expect(server.received).toEqual([]);
    expect(entries.filter((e) => e.level === 'warn')).toHaveLength(2);
    expect(entries.filter((e) => e.level === 'error')).toHaveLength(1);
  });

  it('retries when the SMTP server is down and delivers once it is up', async () => {
    const down = await startSmtpSink();
    const url = down.url;
    await down.close();
    const clock = testClock();
    const m = mailer({ transport: createSmtpTransport(url), clock });
    await enqueueMail({
      db: database.db,
      mail: { to: 'later@example.test', subject: 'Later', text: 'Eventually.' },
    });

    expect(await m.flush()).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toBeTruthy();

    const server = await smtp();
    clock.advance(RETRY_BACKOFF_MS[0]);
    const up = mailer({ transport: createSmtpTransport(server.url), clock });
    expect(await up.flush()).toBe(1);
    expect(server.received.map((r) => r.to)).toEqual([['later@example.test']]);
  });

  it('never sends a mail twice when several instances flush at the same time', async () => {
    const server = await smtp();
    const count = 45;
    for (let i = 0; i < count; i++) {
      await enqueueMail({
        db: database.db,
        mail: { to: `p${i}@example.test`, subject: `Mail ${i}`, text: `Body ${i}` },
      });
    }
    // Instances that claim at the same moment, as several app servers behind a load balancer do.
    const instances = Array.from({ length: 6 }, () => mailer({ transport: createSmtpTransport(server.url) }));

    const sent = await Promise.all(instances.map((m) => m.flush()));
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(count);
    const recipients = server.received.flatMap((r) => r.to);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
  });

  it('kick() delivers soon after a commit, without waiting for the poll', async () => {
    const server = await smtp();
    const m = mailer({ transport: createSmtpTransport(server.url), pollMs: 3_600_000 });
    m.start();
    await database.db.transaction((tx) =>
      enqueueMail({ db: tx, mail: { to: 'kick@example.test', subject: 'Kick', text: 'Now.' } }),
    );
    m.kick();
    m.kick();
    await until(() => server.received.length > 0, 'the kicked mail');
    await m.stop();
    expect(server.received).toHaveLength(1);
    expect((await rows())[0]?.status).toBe('sent');
  });

  it('start() delivers mail committed before the process started', async () => {
    const server = await smtp();
    await enqueueMail({
      db: database.db,
      mail: {
        to: 'restart@example.test',
        subject: 'Left over',
        text: 'From before.',
      },
    });
    const m = mailer({ transport: createSmtpTransport(server.url) });
    m.start();
    await until(async () => (await rows())[0]?.status === 'sent', 'the left-over mail to be sent');
    expect(server.received).toHaveLength(1);
  });

  it('stop() waits for the pass in flight', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = false;
    const server = await smtp({
      beforeReply: () => {
        arrived = true;
        return gate;
      },
    });
    const m = mailer({ transport: createSmtpTransport(server.url) });
    // Cleanups run last-in first: if an assertion fails, open the gate before stop() waits on it.
    cleanups.push(async () => release());
    await enqueueMail({ db: database.db, mail: { to: 'slow@example.test', subject: 'Slow', text: 'Slow.' } });
    m.kick();
    await until(() => arrived, 'the SMTP server to receive the mail');
    let stopped = false;
    const stopping = m.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(server.received).toHaveLength(1);
    expect((await rows())[0]?.status).toBe('sent');
  });

  it('logs errors of the background loop instead of crashing', async () => {
    const broken = await createTestDatabase();
    await broken.dispose();
    const { log, entries } = recordingLog();
    const m = createMailer({ db: broken.db, transport: createDevTransport(log), from: FROM, log });
    cleanups.push(() => m.stop());
    m.start();
    await until(() => entries.find((e) => e.level === 'error'), 'the loop error to be logged');
    await expect(m.flush()).rejects.toThrow();
  });

  it('sends a code mail before the mails queued ahead of it: a passenger waits for it', async () => {
    const server = await smtp();
    const m = mailer({ transport: createSmtpTransport(server.url) });
    for (let i = 0; i < 45; i++) {
      await enqueueMail({
        db: database.db,
        mail: { to: `reminded${i}@example.test`, subject: 'Your trip tomorrow', text: 'See you.' },
      });
    }
    await enqueueMail({ db: database.db, mail: codeMail('waiting@example.test', '482913') });
    expect(await m.flush()).toBe(46);
    expect(server.received).toHaveLength(46);
    expect(server.received[0]?.raw).toContain('Your verification code is 482913.');
    // The others in the order they were queued.
    expect(server.received[1]?.raw).toContain('reminded0@example.test');
    expect(server.received[45]?.raw).toContain('reminded44@example.test');
  });

  it('a delivered code mail keeps no readable code in its row; the mail received carried it', async () => {
    const server = await smtp();
    const m = mailer({ transport: createSmtpTransport(server.url) });
    await sendEmailCode({ db: database.db, clock: testClock(), email: 'kept@example.test' });

    const [queued] = await rows();
    const code = /\b\d{6}\b/.exec(queued?.text ?? '')?.[0];
    expect(code).toBeDefined();
    expect(await m.flush()).toBe(1);
    expect(server.received[0]?.raw).toContain(`Your verification code is ${code}.`);

    const [row] = await rows();
    expect(row).toMatchObject({
      status: 'sent',
      subject: 'Your verification code',
      keptSubject: null,
      keptText: null,
      html: null,
    });
    expect(row?.text).toContain('verification code was sent');
    const readable = [row?.subject, row?.text, row?.html, row?.keptSubject, row?.keptText, row?.lastError];
    expect(readable.join('\n')).not.toContain(code);
    expect(readable.join('\n')).not.toMatch(/\d/);
  });

  it('a Dhivehi code mail goes out with a text and an HTML part; its row keeps a Dhivehi version without the code', async () => {
    const server = await smtp();
    const m = mailer({ transport: createSmtpTransport(server.url) });
    await sendEmailCode({ db: database.db, clock: testClock(), email: 'dv@example.test', language: 'dv' });
    const [queued] = await rows();
    expect(queued?.subject).toMatch(/^ތިޔަބޭފުޅާގެ ވެރިފިކޭޝަން ކޯޑު: \d{6}$/);
    expect(queued?.html).toContain('<html lang="dv" dir="rtl">');

    expect(await m.flush()).toBe(1);
    const raw = server.received[0]?.raw ?? '';
    expect(raw).toMatch(/multipart\/alternative/i);
    expect(raw).toMatch(/text\/plain; charset=utf-8/i);
    expect(raw).toMatch(/text\/html; charset=utf-8/i);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', subject: 'ތިޔަބޭފުޅާގެ ވެރިފިކޭޝަން ކޯޑު', html: null });
    expect(`${row?.subject}\n${row?.text}`).not.toMatch(/\d/);
  });

  it('writes a composed mail from the transaction that enqueues it, and drops it with a rollback', async () => {
    const m = mailer({ transport: createDevTransport(recordingLog().log) });
    const compose = (subject: string) => async (db: DbOrTx) => {
      const before = await db.select().from(mailOutbox);
      return { to: 'composed@example.test', subject, text: `${before.length} mail(s) before this one` };
    };
    await database.db.transaction(async (tx) => {
      await enqueueMail({ db: tx, mail: { to: 'first@example.test', subject: 'First', text: 'first' } });
      await enqueueMail({ db: tx, mail: compose('Composed') });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail({ db: tx, mail: compose('Never') });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await m.flush()).toBe(2);
    const composed = (await rows()).filter((r) => r.to === 'composed@example.test');
    expect(composed.map((r) => [r.subject, r.text])).toEqual([['Composed', '1 mail(s) before this one']]);
  });

  it('a delivered mail without a kept version stays as it was', async () => {
    const server = await smtp();
    const m = mailer({ transport: createSmtpTransport(server.url) });
    await enqueueMail({
      db: database.db,
      mail: {
        to: 'a@example.test',
        subject: 'Booking 2506011234',
        text: 'Ref 2506011234.',
      },
    });
    expect(await m.flush()).toBe(1);
    expect((await rows())[0]).toMatchObject({ subject: 'Booking 2506011234', text: 'Ref 2506011234.' });
  });

  it('the dev transport keeps the code readable: the outbox row is the mailbox', async () => {
    const m = mailer({ transport: createDevTransport(recordingLog().log) });
    await enqueueMail({ db: database.db, mail: codeMail('dev@example.test', '123456') });
    expect(await m.flush()).toBe(1);
    expect((await rows())[0]).toMatchObject({
      status: 'sent',
      text: 'Your verification code is 123456.',
      keptText: 'A code was sent.',
    });
  });

  it('logs a failed delivery with ids only, never the mail text', async () => {
    const server = await smtp({ reject: () => true });
    const { log, entries } = recordingLog();
    const m = mailer({ transport: createSmtpTransport(server.url), log, maxAttempts: 1 });
    await enqueueMail({ db: database.db, mail: codeMail('refused@example.test', '918273') });
    expect(await m.flush()).toBe(0);
    expect(entries.map((e) => e.level)).toEqual(['error']);
    expect(entries[0]?.obj).toHaveProperty('mailId');
    expect(JSON.stringify(entries)).not.toContain('918273');
    expect((await rows())[0]?.lastError).not.toContain('918273');
  });

  it('dev transport: records mail, logs it with its code hidden, and GET /dev/outbox lists it newest first', async () => {
    const { log, entries } = recordingLog();
    const m = mailer({ transport: createDevTransport(log), log });
    await database.db.transaction(async (tx) => {
      await enqueueMail({
        db: tx,
        mail: {
          to: 'Ana@Example.test',
          subject: 'Your code',
          text: 'Your verification code is 123456.',
        },
      });
      await enqueueMail({
        db: tx,
        mail: {
          to: 'bo@example.test',
          subject: 'Booking received',
          text: 'Reference 2506011234.',
        },
      });
    });
    await enqueueMail({
      db: database.db,
      mail: {
        to: 'ana@example.test',
        subject: 'Booking approved',
        text: 'Approved.',
      },
    });

    expect(await m.flush()).toBe(3);
    expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
    const logged = entries.filter((e) => e.level === 'info');
    expect(logged).toHaveLength(3);
    expect(logged[0]?.obj).toMatchObject({
      mail: { to: 'Ana@Example.test', subject: 'Your code', text: 'Your verification code is [redacted].' },
    });
    expect(JSON.stringify(logged)).not.toContain('123456');
    expect(logged[1]?.obj).toMatchObject({ mail: { text: 'Reference 2506011234.' } });

    const app = Fastify();
    cleanups.push(() => app.close());
    await app.register(validation);
    await app.register(devOutboxRoutes, { db: database.db });

    const all = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(all.statusCode).toBe(200);
    const list = all.json<Array<{ to: string; subject: string; text: string; createdAt: string }>>();
    expect(list.map((mail) => mail.subject)).toEqual(['Booking approved', 'Booking received', 'Your code']);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['createdAt', 'html', 'subject', 'text', 'to']);
    expect(list[2]).toMatchObject({ to: 'Ana@Example.test', text: 'Your verification code is 123456.' });
    expect(Number.isNaN(Date.parse(list[0]?.createdAt ?? ''))).toBe(false);

    const ana = await app.inject({ method: 'GET', url: '/dev/outbox?to=ANA@example.TEST' });
    expect(ana.json<Array<{ subject: string }>>().map((mail) => mail.subject)).toEqual([
      'Booking approved',
      'Your code',
    ]);
  });
});
