import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  emailCodes,
  idempotencyRecords,
  loginFailures,
  mailOutbox,
  seatLocks,
  verificationTokens,
} from '#server/db/schema.ts';
import { createDevTransport, createMailer, enqueueMail } from '#server/lib/mailer.ts';
import { createLocalStorage, createS3Storage, type Storage } from '#server/lib/storage.ts';
import { SWEEP_BATCH } from '#server/lib/sweep-statements.ts';
import { EMAIL_CODE_TTL_MINUTES } from '#shared/constants.ts';
import { makeSchedule, uniqueReference, uniqueSuffix } from '#tests/factories.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/setup/test-db.ts';
import { slipKey } from './create-booking.ts';
import { LOGIN_FAILURE_WINDOW_MS } from './log-in.ts';
import { sendEmailCode } from './send-email-code.ts';
import { startMaintenanceSweeps } from './start-maintenance-sweeps.ts';
import { pruneExpiredEmailCodes } from './sweep/prune-expired-email-codes.ts';
import { pruneExpiredSeatLocks } from './sweep/prune-expired-seat-locks.ts';
import { pruneExpiredVerificationTokens } from './sweep/prune-expired-verification-tokens.ts';
import { pruneOldIdempotencyRecords } from './sweep/prune-old-idempotency-records.ts';
import { pruneOldLoginFailures } from './sweep/prune-old-login-failures.ts';
import { pruneSentMail } from './sweep/prune-sent-mail.ts';
import { redactExpiredCodeMails } from './sweep/redact-expired-code-mails.ts';
import { removeStaleUploadTempFiles } from './sweep/remove-stale-upload-temp-files.ts';
import { sweepExpiredData } from './sweep-expired-data.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A clock that starts at the real time (rows the database stamps with now() agree with it) and moves on request. */
function movableClock() {
  let offset = 0;
  const clock = {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
    /** An instant `ms` before the clock's now. */
    ago: (ms: number) => new Date(Date.now() + offset - ms),
  };
  return clock;
}

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

