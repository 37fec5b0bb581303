import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '#server/db/client.ts';
import { mailOutbox, seatLocks, ticketSeats, tickets } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { type Seller, staffLockSession } from '#server/lib/counter-seller.ts';
import { AppError } from '#server/lib/errors.ts';
import { overlaps, type Stretch } from '#server/lib/stretch.ts';
import { SEAT_HOLD_SECONDS } from '#shared/constants.ts';
import { counterSaleRequestSchema } from '#shared/counter.ts';
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
import { cancelOwnBooking } from './cancel-own-booking.ts';
import { bookingRequestHash, createBooking } from './create-booking.ts';
import { lockSeats } from './lock-seats.ts';
import { openShift } from './open-shift.ts';
import { rejectTicket } from './reject-ticket.ts';
import { releaseSeats } from './release-seats.ts';
import { rulesOf } from './rules-of.ts';
import { sellAtCounter } from './sell-at-counter.ts';
import { sendEmailCode } from './send-email-code.ts';
import { verifyEmailCode } from './verify-email-code.ts';

/*
 * Seats sold per leg (docs/decisions/032-seats-per-leg.md), as a property: random stretches of
 * a 5-stop route and random sequences of locks, releases, online bookings, counter sales,
 * rejections and cancellations, through the real services on a real database. After every
 * step no leg of any seat is held twice: not by two ticket rows, not by two locks, not by a live
 * lock and a ticket. Every operation is judged against the rows as they were just before it: it
 * succeeds exactly when its stretch shares no leg with a live holder other than its own session,
 * and a refusal names exactly the seats that do.
 */

const STOPS = 5;
const SEATS = seatLabels(3);
/** Three passengers' booking sessions and the counter seller's (index 3). */
const PASSENGERS = 3;
const SELLER = PASSENGERS;

const NO_HOLD_LIMITS = {
  seatHoldPerIp: 100_000,
  seatHoldMaxShare: 1,
  maxTicketsPerBooking: 200,
  pendingBookingsPerEmail: 100_000,
};

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

type World = {
  t: TestApp;
  clock: Clock;
  advance(ms: number): void;
  admin: MadeAdmin;
  seller: Seller;
  slip: Buffer;
};

async function openWorld(): Promise<World> {
  let nowMs = Date.now();
  const clock: Clock = { now: () => new Date(nowMs) };
  const t = await createTestApp({ clock });
  const { db } = t.database;
  const admin = await makeAdmin(db);
  const counter = await makeAdmin(db, { role: 'counter' });
  await makePaymentSettings(db);
  await openShift({
    db,
    clock,
    tzOperator: t.config.tzOperator,
    user: { id: counter.id, name: counter.username },
    floats: { MVR: '500', USD: '0' },
  });
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
    seller: { id: counter.id, name: counter.username, sessionId: randomUUID(), mayVoidAnySale: false },
    slip,
  };
}

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

type Outcome<T> = { ok: true; value: T } | { ok: false; code: string; seats?: unknown };

async function attempt<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const seats = err.details?.seats;
    return { ok: false, code: err.code, ...(seats ? { seats } : {}) };
  }
}

// ---- The rows ----

type LockRow = Stretch & { id: string; seat: string; session: string; until: number };
type SeatRow = Stretch & { ticketId: string; seat: string };

type Real = {
  world: World;
  trip: MadeSchedule;
  launchId: string;
  sessions: string[];
  /** Every ticket the run made, in order: what reject and cancel pick from. */
  ticketIds: string[];
};

async function lockRowsOf(r: Real): Promise<LockRow[]> {
  const rows = await r.world.t.database.db
    .select({
      id: seatLocks.id,
      seat: seatLocks.seatNumber,
      session: seatLocks.userSession,
      fromStop: seatLocks.fromStop,
      toStop: seatLocks.toStop,
      until: seatLocks.lockedUntil,
    })
    .from(seatLocks)
    .where(eq(seatLocks.scheduleId, r.trip.schedule.id));
  return rows.map((l) => ({ ...l, until: new Date(l.until).getTime() }));
}

