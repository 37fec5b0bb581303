import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { mailOutbox, tickets } from '#server/db/schema.ts';
import { type Clock, dateInZone } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { MARKED_STATUSES, type MarkedStatus } from '#shared/admin-api.ts';
import { SEAT_HOLD_SECONDS } from '#shared/constants.ts';
import { bookingRequestSchema } from '#shared/schemas.ts';
import {
  type MadeAdmin,
  type MadeSchedule,
  makeAdmin,
  makeLaunch,
  makePaymentSettings,
  makeSchedule,
  makeTicket,
  seatLabels,
  uniqueSuffix,
} from '#tests/factories.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';
import { approveTicket } from './approve-ticket.ts';
import { bookingRequestHash, createBooking } from './create-booking.ts';
import { deleteTicket } from './delete-ticket.ts';
import { lockSeats } from './lock-seats.ts';
import { markTicket } from './mark-ticket.ts';
import { readDashboard } from './read-dashboard.ts';
import { rejectTicket } from './reject-ticket.ts';
import { releaseSeats } from './release-seats.ts';
import { sendEmailCode } from './send-email-code.ts';
import { verifyEmailCode } from './verify-email-code.ts';

/*
 * Model-based tests: random sequences of seat locks, releases, expiries, bookings and admin
 * actions run against the real services and database, and after every step the rows must keep
 * the seat invariants (docs/product.md section 11.2) and match a small in-memory model.
 */

const SEATS = seatLabels(4);
const SESSIONS = 3;
const LAUNCHES = 2;
const quiet = { warn() {} };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Every way the seat rows can be wrong, as readable lines; empty when all invariants hold.
 * Looks at the whole database, so it also catches damage outside the trip a test works on.
 */
