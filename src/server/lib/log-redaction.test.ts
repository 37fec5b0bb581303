import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  redactMailText,
  redactUrl,
  serializeError,
  serializeRequest,
  withLogRedaction,
} from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides the token of an e-ticket path', () => {
    expect(redactUrl('/t/tk_8f3Kq2LxVb9sPz')).toBe(`/t/${REDACTED}`);
    expect(redactUrl('/t/tk_8f3Kq2LxVb9sPz/qr.png?size=2')).toBe(`/t/${REDACTED}/qr.png?size=2`);
    expect(redactUrl('/api/t/tk_8f3Kq2LxVb9sPz')).toBe(`/api/t/${REDACTED}`);
  });

  it('hides every query value of a manage link, keeping the reference and the names', () => {
    expect(redactUrl('/bookings/2603011234/manage?exp=1767225600&sig=Zm9vYmFy')).toBe(
      `/bookings/2603011234/manage?exp=${REDACTED}&sig=${REDACTED}`,
    );
    expect(redactUrl('/api/bookings/2603011234/manage?e=abc')).toBe(
      `/api/bookings/2603011234/manage?e=${REDACTED}`,
    );
  });

  it('hides query values named like secrets on any path, whatever their case or spelling', () => {
    expect(redactUrl('/api/x?token=abc&page=2')).toBe(`/api/x?token=${REDACTED}&page=2`);
    expect(redactUrl('/verify?email=a%40b.mv&code=123456')).toBe(`/verify?email=a%40b.mv&code=${REDACTED}`);
    expect(redactUrl('/x?verificationToken=vt_1&verification_token=vt_2&Signature=s&SIG=s&key=k')).toBe(
      `/x?verificationToken=${REDACTED}&verification_token=${REDACTED}&Signature=${REDACTED}&SIG=${REDACTED}&key=${REDACTED}`,
    );
    expect(redactUrl('/x?%74oken=abc')).toBe(`/x?%74oken=${REDACTED}`);
  });

  it('leaves ordinary URLs alone', () => {
    for (const url of [
      '/',
      '/api/trips?date=2026-03-01&from=a&to=b',
      '/api/bookings/2603011234',
      '/assets/index-abc.js',
      '/api/admin/tickets?status=pending',
      '/at/home?flag',
      '/x?',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('serializeRequest', () => {
  it('keeps method, redacted url, host and client address; never headers', () => {
    const logged = serializeRequest({
      method: 'GET',
      url: '/t/secret-token?token=also-secret',
      host: 'ferry.example',
      ip: '203.0.113.7',
      headers: { host: 'ferry.example' },
      socket: { remoteAddress: '127.0.0.1', remotePort: 50_123 },
    });
    expect(logged).toEqual({
      method: 'GET',
      url: `/t/${REDACTED}?token=${REDACTED}`,
      host: 'ferry.example',
      remoteAddress: '203.0.113.7',
      remotePort: 50_123,
    });
  });
});

describe('serializeError', () => {
  /** The shape drizzle-orm gives a failed statement, wrapping the driver's error. */
  function drizzleError(): Error {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "x_uq"'), {
      code: '23505',
      detail: 'Key (email)=(secret.person@example.com) already exists.',
      where: 'SQL statement "insert ..." with secret.person@example.com',
      constraint: 'x_uq',
      table: 'admin_users',
    });
    const sql = 'insert into "admin_users" ("email", "password_hash") values ($1, $2)';
    const params = ['secret.person@example.com', 'hash-of-secret'];
    const err = new Error(`Failed query: ${sql}\nparams: ${params}`, { cause: pgError });
    return Object.assign(err, { query: sql, params });
  }

  it('drops the values, in the fields, the message, the stack and the cause, and keeps the SQL', () => {
    const serialized = serializeError(drizzleError());
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('secret.person');
    expect(text).not.toContain('hash-of-secret');
    expect(serialized.message).toBe(
      'Failed query: insert into "admin_users" ("email", "password_hash") values ($1, $2)',
    );
    expect(serialized.query).toContain('insert into "admin_users"');
    expect(serialized.stack).toMatch(/^Error: Failed query: insert into/);
    expect(serialized.stack).toMatch(/\n\s+at /);
    expect(serialized.cause).toMatchObject({
      message: 'duplicate key value violates unique constraint "x_uq"',
      code: '23505',
      constraint: 'x_uq',
      table: 'admin_users',
    });
  });

  it('drops node-postgres parameters and walks aggregated errors', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED'), {
      code: 'ECONNREFUSED',
      parameters: ['passenger-secret-parameter'],
    });
    const serialized = serializeError(new AggregateError([inner], 'all failed'));
    // A value no stack trace can hold by chance (a temporary folder's random name once held "x1").
    expect(JSON.stringify(serialized)).not.toContain('passenger-secret-parameter');
    expect(serialized.errors).toEqual([expect.objectContaining({ code: 'ECONNREFUSED' })]);
  });

  it('summarises a value that is not an error', () => {
    expect(serializeError('boom')).toEqual({ type: 'string', message: 'boom', stack: '' });
  });
});

describe('withLogRedaction', () => {
  it('adds the serializers to any logger options and leaves a disabled logger off', () => {
    expect(withLogRedaction(false)).toBe(false);
    expect(withLogRedaction(undefined)).toBe(undefined);
    const options = withLogRedaction({ level: 'warn' });
    expect(options).toMatchObject({
      level: 'warn',
      serializers: { req: serializeRequest, err: serializeError },
    });
    expect(withLogRedaction(true)).toMatchObject({ serializers: { req: serializeRequest } });
  });
});

describe('redactMailText', () => {
  it('hides one-time codes and every kind of link token, keeping the rest of the mail readable', () => {
    const text = [
      'Your verification code is 482913.',
      'Booking 2611271234 for 1250.00 MVR.',
      'Your ticket: https://ferry.example/t/Xq3vL9sPz8f3Kq2LxVb9sPzAbCdEfGhIjKlMnOpQrSt',
      'Manage it: https://ferry.example/bookings/2611271234/manage?k=mxaN.ae9b~1801.IC3t',
      'Join the team: http://localhost:3000/admin/welcome#Zm9vYmFyYmF6cXV4cXV1eHh5enp5',
    ].join('\n');
    expect(redactMailText(text)).toBe(
      [
        `Your verification code is ${REDACTED}.`,
        'Booking 2611271234 for 1250.00 MVR.',
        `Your ticket: https://ferry.example/t/${REDACTED}`,
        `Manage it: https://ferry.example/bookings/2611271234/manage?k=${REDACTED}`,
        `Join the team: http://localhost:3000/admin/welcome#${REDACTED}`,
      ].join('\n'),
    );
  });
});