async function seatRowsOf(r: Real): Promise<SeatRow[]> {
  return r.world.t.database.db
    .select({
      ticketId: ticketSeats.ticketId,
      seat: ticketSeats.seatNumber,
      fromStop: ticketSeats.fromStop,
      toStop: ticketSeats.toStop,
    })
    .from(ticketSeats)
    .where(eq(ticketSeats.scheduleId, r.trip.schedule.id));
}

/**
 * The seats of `seats` that a live holder other than `session` keeps on a leg of `stretch`:
 * a ticket's row, or another session's lock that has not ended.
 */
async function conflictsOf(
  r: Real,
  seats: string[],
  stretch: Stretch,
  session: string | null,
): Promise<string[]> {
  const now = r.world.clock.now().getTime();
  const locks = await lockRowsOf(r);
  const rows = await seatRowsOf(r);
  return seats
    .filter(
      (seat) =>
        rows.some((row) => row.seat === seat && overlaps(row, stretch)) ||
        locks.some((l) => l.seat === seat && l.session !== session && l.until > now && overlaps(l, stretch)),
    )
    .sort();
}

/**
 * Every way the rows can break "a leg is sold once", across the whole database; empty when none.
 * Then, on the run's trip, every holding ticket's rows are its seats on its own stretch.
 */
async function findLegViolations(db: DbOrTx, now: Date, r: Real): Promise<string[]> {
  const violations: string[] = [];
  const same = (a: string, b: string) =>
    sql.raw(`${a}.schedule_id = ${b}.schedule_id AND ${a}.travel_date = ${b}.travel_date
       AND ${a}.launch_id = ${b}.launch_id AND ${a}.seat_number = ${b}.seat_number
       AND ${a}.from_stop < ${b}.to_stop AND ${b}.from_stop < ${a}.to_stop`);
  const twiceSold = rowsOf<{ seat: string; a: string; b: string }>(
    await db.execute(sql`
      SELECT a.seat_number AS seat, a.ticket_id || ' ' || a.from_stop || '-' || a.to_stop AS a,
             b.ticket_id || ' ' || b.from_stop || '-' || b.to_stop AS b
        FROM ticket_seats a JOIN ticket_seats b
          ON (a.ticket_id, a.from_stop) < (b.ticket_id, b.from_stop) AND ${same('a', 'b')}`),
  );
  for (const d of twiceSold) violations.push(`${d.seat} is sold twice on a leg: tickets ${d.a} and ${d.b}`);
  const twiceLocked = rowsOf<{ seat: string; a: string; b: string }>(
    await db.execute(sql`
      SELECT a.seat_number AS seat, a.user_session || ' ' || a.from_stop || '-' || a.to_stop AS a,
             b.user_session || ' ' || b.from_stop || '-' || b.to_stop AS b
        FROM seat_locks a JOIN seat_locks b ON a.id < b.id AND ${same('a', 'b')}`),
  );
  for (const d of twiceLocked) violations.push(`${d.seat} is locked twice on a leg: ${d.a} and ${d.b}`);
  const lockedAndSold = rowsOf<{ seat: string; lock: string; ticket: string }>(
    await db.execute(sql`
      SELECT l.seat_number AS seat, l.user_session || ' ' || l.from_stop || '-' || l.to_stop AS lock,
             s.ticket_id || ' ' || s.from_stop || '-' || s.to_stop AS ticket
        FROM seat_locks l JOIN ticket_seats s ON ${same('l', 's')}
       WHERE l.locked_until > ${now.toISOString()}::timestamptz`),
  );
  for (const d of lockedAndSold) {
    violations.push(`${d.seat} is locked by ${d.lock} on a leg ticket ${d.ticket} holds`);
  }

  // The run's tickets: rows only while pending or confirmed, one per listed seat, on its stretch.
  const stopIds = r.trip.stops.map((s) => s.locationId);
  const ticketRows = await db
    .select({
      id: tickets.id,
      status: tickets.ticketStatus,
      seats: tickets.seatNumbers,
      origin: tickets.userOriginId,
      destination: tickets.userDestinationId,
    })
    .from(tickets)
    .where(eq(tickets.scheduleId, r.trip.schedule.id));
  const seatRows = await seatRowsOf(r);
  for (const ticket of ticketRows) {
    const held = seatRows
      .filter((s) => s.ticketId === ticket.id)
      .map((s) => `${s.seat} ${s.fromStop}-${s.toStop}`)
      .sort();
    const holding = ticket.status === 'pending' || ticket.status === 'confirmed';
    const fromStop = stopIds.indexOf(ticket.origin ?? '');
    const toStop = stopIds.indexOf(ticket.destination ?? '');
    const expected = holding ? ticket.seats.map((seat) => `${seat} ${fromStop}-${toStop}`).sort() : [];
    if (held.join() !== expected.join()) {
      violations.push(
        `ticket ${ticket.id} (${ticket.status}) holds [${held}], its stretch says [${expected}]`,
      );
    }
  }
  return violations;
}