async function findSeatViolations(
  db: DbOrTx,
  opts: { now: Date; holdSeconds: number; tzOperator: string },
): Promise<string[]> {
  const { now } = opts;
  const violations: string[] = [];

  // At most one active holder per leg of a seat: a ticket_seats row or a live lock
  // (docs/decisions/032: two holders of one seat share no leg).
  const doubles = rowsOf<{ seat: string; holders: string[] }>(
    await db.execute(sql`
      WITH holders AS (
        SELECT schedule_id, travel_date, launch_id, seat_number, from_stop, to_stop,
               'ticket ' || ticket_id AS holder
          FROM ticket_seats
        UNION ALL
        SELECT schedule_id, travel_date, launch_id, seat_number, from_stop, to_stop,
               'lock of ' || user_session
          FROM seat_locks WHERE locked_until > ${iso(now)}
      )
      SELECT a.schedule_id || '/' || a.travel_date || '/' || a.launch_id || '/' || a.seat_number AS seat,
             ARRAY[a.holder, b.holder] AS holders
        FROM holders a JOIN holders b
          ON b.schedule_id = a.schedule_id AND b.travel_date = a.travel_date
         AND b.launch_id = a.launch_id AND b.seat_number = a.seat_number
         AND a.holder < b.holder AND a.from_stop < b.to_stop AND b.from_stop < a.to_stop`),
  );
  for (const d of doubles) violations.push(`seat ${d.seat} is held by ${d.holders.join(' and ')}`);

  // ticket_seats rows belong only to pending or confirmed tickets, on their trip and launch.
  const strays = rowsOf<{ ticket_id: string; seat_number: string; ticket_status: string }>(
    await db.execute(sql`
      SELECT ts.ticket_id, ts.seat_number, t.ticket_status
        FROM ticket_seats ts JOIN tickets t ON t.id = ts.ticket_id
       WHERE t.ticket_status NOT IN ('pending', 'confirmed')
          OR ts.schedule_id <> t.schedule_id OR ts.travel_date <> t.travel_date
          OR ts.launch_id <> t.launch_id
          OR NOT (ts.seat_number = ANY (t.seat_numbers))`),
  );
  for (const s of strays) {
    violations.push(`ticket ${s.ticket_id} (${s.ticket_status}) has a stray seat row ${s.seat_number}`);
  }

  // ... and every pending or confirmed ticket has exactly one row per seat it lists.
  const mismatched = rowsOf<{ id: string; listed: string[] | null; rows: string[] | null }>(
    await db.execute(sql`
      SELECT t.id,
             (SELECT array_agg(u ORDER BY u) FROM unnest(t.seat_numbers) u) AS listed,
             (SELECT array_agg(ts.seat_number ORDER BY ts.seat_number)
                FROM ticket_seats ts WHERE ts.ticket_id = t.id) AS rows
        FROM tickets t
       WHERE t.ticket_status IN ('pending', 'confirmed')`),
  );
  for (const m of mismatched) {
    const listed = (m.listed ?? []).join(',');
    const rows = (m.rows ?? []).join(',');
    if (listed !== rows) violations.push(`ticket ${m.id} lists seats [${listed}] but holds [${rows}]`);
  }

  // No live lock outlives the hold.
  const longLocks = rowsOf<{ seat_number: string; user_session: string; locked_until: string }>(
    await db.execute(sql`
      SELECT seat_number, user_session, locked_until::text AS locked_until
        FROM seat_locks
       WHERE locked_until > ${iso(new Date(now.getTime() + opts.holdSeconds * 1000))}`),
  );
  for (const l of longLocks) {
    violations.push(`lock of ${l.user_session} on ${l.seat_number} lasts until ${l.locked_until}`);
  }

  // The dashboard agrees with counts taken from the rows.
  const clock: Clock = { now: () => now };
  const dashboard = await readDashboard({ db, clock, tzOperator: opts.tzOperator });
  const today = dateInZone(now, opts.tzOperator);
  const ticketRows = rowsOf<{ ticket_status: string; approved_at: string | null }>(
    await db.execute(sql`SELECT ticket_status, approved_at::text AS approved_at FROM tickets`),
  );
  const scheduleDates = rowsOf<{ travel_date: string }>(
    await db.execute(sql`SELECT travel_date::text AS travel_date FROM schedules`),
  );
  const launchStatuses = rowsOf<{ status: string }>(await db.execute(sql`SELECT status FROM launches`));
  const expected = {
    pendingTickets: ticketRows.filter((t) => t.ticket_status === 'pending').length,
    approvedToday: ticketRows.filter(
      (t) => t.approved_at !== null && dateInZone(new Date(t.approved_at), opts.tzOperator) === today,
    ).length,
    todaysTrips: scheduleDates.filter((s) => s.travel_date === today).length,
    activeLaunches: launchStatuses.filter((l) => l.status === 'active').length,
  };
  for (const [name, value] of Object.entries(expected)) {
    const shown = dashboard[name as keyof typeof expected];
    if (shown !== value) violations.push(`dashboard ${name} is ${shown}, the rows say ${value}`);
  }
  return violations;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; code: string; status: number; seats?: unknown };

async function attempt<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const seats = err.details?.seats;
    return { ok: false, code: err.code, status: err.status, ...(seats ? { seats } : {}) };
  }
}

const refused = (code: string, seats?: string[]) => ({ ok: false, code, ...(seats ? { seats } : {}) });

const NO_HOLD_LIMITS = {
  seatHoldPerIp: 100_000,
  seatHoldMaxShare: 1,
  maxTicketsPerBooking: 200,
  pendingBookingsPerEmail: 100_000,
};

/** The whole system under test: the app, a movable clock and an admin to act as. */
type World = {
  t: TestApp;
  clock: Clock;
  advance(ms: number): void;
  admin: MadeAdmin;
  slip: Buffer;
};

/** A real e-mail verification: the code is read from the outbox and sent back. */
async function verifiedToken(world: World, email: string): Promise<string> {
  const { db } = world.t.database;
  await sendEmailCode({ db, clock: world.clock, email });
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.seq))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
  return (await verifyEmailCode({ db, clock: world.clock, email, code })).verificationToken;
}

