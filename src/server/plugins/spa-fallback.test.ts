import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PAGES } from '#shared/route-pages.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';
import { makeWebRoot } from '#tests/setup/web-root.ts';

const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body></body></html>`;

describe(`client routes get their page (${testDatabaseKind})`, () => {
  let t: TestApp;
  let bare: TestApp;
  let webRoot: string;
  let bareRoot: string;

  beforeAll(async () => {
    // A build with the public routes' own pages, and one without (an older build).
    webRoot = await makeWebRoot({
      'index.html': page('index'),
      ...Object.fromEntries(
        Object.entries(ROUTE_PAGES).map(([route, file]) => [file, page(`page of ${route}`)]),
      ),
    });
    bareRoot = await makeWebRoot({ 'index.html': page('index') });
    t = await createTestApp({ webRoot });
    bare = await createTestApp({ webRoot: bareRoot });
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
    await rm(webRoot, { recursive: true, force: true });
    await rm(bareRoot, { recursive: true, force: true });
  });

  it('sends each public route its own page, with its query string too, never cached', async () => {
    for (const route of Object.keys(ROUTE_PAGES)) {
      for (const url of [route, `${route}?ref=2611221234`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(`<title>page of ${route}</title>`);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    }
  });

  it('sends index.html to every other client route, and to all of them without route pages', async () => {
    for (const url of ['/admin', '/admin/tickets', '/no-such-page', '/booking/extra']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>index</title>');
    }
    for (const url of Object.keys(ROUTE_PAGES)) {
      const res = await bare.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>index</title>');
    }
  });

  it('still answers the API and missing files with the JSON 404', async () => {
    // /metrics where it is not served: a scraper's 404, never the app's page.
    for (const url of ['/api/nothing-here', '/routes/missing.html', '/assets/missing.js', '/metrics']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});
