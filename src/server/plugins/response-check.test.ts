import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const countSchema = z.object({ count: z.number() });

describe(`every JSON answer is checked against its response schema in tests (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app) {
        // Deliberately wrong answers: each lies about its declared schema in another way.
        app.get('/test/wrong-type', { schema: { response: { 200: countSchema } } }, async () => ({
          count: 'three',
        }));
        app.get('/test/undeclared-field', { schema: { response: { 200: countSchema } } }, async () => ({
          count: 3,
          secret: 'not in the schema',
        }));
        app.get('/test/no-schema', async () => ({ count: 3 }));
        // An error answer without its message: every route's 4xx must have the error shape.
        app.get('/test/bad-error', { schema: { response: { 200: countSchema } } }, async (_req, reply) =>
          (reply as FastifyReply).status(418).send({ error: { code: 'teapot' } }),
        );
        app.get('/test/true', { schema: { response: { 200: countSchema } } }, async () => ({ count: 3 }));
      },
    });
  });
  afterAll(async () => {
    // The lies above are recorded on purpose; the test app refuses to close over any other.
    const expected = new Set([
      '/test/wrong-type',
      '/test/undeclared-field',
      '/test/no-schema',
      '/test/bad-error',
    ]);
    t.app.responseMismatches.splice(
      0,
      t.app.responseMismatches.length,
      ...t.app.responseMismatches.filter((m) => !expected.has(m.url)),
    );
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('passes an answer that matches its schema untouched', async () => {
    const res = await get('/test/true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 3 });
  });

  it.each([
    ['/test/wrong-type', 200, /count/],
    ['/test/undeclared-field', 200, /undeclared fields: secret/],
    ['/test/no-schema', 200, /no response schema for 200/],
    ['/test/bad-error', 418, /error\.message/],
  ])('turns a lying answer from %s into a 500 and records it', async (url, status, problem) => {
    const res = await get(url);
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal_error');
    const mismatch = t.app.responseMismatches.find((m) => m.url === url);
    expect(mismatch).toMatchObject({ method: 'GET', status });
    expect(mismatch?.problem).toMatch(problem);
  });

  it('makes closing the test app fail while a mismatch is recorded', async () => {
    const other = await createTestApp({
      beforeReady(app) {
        app.get('/test/lie', { schema: { response: { 200: countSchema } } }, async () => ({ count: null }));
      },
    });
    expect((await other.app.inject({ method: 'GET', url: '/test/lie' })).statusCode).toBe(500);
    await expect(other.close()).rejects.toThrow(/do not match their schemas[\s\S]*\/test\/lie/);
  });
});