async function book(world: World, trip: MadeSchedule, launchId: string, seats: string[], session: string) {
  const email = `p-${uniqueSuffix()}@example.com`;
  const request = {
    scheduleId: trip.schedule.id,
    travelDate: trip.schedule.travelDate,
    originId: trip.stops[0]?.locationId ?? '',
    destinationId: trip.stops[trip.stops.length - 1]?.locationId ?? '',
    launchId,
    seats,
    tickets: [{ type: 'local', category: 'adult', quantity: seats.length }],
    passenger: { name: 'Aishath Mohamed Ali', email, phone: '7771234' },
    paymentCurrency: 'MVR',
    verificationToken: await verifiedToken(world, email),
  };
  const text = JSON.stringify(request);
  return createBooking({
    db: world.t.database.db,
    storage: world.t.storage,
    clock: world.clock,
    tzOperator: world.t.config.tzOperator,
    input: bookingRequestSchema.parse(request),
    slip: world.slip,
    session,
    idempotencyKey: `key-${randomUUID()}`,
    requestHash: bookingRequestHash(text, world.slip),
    // These commands race for seats; the fair-hold limits have tests of their own.
    clientIp: '192.0.2.10',
    limits: NO_HOLD_LIMITS,
  });
}

async function openWorld(): Promise<World> {
  let nowMs = Date.now();
  const clock: Clock = { now: () => new Date(nowMs) };
  const t = await createTestApp({ clock });
  const admin = await makeAdmin(t.database.db);
  await makePaymentSettings(t.database.db);
  const slip = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();
  return {
    t,
    clock,
    advance: (ms) => {
      nowMs += ms;
    },
    admin,
    slip,
  };
}

// ---- The model ----

type ModelLock = { session: number; launch: number; seat: string; until: number };
type ModelTicket = {
  id: string;
  launch: number;
  seats: string[];
  status: 'pending' | 'confirmed' | 'cancelled' | 'deleted';
  marked: MarkedStatus | null;
};
type Model = { locks: ModelLock[]; tickets: ModelTicket[] };
type Real = { world: World; trip: MadeSchedule; sessions: string[] };
type SeatCommand = fc.AsyncCommand<Model, Real>;

const launchOf = (r: Real, launch: number) => r.trip.launchIds[launch] ?? '';
const seatKeyOf = (r: Real, launch: number) => ({
  scheduleId: r.trip.schedule.id,
  travelDate: r.trip.schedule.travelDate,
  launchId: launchOf(r, launch),
});

function heldByTickets(m: Model, launch: number): Set<string> {
  return new Set(
    m.tickets
      .filter((t) => t.launch === launch && (t.status === 'pending' || t.status === 'confirmed'))
      .flatMap((t) => t.seats),
  );
}

function lockedByOthers(m: Model, launch: number, session: number, now: number): Set<string> {
  return new Set(
    m.locks.filter((l) => l.launch === launch && l.session !== session && l.until > now).map((l) => l.seat),
  );
}

/** After every command: the invariants, then the trip's rows against the model. */
async function verify(m: Model, r: Real): Promise<void> {
  const { db } = r.world.t.database;
  const now = r.world.clock.now();
  const violations = await findSeatViolations(db, {
    now,
    holdSeconds: SEAT_HOLD_SECONDS,
    tzOperator: r.world.t.config.tzOperator,
  });
  expect(violations).toEqual([]);

  const lockRows = rowsOf<{ launch_id: string; seat_number: string; user_session: string; until: string }>(
    await db.execute(sql`
      SELECT launch_id, seat_number, user_session, (extract(epoch FROM locked_until) * 1000)::text AS until
        FROM seat_locks WHERE schedule_id = ${r.trip.schedule.id}`),
  );
  const actualLocks = lockRows
    .map((l) => ({
      session: r.sessions.indexOf(l.user_session),
      launch: r.trip.launchIds.indexOf(l.launch_id),
      seat: l.seat_number,
      until: Math.round(Number(l.until)),
    }))
    .sort(byLock);
  expect(actualLocks).toEqual([...m.locks].sort(byLock));

  const ticketRows = await db
    .select({ id: tickets.id, status: tickets.ticketStatus, marked: tickets.markedStatus })
    .from(tickets)
    .where(eq(tickets.scheduleId, r.trip.schedule.id));
  const expectedTickets = m.tickets
    .filter((t) => t.status !== 'deleted')
    .map((t) => ({ id: t.id, status: t.status, marked: t.marked }));
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  expect(ticketRows.sort(byId)).toEqual(expectedTickets.sort(byId));
}

