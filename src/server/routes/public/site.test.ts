import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { banners, pwaSettings } from '#server/db/schema.ts';
import {
  DEFAULT_CONTACT,
  DEFAULT_EXCHANGE_RATE,
  DEFAULT_PRICES,
  DEFAULT_THEME_COLOR,
} from '#shared/constants.ts';
import { makeLocation, makePaymentSettings } from '#tests/factories.ts';
import { createTestApp, type TestApp, useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';
import { makeWebRoot } from '#tests/setup/web-root.ts';

describe(`public site endpoints (${testDatabaseKind})`, () => {
  const t = useTestApp();

  it('GET /api/health checks the database', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/branding falls back to the defaults, then follows pwa_settings', async () => {
    const before = await t.app.inject('/api/branding');
    expect(before.json()).toMatchObject({
      themeColor: DEFAULT_THEME_COLOR,
      backgroundColor: '#ffffff',
      logoUrl: null,
      ...DEFAULT_CONTACT,
      homeClaims: null,
    });
    await t.database.db.insert(pwaSettings).values({
      appName: 'Atoll Lines',
      shortName: 'Atoll',
      themeColor: '#123456',
      backgroundColor: '#fefefe',
      logoUrl: '/files/branding/logo.webp',
    });
    const after = await t.app.inject('/api/branding');
    expect(after.json()).toEqual({
      appName: 'Atoll Lines',
      shortName: 'Atoll',
      themeColor: '#123456',
      backgroundColor: '#fefefe',
      iconUrl: null,
      logoUrl: '/files/branding/logo.webp',
      faviconUrl: null,
      // No contact details saved yet: the defaults; nor claims: the home page's own (HOME_CLAIMS).
      ...DEFAULT_CONTACT,
      homeClaims: null,
    });
  });

  it('GET /manifest.webmanifest is generated from the branding settings', async () => {
    const res = await t.app.inject('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Atoll Lines',
      short_name: 'Atoll',
      theme_color: '#123456',
      background_color: '#fefefe',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.icons.length).toBeGreaterThan(0);
  });

  it('GET /api/banners lists active banners only, by display order', async () => {
    const base = { imageUrl: '/files/banners/x.webp', showOnMobile: true, showOnDesktop: true };
    await t.database.db.insert(banners).values([
      { ...base, title: 'Third', displayOrder: 3 },
      { ...base, title: 'Hidden', displayOrder: 0, isActive: false },
      { ...base, title: 'First', displayOrder: 1, showOnDesktop: false },
      { ...base, title: 'Second', displayOrder: 2, showOnMobile: false },
    ]);
    const res = await t.app.inject('/api/banners');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ title: string; showOnMobile: boolean; showOnDesktop: boolean }>;
    expect(list.map((b) => b.title)).toEqual(['First', 'Second', 'Third']);
    expect(list[0]).toMatchObject({
      showOnMobile: true,
      showOnDesktop: false,
      isActive: true,
      displayOrder: 1,
    });
  });

  it('GET /api/locations lists locations by name', async () => {
    await makeLocation(t.database.db, { name: 'Thoddoo', code: 'THD' });
    await makeLocation(t.database.db, { name: 'Airport', code: 'VIA' });
    await makeLocation(t.database.db, { name: 'Maafushi', code: 'MAF' });
    const res = await t.app.inject('/api/locations');
    const list = res.json() as Array<{ name: string; code: string; country: string; id: string }>;
    expect(list.map((l) => l.name)).toEqual(['Airport', 'Maafushi', 'Thoddoo']);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['code', 'country', 'id', 'name', 'nameDv']);
  });

  it('GET /api/settings/public gives defaults, then the saved prices, rate and accounts', async () => {
    const before = (await t.app.inject('/api/settings/public')).json();
    expect(before).toMatchObject({
      ...DEFAULT_PRICES,
      exchangeRate: DEFAULT_EXCHANGE_RATE,
      paymentMethod: 'Bank Transfer',
    });
    await makePaymentSettings(t.database.db, {
      localAdultPrice: '30.00',
      exchangeRate: '15.5',
      accountNumberUsd: '123-USD',
    });
    const after = (await t.app.inject('/api/settings/public')).json();
    expect(after).toMatchObject({
      localAdultPrice: '30.00',
      exchangeRate: '15.5',
      accountNumberUsd: '123-USD',
    });
  });

  it('GET /api/settings/public names the operator’s time zone, so the web shows its "today"', async () => {
    const other = await createTestApp({ env: { TZ_OPERATOR: 'Pacific/Kiritimati' } });
    try {
      expect((await t.app.inject('/api/settings/public')).json().timeZone).toBe('Indian/Maldives');
      expect((await other.app.inject('/api/settings/public')).json().timeZone).toBe('Pacific/Kiritimati');
    } finally {
      await other.close();
    }
  });

  it('GET /api/settings/public gives the zone’s offset at that moment, daylight saving included', async () => {
    let now = new Date('2026-07-01T23:30:00Z');
    const london = await createTestApp({ env: { TZ_OPERATOR: 'Europe/London' }, clock: { now: () => now } });
    try {
      const summer = (await london.app.inject('/api/settings/public')).json();
      expect(summer.utcOffsetMinutes).toBe(60);
      now = new Date('2026-01-15T23:30:00Z');
      const winter = (await london.app.inject('/api/settings/public')).json();
      expect(winter.utcOffsetMinutes).toBe(0);
    } finally {
      await london.close();
    }
    expect((await t.app.inject('/api/settings/public')).json().utcOffsetMinutes).toBe(300);
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await t.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('sends the security headers on every response', async () => {
    for (const url of ['/api/health', '/api/banners', '/manifest.webmanifest', '/api/nope']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // No https configured: no HSTS (it would pin a plain-http host).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('compresses JSON responses with brotli or gzip', async () => {
    for (let i = 0; i < 30; i++) await makeLocation(t.database.db);
    const br = await t.app.inject({ url: '/api/locations', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await t.app.inject({ url: '/api/locations', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('refuses state-changing requests from another site', async () => {
    const crossOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.json().error.code).toBe('cross_site_request');
    const crossSite = await t.app.inject({
      method: 'DELETE',
      url: '/api/anything',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(404);
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await makeWebRoot({
      'index.html': '<!doctype html><title>Island Ferry</title><div id="root"></div>',
      'assets/app-abc123.js': 'console.log(1)'.repeat(200),
    });
    t = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('falls back to index.html for client routes, uncached', async () => {
    for (const url of ['/', '/booking', '/bookings', '/admin/tickets', '/no/such/page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and never falls back for missing files', async () => {
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/assets/missing-123.js')).statusCode).toBe(404);
    expect((await t.app.inject('/api/unknown')).json().error.code).toBe('not_found');
  });
});

describe('when the database is down', () => {
  it('answers 503 with a clear message instead of crashing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ferry-down-'));
    // Nothing listens on port 1: every query fails to connect.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    const database = await openDatabase({ databaseUrl: config.databaseUrl });
    const app = await buildApp({ config, database, logger: false, webRoot: false });
    try {
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({
        code: 'service_unavailable',
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