// ---- The commands ----

/** All the commands need to know ahead: whether there is a ticket to reject or cancel. */
type Model = { tickets: number };
type LegCommand = fc.AsyncCommand<Model, Real>;

function legCommand(
  label: string,
  act: (r: Real) => Promise<void>,
  check?: (m: Model) => boolean,
): LegCommand {
  return {
    check: check ?? (() => true),
    toString: () => label,
    async run(m, r) {
      await act(r);
      m.tickets = r.ticketIds.length;
      expect(await findLegViolations(r.world.t.database.db, r.world.clock.now(), r)).toEqual([]);
    },
  };
}

const stopsOf = (r: Real, s: Stretch) => ({
  originId: r.trip.stops[s.fromStop]?.locationId ?? '',
  destinationId: r.trip.stops[s.toStop]?.locationId ?? '',
});
const keyOf = (r: Real) => ({
  scheduleId: r.trip.schedule.id,
  travelDate: r.trip.schedule.travelDate,
  launchId: r.launchId,
});
const show = (s: Stretch) => `${s.fromStop}-${s.toStop}`;

/** How often each kind of step was granted or refused over all runs: none may pass unseen. */
const seen = new Map<string, number>();
const note = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

/** What a refusal of taken seats looks like. */
const refused = (seats: string[]) => ({ ok: false, code: 'seats_unavailable', seats });

/** Locks after `delay` seconds, so holds often end between steps. */
function lockCommand(session: number, seats: string[], stretch: Stretch, delay: number): LegCommand {
  return legCommand(`lock(s${session}, [${seats}], ${show(stretch)}, +${delay}s)`, async (r) => {
    r.world.advance(delay * 1000);
    const who = r.sessions[session] ?? '';
    const conflicts = await conflictsOf(r, seats, stretch, who);
    const out = await attempt(() =>
      lockSeats({
        db: r.world.t.database.db,
        ...keyOf(r),
        ...stopsOf(r, stretch),
        seats,
        session: who,
        now: r.world.clock.now(),
        holdSeconds: SEAT_HOLD_SECONDS,
        timeZone: r.world.t.config.tzOperator,
      }),
    );
    if (conflicts.length > 0) {
      expect(out).toMatchObject(refused(conflicts));
      note('lock refused');
      return;
    }
    expect(out).toMatchObject({ ok: true });
    note('lock granted');
    // The session now holds each seat it asked for on exactly its stretch.
    const now = r.world.clock.now().getTime();
    const mine = (await lockRowsOf(r)).filter((l) => l.session === who && l.until > now);
    for (const seat of seats) {
      expect(mine.filter((l) => l.seat === seat).map(show), seat).toEqual([show(stretch)]);
    }
  });
}

