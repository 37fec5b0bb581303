import { randomUUID } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminProfiles, adminUsers, mailOutbox, partners, partnerUsers } from '#server/db/schema.ts';
import { addDays } from '#server/lib/clock.ts';
import { createSession } from '#server/lib/sessions.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { can, ROLES, type Role } from '#shared/permissions.ts';
import { makeAdmin, makeSchedule, makeTicket, todayInOperatorZone } from '#tests/factories.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const ALL: Role[] = ['owner', 'office', 'counter', 'crew'];
const OWNER_OFFICE: Role[] = ['owner', 'office'];
const OWNER: Role[] = ['owner'];
const BOARDING: Role[] = ['owner', 'counter', 'crew'];
const COUNTER: Role[] = ['owner', 'counter'];

/**
 * Who may use each admin route, written out by hand from the roles table (docs/decisions/022).
 * A route registered without a row here fails the test, so every new route is decided on.
 */
const EXPECTED: Record<string, Role[]> = {
  'GET /api/admin/dashboard': OWNER_OFFICE,
  // Everyone's screens hear of a change to their own access; booking events only reach Owner and Office.
  'GET /api/admin/events': ALL,
  'GET /api/admin/tickets': OWNER_OFFICE,
  'GET /api/admin/tickets/by-reference/:reference': OWNER_OFFICE,
  'GET /api/admin/tickets/:id': OWNER_OFFICE,
  'POST /api/admin/tickets/:id/approve': OWNER_OFFICE,
  'POST /api/admin/tickets/:id/undo-approval': OWNER_OFFICE,
  'POST /api/admin/tickets/:id/reject': OWNER_OFFICE,
  'POST /api/admin/tickets/reject-pending': OWNER_OFFICE,
  'POST /api/admin/tickets/:id/mark': OWNER_OFFICE,
  'DELETE /api/admin/tickets/:id': OWNER_OFFICE,
  'GET /api/admin/tickets/:id/slip': OWNER_OFFICE,
  'GET /api/admin/tickets/:id/extra-slip': OWNER_OFFICE,
  // Manifests: Counter for today's and tomorrow's departures (the URLs below use today's).
  'GET /api/admin/trips': ['owner', 'office', 'counter'],
  'GET /api/admin/trips/:scheduleId/passengers': ['owner', 'office', 'counter'],
  'GET /api/admin/trips/:scheduleId/manifest.csv': ['owner', 'office', 'counter'],
  'GET /api/admin/trips/:scheduleId/on-board': ['owner', 'office', 'counter'],
  'GET /api/admin/trips/:scheduleId/final-manifest.csv': ['owner', 'office', 'counter'],
  'POST /api/admin/schedules/:id/status': OWNER_OFFICE,
  'GET /api/admin/schedules': OWNER_OFFICE,
  'GET /api/admin/schedules/:id': OWNER_OFFICE,
  'POST /api/admin/schedules': OWNER_OFFICE,
  'PUT /api/admin/schedules/:id': OWNER_OFFICE,
  'DELETE /api/admin/schedules/:id': OWNER_OFFICE,
  'POST /api/admin/schedules/:id/duplicate': OWNER_OFFICE,
  'POST /api/admin/schedules/repeat': OWNER_OFFICE,
  'GET /api/admin/launches': OWNER_OFFICE,
  'POST /api/admin/launches': OWNER_OFFICE,
  'PUT /api/admin/launches/:id': OWNER_OFFICE,
  'DELETE /api/admin/launches/:id': OWNER_OFFICE,
  'POST /api/admin/launches/:id/image': OWNER_OFFICE,
  'GET /api/admin/locations': OWNER_OFFICE,
  'POST /api/admin/locations': OWNER_OFFICE,
  'PUT /api/admin/locations/:id': OWNER_OFFICE,
  'DELETE /api/admin/locations/:id': OWNER_OFFICE,
  'GET /api/admin/banners': OWNER_OFFICE,
  'POST /api/admin/banners': OWNER_OFFICE,
  'DELETE /api/admin/banners/:id': OWNER_OFFICE,
  // Prices and the exchange rate; the bank fields in it are the Owner's alone (tested apart).
  'GET /api/admin/payment-settings': OWNER_OFFICE,
  'PUT /api/admin/payment-settings': OWNER_OFFICE,
  'GET /api/admin/fares': OWNER_OFFICE,
  'POST /api/admin/fares': OWNER_OFFICE,
  'PUT /api/admin/fares/:id': OWNER_OFFICE,
  'DELETE /api/admin/fares/:id': OWNER_OFFICE,
  'GET /api/admin/fare-categories': OWNER_OFFICE,
  'POST /api/admin/fare-categories': OWNER_OFFICE,
  'PUT /api/admin/fare-categories/:code': OWNER_OFFICE,
  'DELETE /api/admin/fare-categories/:code': OWNER_OFFICE,
  'GET /api/admin/return-discounts': OWNER_OFFICE,
  'PUT /api/admin/return-discounts': OWNER_OFFICE,
  'GET /api/admin/pwa-settings': OWNER_OFFICE,
  'PUT /api/admin/pwa-settings': OWNER_OFFICE,
  'GET /api/admin/reminder-settings': OWNER_OFFICE,
  'PUT /api/admin/reminder-settings': OWNER_OFFICE,
  'POST /api/admin/pwa-settings/icon': OWNER_OFFICE,
  'POST /api/admin/pwa-settings/logo': OWNER_OFFICE,
  'POST /api/admin/pwa-settings/favicon': OWNER_OFFICE,
  'GET /api/admin/texts': OWNER_OFFICE,
  'PUT /api/admin/texts/:language/:id': OWNER_OFFICE,
  'DELETE /api/admin/texts/:language/:id': OWNER_OFFICE,
  'GET /api/admin/staff': OWNER,
  'POST /api/admin/staff/invitations': OWNER,
  'POST /api/admin/staff/invitations/:id/resend': OWNER,
  'DELETE /api/admin/staff/invitations/:id': OWNER,
  'PATCH /api/admin/staff/:id': OWNER,
  'POST /api/admin/staff/:id/reset-password': OWNER,
  // Boarding: not Office's job in the roles table.
  'GET /api/admin/boarding': BOARDING,
  'GET /api/admin/boarding/:scheduleId': BOARDING,
  'POST /api/admin/boarding/:scheduleId/tickets/:ticketId': BOARDING,
  'GET /api/admin/boarding/:scheduleId/manifest': BOARDING,
  'POST /api/admin/boarding/sync': BOARDING,
  'POST /api/admin/boarding/:scheduleId/stops/:stop/close': BOARDING,
  // Whoever may close boarding may reopen it.
  'POST /api/admin/boarding/:scheduleId/stops/:stop/reopen': BOARDING,
  'GET /api/admin/boarding/:scheduleId/final-manifest.csv': BOARDING,
  // Counter sales: the seller's own; voids and cash-ups also for the office (cashups.all).
  'GET /api/admin/counter/departures': COUNTER,
  'GET /api/admin/counter/seats': COUNTER,
  'POST /api/admin/counter/locks': COUNTER,
  'DELETE /api/admin/counter/locks': COUNTER,
  'POST /api/admin/counter/sales': COUNTER,
  'GET /api/admin/counter/sales/:ticketId': ['owner', 'office', 'counter'],
  'POST /api/admin/counter/sales/:ticketId/void': ['owner', 'office', 'counter'],
  'GET /api/admin/counter/shift': COUNTER,
  'POST /api/admin/counter/shift': COUNTER,
  'POST /api/admin/counter/shift/close': COUNTER,
  'GET /api/admin/cashups': OWNER_OFFICE,
  'GET /api/admin/cashups/:shiftId': ['owner', 'office', 'counter'],
  'GET /api/admin/trips/:scheduleId/cancel-preview': OWNER_OFFICE,
  'POST /api/admin/trips/:scheduleId/cancel': OWNER_OFFICE,
  'GET /api/admin/trips/:scheduleId/delay-preview': OWNER_OFFICE,
  'POST /api/admin/trips/:scheduleId/delay': OWNER_OFFICE,
  'GET /api/admin/trips/:scheduleId/move-preview': OWNER_OFFICE,
  'POST /api/admin/trips/:scheduleId/move': OWNER_OFFICE,
  'GET /api/admin/trips/:scheduleId/disruptions': OWNER_OFFICE,
  'GET /api/admin/refunds': OWNER_OFFICE,
  'GET /api/admin/refunds.csv': OWNER_OFFICE,
  'POST /api/admin/refunds/:id/refunded': OWNER_OFFICE,
  'POST /api/admin/refunds/:id/refund-card': OWNER_OFFICE,
  'GET /api/admin/partners': OWNER_OFFICE,
  'POST /api/admin/partners': OWNER_OFFICE,
  'PATCH /api/admin/partners/:id': OWNER_OFFICE,
  'POST /api/admin/partners/:id/payments': OWNER_OFFICE,
  'GET /api/admin/partners/:id/users': OWNER_OFFICE,
  'POST /api/admin/partners/:id/users': OWNER_OFFICE,
  // An allotment's departure and seats: the counter's reads, for whoever manages partners.
  'GET /api/admin/partners/departures': OWNER_OFFICE,
  'GET /api/admin/partners/:id/seats': OWNER_OFFICE,
  'GET /api/admin/partners/:id/allotments': OWNER_OFFICE,
  'POST /api/admin/partners/:id/allotments': OWNER_OFFICE,
  'DELETE /api/admin/partners/:id/allotments/:allotmentId': OWNER_OFFICE,
  'GET /api/admin/partners/:id/statements': OWNER_OFFICE,
  'GET /api/admin/partners/:id/statements/:month.:format': OWNER_OFFICE,
  // Bank statements (payments.reconcile).
  'POST /api/admin/statements': OWNER_OFFICE,
  'GET /api/admin/statements': OWNER_OFFICE,
  'GET /api/admin/statements/summary': OWNER_OFFICE,
  'GET /api/admin/statement-lines': OWNER_OFFICE,
  'POST /api/admin/statement-lines/:id/confirm': OWNER_OFFICE,
  'POST /api/admin/statement-lines/:id/reject': OWNER_OFFICE,
  'POST /api/admin/statement-lines/:id/not-booking': OWNER_OFFICE,
  'POST /api/admin/statement-lines/:id/assign': OWNER_OFFICE,
  'GET /api/admin/statement-settings': OWNER_OFFICE,
  'PUT /api/admin/statement-settings': OWNER_OFFICE,
  'GET /api/admin/audit': OWNER_OFFICE,
  'GET /api/admin/audit.csv': OWNER_OFFICE,
  // Reports (reports.read); the daily summary e-mail is an Owner's own (reports.mail).
  'GET /api/admin/reports/summary': OWNER_OFFICE,
  'GET /api/admin/reports/export.xlsx': OWNER_OFFICE,
  'GET /api/admin/reports/daily-summary': OWNER,
  'PUT /api/admin/reports/daily-summary': OWNER,
};

