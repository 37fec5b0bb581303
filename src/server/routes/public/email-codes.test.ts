import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailCodes, verificationTokens } from '#server/db/schema.ts';
import { sha256Hex } from '#server/lib/one-time-codes.ts';
import { MSG } from '#shared/messages/api.ts';
import { uniqueSuffix } from '#tests/factories.ts';
import { codeMailedTo } from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

describe(`e-mail codes (${testDatabaseKind})`, () => {
  let nowMs = Date.parse('2026-03-01T06:00:00Z');
  const clock = { now: () => new Date(nowMs) };
  const advance = (seconds: number) => {
    nowMs += seconds * 1000;
  };

  const t = useTestApp({ clock, env: { RATE_LIMIT_SCALE: '100' } });

  const send = (email: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/email-codes', payload: { email } });
  const verify = (email: string, code: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/email-codes/verify', payload: { email, code } });
  const newEmail = () => `p-${uniqueSuffix()}@example.com`;

  const lastCode = (email: string) => codeMailedTo(t.app, email);
  /** A new address with a code sent to it. */
  const freshCode = async () => {
    const email = newEmail();
    await send(email);
    return { email, code: await lastCode(email) };
  };

  it('refuses an empty e-mail with the SPEC text', async () => {
    for (const email of ['', '   ', undefined]) {
      const res = await send(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'email_required', message: MSG.emailRequired });
    }
    const bad = await send('not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.invalidEmail);
  });

  it('sends a hashed 6-digit code by mail, then enforces the 60 s cooldown and 3 per hour', async () => {
    const email = newEmail();
    const first = await send(`  ${email.toUpperCase()} `);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ cooldownSeconds: 60, attemptsLeft: 2 });
    const code = await lastCode(email);
    const [row] = await t.database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(row?.codeHash).toBeDefined();
    expect(row?.codeHash).not.toContain(code);
    expect(row?.expiresAt.getTime()).toBe(nowMs + 10 * 60_000);

    advance(20);
    const early = await send(email);
    expect(early.statusCode).toBe(429);
    expect(early.json().error).toEqual({
      code: 'otp_cooldown',
      message: MSG.otpCooldown(40),
      retryAfterSeconds: 40,
    });

    advance(40);
    expect((await send(email)).json()).toEqual({ cooldownSeconds: 60, attemptsLeft: 1 });
    advance(61);
    expect((await send(email)).json()).toEqual({ cooldownSeconds: 60, attemptsLeft: 0 });
    advance(61);
    const fourth = await send(email);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatchObject({ code: 'otp_max_attempts', message: MSG.otpMaxAttempts });
    expect(await t.database.db.select().from(emailCodes).where(eq(emailCodes.email, email))).toHaveLength(3);

    // The hour is rolling: once the first send is an hour old, one more is allowed.
    advance(60 * 60 - 180);
    expect((await send(email)).statusCode).toBe(200);
  });

  it('verifies a right code once and returns a token bound to the address', async () => {
    const { email, code } = await freshCode();

    const badFormat = await verify(email, '12345');
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().error).toMatchObject({ code: 'invalid_code_format', message: MSG.otpCodeFormat });
    expect((await verify(email, '12a456')).json().error.message).toBe(MSG.otpCodeFormat);

    const wrong = await verify(email, code === '000000' ? '000001' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'invalid_code', message: MSG.codeInvalid });

    const right = await verify(email.toUpperCase(), code);
    expect(right.statusCode).toBe(200);
    const token = right.json().verificationToken as string;
    expect(token).toMatch(/^vt_[A-Za-z0-9_-]{40,}$/);
    const [stored] = await t.database.db
      .select()
      .from(verificationTokens)
      .where(eq(verificationTokens.tokenHash, sha256Hex(token)));
    expect(stored?.email).toBe(email);
    expect(stored?.expiresAt.getTime()).toBe(nowMs + 60 * 60_000);

    const again = await verify(email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_code');
  });

  it('kills a code after 5 wrong tries and refuses an expired code', async () => {
    const { email, code } = await freshCode();
    const wrongCode = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) expect((await verify(email, wrongCode)).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(row?.wrongTries).toBe(5);
    const dead = await verify(email, code);
    expect(dead.statusCode).toBe(400);
    expect(dead.json().error.code).toBe('invalid_code');

    const { email: other, code: otherCode } = await freshCode();
    advance(10 * 60 + 1);
    const expired = await verify(other, otherCode);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid_code');
  });

  it('4 wrong tries still leave the right code usable', async () => {
    const { email, code } = await freshCode();
    const wrongCode = code === '111111' ? '111112' : '111111';
    for (let i = 0; i < 4; i++) await verify(email, wrongCode);
    expect((await verify(email, code)).statusCode).toBe(200);
  });
});
