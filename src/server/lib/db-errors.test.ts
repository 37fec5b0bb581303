import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors.ts';

/** Drizzle wraps the driver's error as `cause`. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: insert ...'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['an administrator shutdown', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a socket closed under a query', new Error('Connection terminated unexpectedly')],
    ['a ROLLBACK on a client that is gone', new Error('Client was closed and is not queryable')],
    [
      'a client that errored while idle',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
  ])('is true for %s, however deeply wrapped', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near'), { code: '42601' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('is false for %s', (_name, err) => {
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });
});