describe(`every admin route against every role (${testDatabaseKind})`, () => {
  const cookies = {} as Record<Role, string>;
  let todayTripId = '';

  const t = useTestApp({ env: { RATE_LIMIT_SCALE: '100' } }, async () => {
    const db = t.database.db;
    for (const role of ROLES) {
      const admin = await makeAdmin(db, { role });
      const { token } = await createSession({
        db,
        userId: admin.id,
        clock: { now: () => new Date() },
        config: t.config,
      });
      cookies[role] = `ferry_session=${token}`;
    }
    todayTripId = (await makeSchedule(db, { travelDate: todayInOperatorZone() })).schedule.id;
  });

  const adminRoutes = () =>
    t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD');

  /** A concrete URL: ids are well-formed; a trip is today's, so Counter's date rule lets it through. */
  const concrete = (url: string) => {
    const path = url
      .replace(':scheduleId', todayTripId)
      .replace(':language', 'en')
      .replace(/:[A-Za-z]+/g, SAMPLE_ID);
    return path === '/api/admin/trips' ? `${path}?date=${todayInOperatorZone()}` : path;
  };

  it('has a decided row for every registered admin route, and no row for a route that is gone', () => {
    const registered = adminRoutes().map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !(r in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((r) => !registered.includes(r))).toEqual([]);
  });

  it('lets each role through exactly the routes of its permissions, and says so plainly otherwise', async () => {
    const seen: string[] = [];
    for (const route of adminRoutes()) {
      const key = `${route.method} ${route.url}`;
      for (const role of ALL) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { cookie: cookies[role] },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
          // The event stream never ends by itself: its headers are the answer.
          ...(route.url === '/api/admin/events' ? { payloadAsStream: true } : {}),
        });
        let body: string;
        if (route.url !== '/api/admin/events') body = res.body;
        else if (res.statusCode === 200) {
          res.stream().destroy();
          body = '';
        } else body = await text(res.stream());
        const error = res.statusCode === 403 ? JSON.parse(body).error : null;
        const forbidden = error?.code === 'forbidden';
        seen.push(`${key} ${role}: ${forbidden ? 'forbidden' : 'through'}`);
        if (forbidden) expect(error.message).toBe(STAFF_MSG.forbidden);
        // A route a role may use answers anything but 401 and 403 (400 for an empty body, 404 for the sample id...).
        if (!forbidden) expect({ key, role, status: res.statusCode }).not.toMatchObject({ status: 401 });
      }
    }
    const expected = adminRoutes().flatMap((route) => {
      const key = `${route.method} ${route.url}`;
      return ALL.map(
        (role) => `${key} ${role}: ${(EXPECTED[key] ?? []).includes(role) ? 'through' : 'forbidden'}`,
      );
    });
    expect(seen).toEqual(expected);
  }, 240_000);

  it('refuses a partner’s user every admin route, and every staff role every partner route', async () => {
    const db = t.database.db;
    const user = await makeAdmin(db, { profile: false });
    const [partner] = await db
      .insert(partners)
      .values({
        name: `Matrix Resort ${randomUUID()}`,
        contactEmail: 'matrix@resort.example',
        currency: 'MVR',
        commissionPercent: '10',
        creditLimit: '1000',
        paymentTermsDays: 30,
      })
      .returning({ id: partners.id });
    await db.insert(partnerUsers).values({ userId: user.id, partnerId: partner?.id ?? '' });
    const { token } = await createSession({
      db,
      userId: user.id,
      clock: { now: () => new Date() },
      config: t.config,
    });
    const partnerCookie = `ferry_session=${token}`;
    const refused: string[] = [];
    for (const route of adminRoutes()) {
      if (route.url === '/api/admin/events') continue;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { cookie: partnerCookie },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 403 || res.json().error.code !== 'not_admin')
        refused.push(`${route.method} ${route.url}`);
    }
    expect(refused).toEqual([]);
    const partnerRoutes = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/partner/') && r.method !== 'HEAD',
    );
    expect(partnerRoutes.length).toBeGreaterThan(4);
    for (const route of partnerRoutes) {
      const url = route.url.replace(':reference', '2611280001').replace(':position', '0');
      for (const role of ROLES) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { cookie: cookies[role] },
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        expect({ route: route.url, role, status: res.statusCode }).toEqual({
          route: route.url,
          role,
          status: 403,
        });
      }
      const own = await t.app.inject({
        method: 'GET',
        url: '/api/partner/account',
        headers: { cookie: partnerCookie },
      });
      expect(own.statusCode).toBe(200);
    }
  }, 120_000);

  it('gives Counter the manifests of today’s and tomorrow’s departures only; Office sees every day', async () => {
    const today = todayInOperatorZone();
    const days = {
      yesterday: addDays(today, -1),
      today,
      tomorrow: addDays(today, 1),
      later: addDays(today, 2),
    };
    for (const [day, date] of Object.entries(days)) {
      const id = (await makeSchedule(t.database.db, { travelDate: date })).schedule.id;
      const counterMay = day === 'today' || day === 'tomorrow';
      for (const url of [
        `/api/admin/trips/${id}/passengers`,
        `/api/admin/trips/${id}/manifest.csv`,
        `/api/admin/trips/${id}/on-board`,
        `/api/admin/trips/${id}/final-manifest.csv`,
        `/api/admin/trips?date=${date}`,
      ]) {
        const counter = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.counter } });
        // The final manifest answers 409 until boarding has closed: allowed, but not ready.
        expect({ day, url, allowed: counter.statusCode !== 403 }).toEqual({ day, url, allowed: counterMay });
        const office = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.office } });
        expect({ day, url, allowed: office.statusCode !== 403 }).toEqual({ day, url, allowed: true });
        expect(counter.statusCode).toBe(counterMay ? office.statusCode : 403);
      }
    }
  });

  it('lets only Owner and Office mark a boarded passenger a no-show, with a reason; Crew and Counter are told it boarded', async () => {
    const made = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    for (const role of ALL) {
      const { ticket } = await makeTicket(t.database.db, { schedule: made, status: 'confirmed' });
      const synced = await t.app.inject({
        method: 'POST',
        url: '/api/admin/boarding/sync',
        headers: { cookie: cookies.crew },
        payload: {
          deviceId: 'device-permissions',
          boardings: [
            {
              id: randomUUID(),
              ticketId: ticket.id,
              scheduleId: made.schedule.id,
              stop: 0,
              persons: 1,
              deliberate: false,
              deviceTime: new Date().toISOString(),
            },
          ],
        },
      });
      expect(synced.json().results[0].outcome).toBe('boarded');
      // Each role marks where its screens do: the ticket card, or the boarding screen.
      const url = can(role, 'tickets.review')
        ? `/api/admin/tickets/${ticket.id}/mark`
        : `/api/admin/boarding/${made.schedule.id}/tickets/${ticket.id}`;
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: cookies[role] },
        payload: { status: 'no_show', reason: 'Scanned the wrong code' },
      });
      const overrides = role === 'owner' || role === 'office';
      expect({ role, status: res.statusCode }).toEqual({ role, status: overrides ? 200 : 409 });
      expect(can(role, 'boarding.override')).toBe(overrides);
      if (!overrides) expect(res.json().error).toEqual({ code: 'boarded', message: STAFF_MSG.noShowBoarded });
    }
  });

  it('keeps the bank accounts the Owner’s alone: Office may change prices, not the accounts', async () => {
    const office = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/payment-settings',
      headers: { cookie: cookies.office },
      payload: { accountNumber: '7700000000001' },
    });
    expect(office.statusCode).toBe(403);
    expect(office.json().error).toEqual({ code: 'forbidden', message: STAFF_MSG.bankOwnerOnly });
    // The instructions and the Dhivehi bank names tell passengers where to pay as much.
    for (const field of ['paymentInstructions', 'paymentInstructionsDv', 'bankNameDv', 'bankNameUsdDv']) {
      const refused = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/payment-settings',
        headers: { cookie: cookies.office },
        payload: { [field]: 'Pay into 7700000000009 instead' },
      });
      expect({ field, status: refused.statusCode }).toEqual({ field, status: 403 });
    }
    const prices = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/payment-settings',
      headers: { cookie: cookies.office },
      payload: { localAdultPrice: 55 },
    });
    expect(prices.statusCode).toBe(200);
    const owner = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/payment-settings',
      headers: { cookie: cookies.owner },
      payload: { accountNumber: '7700000000002' },
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().accountNumber).toBe('7700000000002');
    // Every active Owner hears of it, whoever made it.
    const notices = await t.database.db
      .select({ to: mailOutbox.to, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'The bank details passengers pay into were changed'));
    const owners = await t.database.db
      .select({ email: adminUsers.email })
      .from(adminUsers)
      .innerJoin(adminProfiles, eq(adminProfiles.userId, adminUsers.id))
      .where(and(eq(adminProfiles.role, 'owner'), eq(adminUsers.active, true)));
    expect(owners.length).toBeGreaterThan(0);
    expect(notices.map((n) => n.to).sort()).toEqual(owners.map((o) => o.email).sort());
    expect(notices[0]?.text).toContain('"7700000000002"');
  });
});