function releaseCommand(session: number, seats: string[]): LegCommand {
  return legCommand(`release(s${session}, [${seats}])`, async (r) => {
    const who = r.sessions[session] ?? '';
    const before = await lockRowsOf(r);
    const mine = (l: LockRow) => l.session === who && seats.includes(l.seat);
    const out = await releaseSeats({ db: r.world.t.database.db, ...keyOf(r), seats, session: who });
    expect(out).toEqual({ released: before.filter(mine).length });
    // Nobody else's lock went.
    const byId = (a: LockRow, b: LockRow) => a.id.localeCompare(b.id);
    expect((await lockRowsOf(r)).sort(byId)).toEqual(before.filter((l) => !mine(l)).sort(byId));
  });
}

function waitCommand(seconds: number): LegCommand {
  return legCommand(`wait(${seconds}s)`, async (r) => {
    r.world.advance(seconds * 1000);
  });
}

/** The ticket's seat rows: each seat once, on the stretch it was sold for. */
async function expectHeld(r: Real, ticketId: string, seats: string[], stretch: Stretch) {
  const rows = (await seatRowsOf(r)).filter((s) => s.ticketId === ticketId);
  expect(rows.map((s) => `${s.seat} ${show(s)}`).sort()).toEqual(
    seats.map((s) => `${s} ${show(stretch)}`).sort(),
  );
}

function bookCommand(session: number, seats: string[], stretch: Stretch): LegCommand {
  return legCommand(`book(s${session}, [${seats}], ${show(stretch)})`, async (r) => {
    const { world } = r;
    const who = r.sessions[session] ?? '';
    const email = `p-${uniqueSuffix()}@example.com`;
    const request = {
      ...keyOf(r),
      ...stopsOf(r, stretch),
      seats,
      tickets: [{ type: 'local', category: 'adult', quantity: seats.length }],
      passenger: { name: 'Aishath Mohamed Ali', email, phone: '7771234' },
      paymentCurrency: 'MVR',
      verificationToken: await verifiedToken(world, email),
    };
    const conflicts = await conflictsOf(r, seats, stretch, who);
    const out = await attempt(() =>
      createBooking({
        db: world.t.database.db,
        storage: world.t.storage,
        clock: world.clock,
        tzOperator: world.t.config.tzOperator,
        input: bookingRequestSchema.parse(request),
        slip: world.slip,
        session: who,
        idempotencyKey: `key-${randomUUID()}`,
        requestHash: bookingRequestHash(JSON.stringify(request), world.slip),
        clientIp: '192.0.2.10',
        limits: NO_HOLD_LIMITS,
      }),
    );
    if (conflicts.length > 0) {
      expect(out).toMatchObject(refused(conflicts));
      note('book refused');
      return;
    }
    expect(out).toMatchObject({ ok: true, value: { statusCode: 201 } });
    note('book granted');
    const reference = out.ok ? out.value.body.reference : '';
    const [row] = await world.t.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.paymentReference, reference));
    r.ticketIds.push(row?.id ?? '');
    await expectHeld(r, row?.id ?? '', seats, stretch);
  });
}

function sellCommand(seats: string[], stretch: Stretch): LegCommand {
  return legCommand(`sell([${seats}], ${show(stretch)})`, async (r) => {
    const { world } = r;
    const conflicts = await conflictsOf(r, seats, stretch, r.sessions[SELLER] ?? '');
    const out = await attempt(() =>
      sellAtCounter({
        db: world.t.database.db,
        clock: world.clock,
        tzOperator: world.t.config.tzOperator,
        seller: world.seller,
        input: counterSaleRequestSchema.parse({
          ...keyOf(r),
          ...stopsOf(r, stretch),
          seats,
          tickets: [{ type: 'local', category: 'adult', quantity: seats.length }],
          passenger: { name: 'Ibrahim Walk-in', nationality: 'Maldivian' },
          language: 'en',
          currency: 'MVR',
          payment: { method: 'card' },
          saleId: randomUUID(),
        }),
        signer: undefined,
        eTicketBase: 'http://localhost',
      }),
    );
    if (conflicts.length > 0) {
      expect(out).toMatchObject(refused(conflicts));
      note('sell refused');
      return;
    }
    expect(out).toMatchObject({ ok: true, value: { created: true } });
    note('sell granted');
    const ticketId = out.ok ? out.value.sale.ticketId : '';
    r.ticketIds.push(ticketId);
    await expectHeld(r, ticketId, seats, stretch);
  });
}

