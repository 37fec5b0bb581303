import { rm } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';
import { makeWebRoot } from '#tests/setup/web-root.ts';

const SAMPLE_UUID = '3f1c2a9e-7b4d-4c1e-9a2f-5d6e7f8a9b0c';
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A URL for a registered route: parameters get a sample UUID, wildcards a sample path. */
function sampleUrl(url: string): string {
  return url
    .replace(/:[A-Za-z_]+/g, SAMPLE_UUID)
    .replace(/\*$/, url === '/*' ? 'assets/app.js' : 'public/none.webp');
}

function directives(res: LightMyRequestResponse): Map<string, string> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const map = new Map<string, string>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

function expectSecurityHeaders(res: LightMyRequestResponse, label: string): void {
  const csp = directives(res);
  expect(csp.get('script-src'), label).toBe("'self' 'wasm-unsafe-eval'");
  expect(csp.get('default-src'), label).toBe("'self'");
  expect(csp.get('object-src'), label).toBe("'none'");
  expect(csp.get('base-uri'), label).toBe("'none'");
  expect(csp.get('frame-ancestors'), label).toBe("'none'");
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toEqual(expect.any(String));
  expect(res.headers['referrer-policy'], label).not.toMatch(/unsafe-url|no-referrer-when-downgrade/);
  expect(res.headers['x-powered-by'], label).toBeUndefined();
}

describe(`security headers on every response (${testDatabaseKind})`, () => {
  let t: TestApp;
  let https: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    // A small built site of our own, so the static and SPA fallback routes are registered.
    webRoot = await makeWebRoot({
      'index.html':
        '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
      'assets/app.js': 'export {};\n',
    });
    t = await createTestApp({ webRoot });
    https = await createTestApp({ webRoot, env: { PUBLIC_URL: 'https://ferry.example' } });
  });
  afterAll(async () => {
    await t.close();
    await https.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const pages = [
    { label: 'home page', url: '/', status: 200 },
    { label: 'SPA route', url: '/booking', status: 200 },
    { label: 'built asset', url: '/assets/app.js', status: 200 },
    { label: 'missing asset', url: '/assets/missing.js', status: 404 },
    { label: 'unknown API route', url: '/api/nothing-here', status: 404 },
  ];

  it('the site, an asset and a 404 carry the CSP and the other headers, and no HSTS over http', async () => {
    for (const page of pages) {
      const res = await t.app.inject({ method: 'GET', url: page.url });
      expect(res.statusCode, page.label).toBe(page.status);
      expectSecurityHeaders(res, page.label);
      expect(res.headers['strict-transport-security'], page.label).toBeUndefined();
    }
  });

  it('every registered route answers with the same headers, whatever its status', async () => {
    const routes = t.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(20);
    const statuses = new Set<number>();
    for (const route of routes) {
      const url = sampleUrl(route.url);
      const label = `${route.method} ${route.url}`;
      const res = await t.app.inject({ method: route.method as Method, url });
      expect(res.statusCode, label).toBeLessThan(500);
      statuses.add(res.statusCode);
      expectSecurityHeaders(res, label);
      expect(res.headers['strict-transport-security'], label).toBeUndefined();
    }
    // Successes and refusals (400, 401, 404 ...) were all looked at.
    expect([...statuses].some((s) => s < 300)).toBe(true);
    expect([...statuses].some((s) => s >= 400)).toBe(true);
  });

  it('sends HSTS when PUBLIC_URL is https, on pages and API answers alike', async () => {
    const urls = [...pages.map((p) => p.url), '/api/auth/me', '/api/locations'];
    for (const url of urls) {
      const res = await https.app.inject({ method: 'GET', url });
      expectSecurityHeaders(res, url);
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=31536000/);
      expect(res.headers['strict-transport-security'], url).toMatch(/includeSubDomains/);
      expect(directives(res).has('upgrade-insecure-requests'), url).toBe(true);
    }
  });
});
