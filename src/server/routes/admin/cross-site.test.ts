import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tickets } from '#server/db/schema.ts';
import { MSG } from '#shared/messages/api.ts';
import { makeTicket } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID);
const CROSS_SITE = [
  { origin: 'https://attacker.example' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site', origin: 'https://sub.attacker.example' },
];

// docs/product.md section 13: a signed-in admin's browser, tricked by another site into sending
// a request, changes nothing: SameSite=Strict keeps the cookie home, and this check stands behind it.
describe(`cross-site requests with a valid admin cookie (${testDatabaseKind})`, () => {
  const t = useAdminApp();

  it('approving a ticket from another site is refused and the ticket stays pending', async () => {
    const { ticket } = await makeTicket(t.database.db, { status: 'pending' });
    for (const headers of CROSS_SITE) {
      const res = await t.inject({ method: 'POST', url: `/api/admin/tickets/${ticket.id}/approve`, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'cross_site_request', message: MSG.crossSite });
    }
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.ticketStatus).toBe('pending');
    expect(row?.paymentStatus).toBe('pending');

    // The same request from the app's own page goes through, so the refusal above is the check.
    const same = await t.inject({
      method: 'POST',
      url: `/api/admin/tickets/${ticket.id}/approve`,
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' },
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('every state-changing admin and auth route refuses a cross-site request', async () => {
    const routes = t.app.registeredRoutes.filter(
      (r) =>
        (r.url.startsWith('/api/admin/') || r.url.startsWith('/api/auth/')) &&
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const res = await t.inject({
        method: route.method as 'POST',
        url: concrete(route.url),
        headers: { origin: 'https://attacker.example' },
        ...(route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });
});