/** The office rejects a booking: a pending one lets its seats go, anything else is refused. */
function rejectCommand(pick: number): LegCommand {
  return legCommand(
    `reject(ticket #${pick})`,
    async (r) => {
      const ticketId = r.ticketIds[pick % r.ticketIds.length] ?? '';
      const { db } = r.world.t.database;
      const [before] = await db
        .select({ status: tickets.ticketStatus })
        .from(tickets)
        .where(eq(tickets.id, ticketId));
      const out = await attempt(() =>
        rejectTicket({
          db,
          clock: r.world.clock,
          actorUserId: r.world.admin.id,
          ticketId,
          remarks: 'Slip unreadable',
        }),
      );
      if (before?.status === 'pending') {
        expect(out).toMatchObject({ ok: true });
        note('reject freed');
      } else expect(out).toMatchObject({ ok: false, code: 'ticket_not_pending' });
    },
    (m) => m.tickets > 0,
  );
}

/** The passenger cancels their own booking, as the manage page does once its code is proved. */
function cancelCommand(pick: number): LegCommand {
  return legCommand(
    `cancel(ticket #${pick})`,
    async (r) => {
      const ticketId = r.ticketIds[pick % r.ticketIds.length] ?? '';
      const { db } = r.world.t.database;
      const now = r.world.clock.now();
      const out = await attempt(() =>
        db.transaction(async (tx) => {
          const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
          if (!ticket) throw new Error(`no ticket ${ticketId}`);
          const rules = await rulesOf({ db: tx, ticket, now, timeZone: r.world.t.config.tzOperator });
          return {
            was: ticket.ticketStatus,
            change: await cancelOwnBooking({ tx, ticket, rules, now, account: undefined }),
          };
        }),
      );
      if (out.ok) {
        expect(['pending', 'confirmed']).toContain(out.value.was);
        note('cancel freed');
      } else expect(out).toMatchObject({ ok: false, code: 'manage_not_allowed' });
    },
    (m) => m.tickets > 0,
  );
}

const stretchArb = fc
  .tuple(fc.integer({ min: 0, max: STOPS - 1 }), fc.integer({ min: 0, max: STOPS - 1 }))
  .filter(([a, b]) => a !== b)
  .map(([a, b]): Stretch => ({ fromStop: Math.min(a, b), toStop: Math.max(a, b) }));
const sessionArb = fc.integer({ min: 0, max: SELLER });
const passengerArb = fc.integer({ min: 0, max: PASSENGERS - 1 });
const seatsArb = fc.shuffledSubarray(SEATS, { minLength: 1, maxLength: 2 });
const pickArb = fc.nat();

// Locks, bookings and sales twice over: they are what contends for legs.
const lockArb = fc
  .tuple(sessionArb, seatsArb, stretchArb, fc.integer({ min: 0, max: 120 }))
  .map(([s, seats, stretch, delay]) => lockCommand(s, seats, stretch, delay));
const bookArb = fc
  .tuple(passengerArb, seatsArb, stretchArb)
  .map(([s, seats, stretch]) => bookCommand(s, seats, stretch));
const sellArb = fc.tuple(seatsArb, stretchArb).map(([seats, stretch]) => sellCommand(seats, stretch));
const commandArbs = [
  lockArb,
  lockArb,
  fc.tuple(sessionArb, seatsArb).map(([s, seats]) => releaseCommand(s, seats)),
  // Past the hold, or a little way into it.
  fc
    .oneof(fc.constant(SEAT_HOLD_SECONDS + 1), fc.integer({ min: 1, max: SEAT_HOLD_SECONDS }))
    .map(waitCommand),
  bookArb,
  bookArb,
  sellArb,
  pickArb.map(rejectCommand),
  pickArb.map(cancelCommand),
];