/** A step of the run: shown as `label`, taken when `check` allows, its rows verified after it. */
function seatCommand(
  label: string,
  act: (m: Model, r: Real) => Promise<void>,
  check: (m: Model) => boolean = () => true,
): SeatCommand {
  return {
    check,
    toString: () => label,
    async run(m, r) {
      await act(m, r);
      await verify(m, r);
    },
  };
}

function byLock(a: ModelLock, b: ModelLock): number {
  return a.launch - b.launch || a.seat.localeCompare(b.seat) || a.session - b.session;
}

/** Locks after `delay` seconds, so a session often locks again part-way through its hold. */
function lockCommand(session: number, launch: number, seats: string[], delay: number): SeatCommand {
  return seatCommand(`lock(s${session}, L${launch}, [${seats}], +${delay}s)`, async (m, r) => {
    r.world.advance(delay * 1000);
    const now = r.world.clock.now().getTime();
    const sorted = [...seats].sort();
    const held = heldByTickets(m, launch);
    const others = lockedByOthers(m, launch, session, now);
    const conflicts = sorted.filter((s) => held.has(s) || others.has(s));
    const out = await attempt(() =>
      lockSeats({
        db: r.world.t.database.db,
        ...seatKeyOf(r, launch),
        seats,
        session: r.sessions[session] ?? '',
        now: new Date(now),
        holdSeconds: SEAT_HOLD_SECONDS,
        timeZone: r.world.t.config.tzOperator,
      }),
    );
    if (conflicts.length > 0) {
      expect(out).toMatchObject(refused('seats_unavailable', conflicts));
    } else {
      // Rule 8.1: the earliest live lock of the session on the trip sets the end.
      const mine = m.locks.filter((l) => l.session === session && l.until > now).map((l) => l.until);
      const until = mine.length > 0 ? Math.min(...mine) : now + SEAT_HOLD_SECONDS * 1000;
      expect(out).toEqual({ ok: true, value: { lockedUntil: new Date(until).toISOString() } });
      m.locks = m.locks.filter(
        (l) =>
          !(l.launch === launch && l.until <= now) &&
          !(l.session === session && (l.launch !== launch || !seats.includes(l.seat))) &&
          !(l.launch === launch && seats.includes(l.seat)),
      );
      for (const seat of seats) m.locks.push({ session, launch, seat, until });
    }
  });
}

function releaseCommand(session: number, launch: number, seats: string[]): SeatCommand {
  return seatCommand(`release(s${session}, L${launch}, [${seats}])`, async (m, r) => {
    const mine = (l: ModelLock) => l.session === session && l.launch === launch && seats.includes(l.seat);
    const out = await releaseSeats({
      db: r.world.t.database.db,
      ...seatKeyOf(r, launch),
      seats,
      session: r.sessions[session] ?? '',
    });
    expect(out).toEqual({ released: m.locks.filter(mine).length });
    m.locks = m.locks.filter((l) => !mine(l));
  });
}

function waitCommand(seconds: number): SeatCommand {
  return seatCommand(`wait(${seconds}s)`, async (_m, r) => {
    r.world.advance(seconds * 1000);
  });
}

