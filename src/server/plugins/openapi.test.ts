import { describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** `/api/trips/:scheduleId/seats` as OpenAPI writes it: `/api/trips/{scheduleId}/seats`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{*}');

describe(`GET /api/openapi.json (${testDatabaseKind})`, () => {
  let doc: Document;
  const t = useTestApp({}, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });

  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('describes every registered route', () => {
    const routes = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((r) => !doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('gives every operation a success answer and the error shape', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses ?? {});
        expect({ path, method, success: statuses.some((s) => /^2/.test(s)) }).toEqual({
          path,
          method,
          success: true,
        });
        expect({ path, method, errors: statuses.filter((s) => /^[45]XX$/i.test(s)) }).toEqual({
          path,
          method,
          errors: expect.arrayContaining([expect.stringMatching(/^4xx$/i), expect.stringMatching(/^5xx$/i)]),
        });
      }
    }
  });

  it('carries the request schemas the routes validate with', () => {
    const lock = doc.paths['/api/seat-locks']?.post;
    expect(lock?.requestBody).toBeDefined();
    expect(lock?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'x-booking-session' })]),
    );
    const search = doc.paths['/api/trips']?.get;
    expect(search?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:date', 'query:from', 'query:to']),
    );
    const settings = JSON.stringify(doc.paths['/api/settings/public']?.get?.responses?.['200']);
    expect(settings).toContain('timeZone');
  });
});