describe(`sweepExpiredData (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let dir: string;
  let storage: Storage;
  let clock: ReturnType<typeof movableClock>;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });
  beforeEach(async () => {
    // Counts are over whole tables: each test starts with them empty.
    for (const table of [
      emailCodes,
      verificationTokens,
      loginFailures,
      seatLocks,
      mailOutbox,
      idempotencyRecords,
    ]) {
      await database.db.delete(table);
    }
    dir = await mkdtemp(path.join(tmpdir(), 'ferry-expired-'));
    storage = createLocalStorage(dir);
    clock = movableClock();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const sweepOptions = () => ({ db: database.db, storage, clock });
  const newEmail = () => `sweep-${uniqueSuffix()}@example.test`;
  /** A verification token of `email` that expired a moment ago, made an hour before. */
  const expiredToken = (email: string) => ({
    email,
    tokenHash: `h-${uniqueSuffix()}`,
    expiresAt: clock.ago(1),
    createdAt: clock.ago(HOUR),
  });
  /** The rows of an address a sweep left, by id. */
  const idsLeft = (table: typeof emailCodes | typeof verificationTokens, email: string) =>
    database.db.select({ id: table.id }).from(table).where(eq(table.email, email));

  it('deletes expired e-mail codes only once their hour of counting towards the send limit is over', async () => {
    const email = newEmail();
    const code = (createdAgo: number, ttl = EMAIL_CODE_TTL_MINUTES * MINUTE) => ({
      email,
      codeHash: `hash-${uniqueSuffix()}`,
      createdAt: clock.ago(createdAgo),
      expiresAt: new Date(clock.ago(createdAgo).getTime() + ttl),
    });
    const [old, expiredThisHour, live] = await database.db
      .insert(emailCodes)
      .values([code(61 * MINUTE), code(59 * MINUTE), code(2 * MINUTE)])
      .returning({ id: emailCodes.id });
    // Not expired though old: nothing makes codes live this long today, but its expiry decides.
    const [longLived] = await database.db
      .insert(emailCodes)
      .values(code(2 * HOUR, 3 * HOUR))
      .returning({ id: emailCodes.id });

    expect(await pruneExpiredEmailCodes(sweepOptions())).toBe(1);
    const left = await idsLeft(emailCodes, email);
    expect(left.map((r) => r.id).sort()).toEqual([expiredThisHour?.id, live?.id, longLived?.id].sort());
    expect(left.map((r) => r.id)).not.toContain(old?.id);
  });

  it('keeps the 3-codes-an-hour rule intact: expired codes of the last hour still count', async () => {
    const email = newEmail();
    for (let i = 0; i < 3; i++) {
      await sendEmailCode({ db: database.db, clock, email });
      clock.advance(20 * MINUTE);
    }
    // 60 minutes after the first: all three expired, the first just past its hour.
    clock.advance(-1 * MINUTE);
    expect(await pruneExpiredEmailCodes(sweepOptions())).toBe(0);
    await expect(sendEmailCode({ db: database.db, clock, email })).rejects.toMatchObject({
      code: 'otp_max_attempts',
    });
    clock.advance(2 * MINUTE);
    expect(await pruneExpiredEmailCodes(sweepOptions())).toBe(1);
    await expect(sendEmailCode({ db: database.db, clock, email })).resolves.toMatchObject({
      attemptsLeft: 0,
    });
  });

  it('deletes expired verification tokens', async () => {
    const email = newEmail();
    const [expired, live] = await database.db
      .insert(verificationTokens)
      .values([
        expiredToken(email),
        {
          email,
          tokenHash: `h-${uniqueSuffix()}`,
          expiresAt: clock.ago(-MINUTE),
          createdAt: clock.ago(MINUTE),
        },
      ])
      .returning({ id: verificationTokens.id });
    expect(await pruneExpiredVerificationTokens(sweepOptions())).toBe(1);
    const left = await idsLeft(verificationTokens, email);
    expect(left).toEqual([{ id: live?.id }]);
    expect(expired?.id).not.toBe(live?.id);
  });

  it('deletes login failures older than the throttle window, with or without a device id', async () => {
    const email = newEmail();
    const failure = (ago: number, deviceId: string | null) => ({
      ip: '203.0.113.40',
      email,
      deviceId,
      createdAt: clock.ago(ago),
    });
    await database.db
      .insert(loginFailures)
      .values([
        failure(LOGIN_FAILURE_WINDOW_MS + MINUTE, null),
        failure(LOGIN_FAILURE_WINDOW_MS + MINUTE, 'device-1'),
        failure(3 * DAY, 'device-2'),
        failure(LOGIN_FAILURE_WINDOW_MS - MINUTE, 'device-1'),
        failure(MINUTE, null),
      ]);
    expect(await pruneOldLoginFailures(sweepOptions())).toBe(3);
    const left = await database.db
      .select({ deviceId: loginFailures.deviceId })
      .from(loginFailures)
      .where(eq(loginFailures.email, email));
    expect(left.map((r) => r.deviceId).sort()).toEqual(['device-1', null].sort());
  });

  it('deletes lapsed seat locks and keeps live ones', async () => {
    const { schedule, launchIds } = await makeSchedule(database.db);
    const lock = (seatNumber: string, lockedUntil: Date) => ({
      scheduleId: schedule.id,
      travelDate: schedule.travelDate,
      launchId: launchIds[0] as string,
      seatNumber,
      lockedUntil,
      userSession: 'session-1',
      fromStop: 0,
      toStop: 1,
    });
    await database.db
      .insert(seatLocks)
      .values([
        lock('A1', clock.ago(MINUTE)),
        lock('A2', clock.ago(DAY)),
        lock('A3', clock.ago(-10 * MINUTE)),
      ]);
    expect(await pruneExpiredSeatLocks(sweepOptions())).toBe(2);
    const left = await database.db
      .select({ seat: seatLocks.seatNumber })
      .from(seatLocks)
      .where(eq(seatLocks.scheduleId, schedule.id));
    expect(left).toEqual([{ seat: 'A3' }]);
  });

  it('deletes mail sent over 30 days ago, never pending or failed mail', async () => {
    const to = newEmail();
    const mail = (status: string, sentAgo: number | null) => ({
      to,
      subject: `${status} ${sentAgo}`,
      text: 'x',
      status,
      sentAt: sentAgo === null ? null : clock.ago(sentAgo),
      createdAt: clock.ago(40 * DAY),
    });
    await database.db
      .insert(mailOutbox)
      .values([mail('sent', 31 * DAY), mail('sent', 29 * DAY), mail('pending', null), mail('failed', null)]);
    expect(await pruneSentMail(sweepOptions())).toBe(1);
    const left = await database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to));
    expect(left.map((r) => r.subject).sort()).toEqual(
      [`sent ${29 * DAY}`, 'pending null', 'failed null'].sort(),
    );
  });

  it('deletes more old mail than one batch, in batches, and keeps the rest', async () => {
    const to = newEmail();
    const old = 2 * SWEEP_BATCH + 7;
    await database.db.execute(sql`insert into ${mailOutbox} ("to", subject, text, status, sent_at, created_at)
      select ${to}, 'old ' || i, 'x', 'sent', ${clock.ago(31 * DAY)}, ${clock.ago(31 * DAY)}
      from generate_series(1, ${old}) i`);
    await database.db.insert(mailOutbox).values({
      to,
      subject: 'recent',
      text: 'x',
      status: 'sent',
      sentAt: clock.ago(DAY),
    });
    expect(await pruneSentMail(sweepOptions())).toBe(old);
    const left = await database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to));
    expect(left).toEqual([{ subject: 'recent' }]);
  });

  it('deletes idempotency records older than a week', async () => {
    const keys = [`old-${uniqueSuffix()}`, `recent-${uniqueSuffix()}`];
    await database.db.insert(idempotencyRecords).values([
      { scope: 'booking', key: keys[0] as string, requestHash: 'a', createdAt: clock.ago(8 * DAY) },
      { scope: 'booking', key: keys[1] as string, requestHash: 'b', createdAt: clock.ago(6 * DAY) },
    ]);
    expect(await pruneOldIdempotencyRecords(sweepOptions())).toBe(1);
    const left = await database.db
      .select({ key: idempotencyRecords.key })
      .from(idempotencyRecords)
      .where(inArray(idempotencyRecords.key, keys));
    expect(left).toEqual([{ key: keys[1] }]);
  });

  it('redacts a code mail the dev outbox still shows once its code has expired', async () => {
    const email = newEmail();
    await sendEmailCode({ db: database.db, clock, email });
    const mailer = createMailer({
      db: database.db,
      transport: createDevTransport(silentLog),
      from: 'Island Ferry <no-reply@islandferry.test>',
      log: silentLog,
      clock,
    });
    await mailer.flush();
    await mailer.stop();
    await enqueueMail({
      db: database.db,
      mail: { to: email, subject: 'Booking 2603011234', text: 'Ref 2603011234.' },
    });
    const mails = () =>
      database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.seq);

    // Still valid: the demo reads it from the outbox.
    expect(await redactExpiredCodeMails(sweepOptions())).toBe(0);
    expect((await mails())[0]?.text).toMatch(/\d{6}/);

    clock.advance(EMAIL_CODE_TTL_MINUTES * MINUTE + MINUTE);
    expect(await redactExpiredCodeMails(sweepOptions())).toBe(1);
    const [code, other] = await mails();
    expect(code).toMatchObject({ subject: 'Your verification code', keptSubject: null, keptText: null });
    expect(`${code?.subject}\n${code?.text}`).not.toMatch(/\d/);
    expect(other).toMatchObject({ subject: 'Booking 2603011234', text: 'Ref 2603011234.' });
    expect(await redactExpiredCodeMails(sweepOptions())).toBe(0);
  });

  it('removes upload temp files a crash left, never a young one (a write in flight) or a stored file', async () => {
    const slipDir = path.join(dir, 'private', 'payment-slips', uniqueReference());
    const bannerDir = path.join(dir, 'public', 'banners');
    await mkdir(slipDir, { recursive: true });
    await mkdir(bannerDir, { recursive: true });
    const files = {
      deadSlipWrite: path.join(slipDir, '.tmp-00112233aabbccdd'),
      deadBannerWrite: path.join(bannerDir, '.tmp-99887766aabbccdd'),
      inFlight: path.join(bannerDir, '.tmp-0123456789abcdef'),
      stored: path.join(slipDir, 'slip.webp'),
    };
    for (const file of Object.values(files)) await writeFile(file, 'bytes');
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    for (const file of [files.deadSlipWrite, files.deadBannerWrite, files.stored]) {
      await utimes(file, twoHoursAgo, twoHoursAgo);
    }

    expect(await removeStaleUploadTempFiles(sweepOptions())).toBe(2);
    expect((await readdir(slipDir)).sort()).toEqual(['slip.webp']);
    expect(await readdir(bannerDir)).toEqual(['.tmp-0123456789abcdef']);

    const s3 = createS3Storage({
      endpoint: 'http://127.0.0.1:9',
      bucket: 'uploads',
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test',
      publicUrl: undefined,
    });
    expect(await removeStaleUploadTempFiles({ ...sweepOptions(), storage: s3 })).toBe(0);
  });

  it('runs every kind and reports the counts; the hourly starter sweeps slips too and logs both', async () => {
    const email = newEmail();
    await database.db.insert(verificationTokens).values(expiredToken(email));
    const counts = await sweepExpiredData({ ...sweepOptions(), log: silentLog });
    expect(Object.keys(counts).sort()).toEqual(
      [
        'emailCodes',
        'idempotencyRecords',
        'loginFailures',
        'redactedCodeMails',
        'reservedReferences',
        'seatLocks',
        'sentMail',
        'ticketCounts',
        'uploadTempFiles',
        'verificationTokens',
      ].sort(),
    );
    expect(counts).toMatchObject({ verificationTokens: 1, emailCodes: 0, sentMail: 0 });

    const orphan = slipKey(uniqueReference());
    await storage.put(orphan, Buffer.from('RIFF\x10\0\0\0WEBPVP8 fake', 'latin1'), {
      contentType: 'image/webp',
      visibility: 'private',
    });
    const when = new Date(Date.now() - HOUR);
    await utimes(path.join(dir, 'private', ...orphan.split('/')), when, when);
    await database.db.insert(loginFailures).values({ ip: '203.0.113.41', email, createdAt: clock.ago(DAY) });

    const logged: { obj: object; msg: string }[] = [];
    const log = {
      info: (obj: object, msg: string) => logged.push({ obj, msg }),
      error: (obj: object, msg: string) => logged.push({ obj, msg }),
    };
    const sweeper = startMaintenanceSweeps({ db: database.db, storage, clock, graceMs: 15 * MINUTE, log });
    await sweeper.stop();
    expect(logged.map((l) => l.msg)).toEqual(['orphan slip sweep done', 'expired data sweep done']);
    expect(logged[0]?.obj).toEqual({ checked: 1, removed: 1 });
    expect(logged[1]?.obj).toMatchObject({ loginFailures: 1 });
    expect(await storage.get(orphan, 'private')).toBeNull();
  });

  it('logs a kind that fails and still runs the others', async () => {
    const email = newEmail();
    await database.db.insert(verificationTokens).values(expiredToken(email));
    const failing: Storage = {
      ...storage,
      removeStaleTempFiles: () => Promise.reject(new Error('uploads folder unreadable')),
    };
    const logged: { obj: object; msg: string }[] = [];
    const log = {
      info: (obj: object, msg: string) => logged.push({ obj, msg }),
      error: (obj: object, msg: string) => logged.push({ obj, msg }),
    };
    const counts = await sweepExpiredData({ db: database.db, storage: failing, clock, log });
    expect(counts).toMatchObject({ verificationTokens: 1, uploadTempFiles: 0 });
    expect(logged).toEqual([
      { obj: { err: expect.any(Error), kind: 'uploadTempFiles' }, msg: 'expired data sweep step failed' },
    ]);
  });
});