describe(`a leg of a seat is sold once, under random commands (${testDatabaseKind})`, () => {
  let world: World;

  beforeAll(async () => {
    world = await openWorld();
  });
  afterAll(() => world.t.close());

  it('never holds a leg twice, and grants exactly the stretches no one else holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commandArbs, { maxCommands: 20, size: '+1' }), async (cmds) => {
        const setup = async () => {
          // A fresh departure per run, so runs never see each other's seats.
          const { db } = world.t.database;
          const launch = await makeLaunch(db, { seats: SEATS });
          const trip = await makeSchedule(db, {
            launchIds: [launch.id],
            stops: Array.from({ length: STOPS }, (_, i) => ({
              departureTime: `${String(8 + i).padStart(2, '0')}:00`,
            })),
          });
          const sessions = [
            ...Array.from({ length: PASSENGERS }, () => randomUUID()),
            staffLockSession(world.seller.sessionId),
          ];
          const real: Real = { world, trip, launchId: launch.id, sessions, ticketIds: [] };
          return { model: { tickets: 0 } as Model, real };
        };
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: 20 },
    );
    // The property held over runs that did contend: stretches were granted and refused.
    const tally = JSON.stringify(Object.fromEntries(seen));
    for (const kind of ['lock granted', 'lock refused', 'book granted', 'book refused', 'sell granted']) {
      expect(seen.get(kind) ?? 0, `${kind} in ${tally}`).toBeGreaterThan(0);
    }
  }, 300_000);
});

describe(`the leg checker bites (${testDatabaseKind})`, () => {
  let world: World;

  beforeAll(async () => {
    world = await openWorld();
  });
  afterAll(() => world.t.close());

  it('reports a leg sold twice, locked twice, and locked on a sold leg once the constraints are gone', async () => {
    const { db } = world.t.database;
    const launch = await makeLaunch(db, { seats: SEATS });
    const trip = await makeSchedule(db, { launchIds: [launch.id], stops: STOPS });
    const real: Real = { world, trip, launchId: launch.id, sessions: [], ticketIds: [] };
    const now = world.clock.now();
    expect(await findLegViolations(db, now, real)).toEqual([]);

    // This database is this describe's own, so breaking it touches no other test.
    await db.execute(sql`ALTER TABLE ticket_seats DROP CONSTRAINT ticket_seats_seat_legs_excl`);
    await db.execute(sql`ALTER TABLE seat_locks DROP CONSTRAINT seat_locks_seat_legs_excl`);
    const stop = (i: number) => trip.stops[i]?.locationId ?? '';
    // A1 sold 0-2 and 1-3 (leg 1 twice) and 3-4; A2 locked 0-3 and 2-4 (leg 2 twice); A3 sold
    // 3-4 and locked 2-4 (leg 3) and 0-2. Stretches that only meet at a stop are no violation.
    await makeTicket(db, { schedule: trip, seats: ['A1'], originId: stop(0), destinationId: stop(2) });
    await makeTicket(db, { schedule: trip, seats: ['A1'], originId: stop(1), destinationId: stop(3) });
    await makeTicket(db, { schedule: trip, seats: ['A1'], originId: stop(3), destinationId: stop(4) });
    await makeTicket(db, { schedule: trip, seats: ['A3'], originId: stop(3), destinationId: stop(4) });
    const lockOf = (seat: string, fromStop: number, toStop: number) => ({
      ...keyOf(real),
      seatNumber: seat,
      fromStop,
      toStop,
      lockedUntil: new Date(now.getTime() + 60_000),
      userSession: randomUUID(),
    });
    await db
      .insert(seatLocks)
      .values([lockOf('A2', 0, 3), lockOf('A2', 2, 4), lockOf('A3', 2, 4), lockOf('A3', 0, 2)]);

    const found = await findLegViolations(db, now, real);
    expect(found).toHaveLength(3);
    expect(found).toContainEqual(
      expect.stringMatching(/^A1 is sold twice on a leg: tickets .+ (0-2|1-3) and .+ (0-2|1-3)$/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/^A2 is locked twice on a leg: .+ (0-3|2-4) and .+ (0-3|2-4)$/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/^A3 is locked by .+ 2-4 on a leg ticket .+ 3-4 holds$/),
    );
  });
});