function bookCommand(session: number, launch: number, seats: string[]): SeatCommand {
  return seatCommand(`book(s${session}, L${launch}, [${seats}])`, async (m, r) => {
    const now = r.world.clock.now().getTime();
    const others = lockedByOthers(m, launch, session, now);
    const held = heldByTickets(m, launch);
    // Every seat another session locks or a ticket holds is named at once.
    const unavailable = seats.filter((s) => others.has(s) || held.has(s)).sort();
    const out = await attempt(() =>
      book(r.world, r.trip, launchOf(r, launch), seats, r.sessions[session] ?? ''),
    );
    if (unavailable.length > 0) {
      expect(out).toMatchObject(refused('seats_unavailable', unavailable));
    } else {
      expect(out).toMatchObject({ ok: true, value: { statusCode: 201, replayed: false } });
      const reference = out.ok ? out.value.body.reference : '';
      const [row] = await r.world.t.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(eq(tickets.paymentReference, reference));
      m.tickets.push({ id: row?.id ?? '', launch, seats, status: 'pending', marked: null });
      // The ticket holds the seats now; the session's own locks on them are gone.
      m.locks = m.locks.filter(
        (l) => !(l.session === session && l.launch === launch && seats.includes(l.seat)),
      );
    }
  });
}

type AdminAction = 'approve' | 'reject' | 'delete' | { mark: MarkedStatus };

function adminCommand(action: AdminAction, pick: number): SeatCommand {
  const name = typeof action === 'string' ? action : `mark ${action.mark}`;
  return seatCommand(
    `${name}(ticket #${pick})`,
    async (m, r) => {
      const ticket = m.tickets[pick % m.tickets.length];
      if (!ticket) throw new Error('no ticket to act on');
      const { db } = r.world.t.database;
      const base = { db, clock: r.world.clock, actorUserId: r.world.admin.id, ticketId: ticket.id };
      const gone = ticket.status === 'deleted';
      if (action === 'delete') {
        const out = await attempt(() => deleteTicket({ ...base, storage: r.world.t.storage, log: quiet }));
        expect(out).toMatchObject(gone ? refused('ticket_not_found') : { ok: true });
        ticket.status = 'deleted';
      } else if (action === 'approve' || action === 'reject') {
        const out = await attempt(() =>
          action === 'approve' ? approveTicket(base) : rejectTicket({ ...base, remarks: 'Slip unreadable' }),
        );
        if (gone) expect(out).toMatchObject(refused('ticket_not_found'));
        else if (ticket.status !== 'pending') expect(out).toMatchObject(refused('ticket_not_pending'));
        else {
          expect(out.ok).toBe(true);
          ticket.status = action === 'approve' ? 'confirmed' : 'cancelled';
        }
      } else {
        // As the office marks: a party that boarded may be marked a no-show, with a reason.
        const out = await attempt(() =>
          markTicket({ ...base, status: action.mark, mayOverride: true, reason: 'Seen on the jetty' }),
        );
        if (gone) expect(out).toMatchObject(refused('ticket_not_found'));
        else if (ticket.status !== 'confirmed') expect(out).toMatchObject(refused('ticket_not_confirmed'));
        else {
          expect(out.ok).toBe(true);
          ticket.marked = action.mark;
        }
      }
    },
    (m) => m.tickets.length > 0,
  );
}

const sessionArb = fc.integer({ min: 0, max: SESSIONS - 1 });
const launchArb = fc.integer({ min: 0, max: LAUNCHES - 1 });
const seatsArb = fc.shuffledSubarray(SEATS, { minLength: 1, maxLength: 3 });

const bookArb = fc.tuple(sessionArb, launchArb, seatsArb).map(([s, l, seats]) => bookCommand(s, l, seats));

const adminArb = fc
  .tuple(
    fc.constantFrom<AdminAction>(
      'approve',
      'approve',
      'reject',
      'delete',
      ...MARKED_STATUSES.map((mark) => ({ mark })),
    ),
    fc.nat(),
  )
  .map(([action, pick]) => adminCommand(action, pick));

// Bookings and admin actions twice over: they are what the seat rows come from.
const commandArbs = [
  fc
    .tuple(sessionArb, launchArb, seatsArb, fc.integer({ min: 0, max: 300 }))
    .map(([s, l, seats, delay]) => lockCommand(s, l, seats, delay)),
  fc.tuple(sessionArb, launchArb, seatsArb).map(([s, l, seats]) => releaseCommand(s, l, seats)),
  // Past the hold, or a little way into it.
  fc
    .oneof(fc.constant(SEAT_HOLD_SECONDS + 1), fc.integer({ min: 1, max: SEAT_HOLD_SECONDS }))
    .map(waitCommand),
  bookArb,
  bookArb,
  adminArb,
  adminArb,
];

describe(`seat invariants under random commands (${testDatabaseKind})`, () => {
  let world: World;

  beforeAll(async () => {
    world = await openWorld();
  });
  afterAll(() => world.t.close());

  it('keeps every seat with at most one holder, locks within the hold and the dashboard true', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commandArbs, { maxCommands: 12 }), async (cmds) => {
        const setup = async () => {
          // A fresh trip per run, so runs never see each other's seats.
          const { db } = world.t.database;
          const launchIds: string[] = [];
          for (let i = 0; i < LAUNCHES; i++) launchIds.push((await makeLaunch(db, { seats: SEATS })).id);
          const trip = await makeSchedule(db, { launchIds });
          const sessions = Array.from({ length: SESSIONS }, () => randomUUID());
          return { model: { locks: [], tickets: [] } as Model, real: { world, trip, sessions } };
        };
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});

describe(`the invariant checker bites (${testDatabaseKind})`, () => {
  let world: World;

  beforeAll(async () => {
    world = await openWorld();
  });
  afterAll(() => world.t.close());

  const violations = () =>
    findSeatViolations(world.t.database.db, {
      now: world.clock.now(),
      holdSeconds: SEAT_HOLD_SECONDS,
      tzOperator: world.t.config.tzOperator,
    });

  it('reports a seat booked twice once the exclusion constraint is gone', async () => {
    const { db } = world.t.database;
    const launch = await makeLaunch(db, { seats: SEATS });
    const trip = await makeSchedule(db, { launchIds: [launch.id] });
    expect(await violations()).toEqual([]);

    // This database is this describe's own, so breaking it touches no other test.
    await db.execute(sql`ALTER TABLE ticket_seats DROP CONSTRAINT ticket_seats_seat_legs_excl`);
    // The booking service reads taken seats before it counts limits, so the second holder is
    // written directly: what is checked here is that the checker sees it.
    await book(world, trip, launch.id, ['A1'], randomUUID());
    await makeTicket(db, { schedule: trip, launchId: launch.id, seats: ['A1'] });

    const found = await violations();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      new RegExp(`^seat ${trip.schedule.id}/.+/${launch.id}/A1 is held by ticket .+ and ticket .+$`),
    );
  });

  it('reports a lock held longer than the hold', async () => {
    const { db } = world.t.database;
    const launch = await makeLaunch(db, { seats: SEATS });
    const trip = await makeSchedule(db, { launchIds: [launch.id] });
    await lockSeats({
      db,
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      launchId: launch.id,
      seats: ['A2'],
      session: randomUUID(),
      now: world.clock.now(),
      holdSeconds: SEAT_HOLD_SECONDS * 2,
      timeZone: world.t.config.tzOperator,
    });
    const lockLine = expect.stringMatching(/^lock of .+ on A2 lasts until /);
    expect(await violations()).toContainEqual(lockLine);
    // The hold's own length is fine: only the longer lock is reported.
    world.advance(SEAT_HOLD_SECONDS * 1000 + 1000);
    expect(await violations()).not.toContainEqual(lockLine);
  });
});
