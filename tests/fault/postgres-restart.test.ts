import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages/api.ts';
import { adminCookie, OPEN_HOLD_LIMITS, operatorDate } from '../setup/http-passenger.ts';
import { freePort, type ServerProcess, startServer, waitForHealth } from '../setup/server-process.ts';
import { type SmtpSink, startSmtpSink } from '../setup/smtp-sink.ts';
import {
  type BookingAttempt,
  bookOverHttp,
  freeSeats,
  type SeatSlot,
  sleep,
  type TripLeg,
} from './http-booking.ts';

/*
 * PostgreSQL stopped and started again under a running server: while it is down every answer is
 * a quick 503 with a readable message (never a 500, never a hang), and afterwards the same
 * process serves again, bookings included, and its LISTEN for live admin events is back.
 * A cluster of its own, on its own port: the shared one is never touched.
 */

const ADMIN = { email: 'fault-admin@example.com', password: 'fault-admin-password' };
/** A healthy or a refusing server answers well within this; longer counts as a hang. */
const ANSWER_TIMEOUT_MS = 8_000;

function findPgBin(): string | undefined {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config on PATH
  }
  if (existsSync('/usr/lib/postgresql')) {
    for (const v of readdirSync('/usr/lib/postgresql').sort().reverse())
      candidates.push(path.join('/usr/lib/postgresql', v, 'bin'));
  }
  return candidates.find(
    (dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')),
  );
}

const pgBin = process.env.TEST_DATABASE_URL ? findPgBin() : undefined;
if (process.env.TEST_DATABASE_URL && !pgBin) {
  console.log('[fault] postgres-restart skipped: no PostgreSQL binaries (initdb, pg_ctl) found');
}
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool, as the postgres user when we are root (initdb refuses root). */
function pgTool(tool: string, args: string[]): string {
  const bin = path.join(pgBin as string, tool);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd as string, argv as string[], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

type Outcome = { phase: string; what: string; status: number | 'timeout' | 'network'; message?: string };

describe.skipIf(!pgBin)('PostgreSQL stopped and started under load', () => {
  let dir: string;
  let dataDir: string;
  let sink: SmtpSink;
  let server: ServerProcess | undefined;
  let clusterUp = false;
  let pgPort = 0;
  let cookie = '';
  let leg: TripLeg;
  let slots: SeatSlot[] = [];
  let knownReference = '';

  const pgCtl = (action: string, ...extra: string[]) =>
    pgTool('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'postgres.log'),
      '-o',
      `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      action,
      ...extra,
    ]);

  beforeAll(async () => {
    // Under the system's temp folder: the cluster runs as user postgres, who must be able to
    // reach it (a checkout in a private folder would not let it).
    dir = await mkdtemp(path.join(tmpdir(), 'ferry-pg-'));
    dataDir = path.join(dir, 'data');
    pgPort = await freePort();
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    pgTool('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    pgCtl('start');
    clusterUp = true;
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${pgPort}/postgres` });
    await admin.connect();
    await admin.query('create database ferry');
    await admin.end();

    sink = await startSmtpSink();
    server = startServer(
      {
        DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/ferry`,
        DATA_DIR: path.join(dir, 'app'),
        SEED_DEMO: 'true',
        SMTP_URL: sink.url,
        MAIL_CLAIM_SECONDS: '8',
        RATE_LIMIT_SCALE: '100000',
        ...OPEN_HOLD_LIMITS,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      await freePort(),
    );
    await waitForHealth(server, 120_000);
    cookie = await adminCookie(server.url, ADMIN.email, ADMIN.password);
    const found = (await freeSeats(server.url, operatorDate(1))).find((l) => l.slots.length >= 10);
    if (!found) throw new Error('no demo trip with free seats');
    leg = found.leg;
    slots = found.slots;
    knownReference = (await book()).reference as string;
    // Opened before any outage, so the server's LISTEN exists and has to come back by itself.
    longLived = await openEvents();
  }, 180_000);

  afterAll(async () => {
    await longLived?.close();
    await server?.kill9();
    if (clusterUp) {
      try {
        pgCtl('stop', '-m', 'immediate');
      } catch {
        // already stopped
      }
    }
    await sink?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  type EventStream = { text(): string; close(): Promise<void> };
  let longLived: EventStream;

  /** An admin's live-events stream, read in the background. */
  async function openEvents(): Promise<EventStream> {
    const res = await fetch(`${server?.url}/api/admin/events`, {
      headers: { cookie, accept: 'text/event-stream' },
    });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received += decoder.decode(value, { stream: true });
      }
    })().catch(() => {});
    // The stream says so once it is subscribed.
    while (!received.includes(': connected')) await sleep(20);
    return {
      text: () => received,
      async close() {
        await reader.cancel().catch(() => {});
        await reading;
      },
    };
  }

  async function book(): Promise<BookingAttempt> {
    const seat = slots.shift();
    if (!seat || !server) throw new Error('out of seats');
    const attempt: BookingAttempt = {
      email: `pg-${randomBytes(4).toString('hex')}@example.com`,
      seats: [seat],
      stage: 'code',
    };
    await bookOverHttp(server.url, sink, leg, attempt);
    return attempt;
  }

  /** One request with a deadline; a network error or a timeout is recorded, never thrown. */
  async function probe(phase: string, what: string, url: string, init: RequestInit = {}): Promise<Outcome> {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
      const text = await res.text();
      let message: string | undefined;
      try {
        message = JSON.parse(text)?.error?.message;
      } catch {
        // not JSON
      }
      return { phase, what, status: res.status, message };
    } catch (err) {
      const name = (err as Error).name;
      return {
        phase,
        what,
        status: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network',
      };
    }
  }

  /** The steady load: search, seat map, lookup, health, and the first write of a booking. */
  function loadRequests(phase: string): Promise<Outcome>[] {
    const base = server?.url as string;
    const seat = slots[0] as SeatSlot;
    return [
      probe(phase, 'health', `${base}/api/health`),
      probe(
        phase,
        'search',
        `${base}/api/trips?date=${leg.travelDate}&from=${leg.originId}&to=${leg.destinationId}`,
      ),
      probe(
        phase,
        'seat map',
        `${base}/api/trips/${seat.scheduleId}/seats?date=${seat.travelDate}&launchId=${seat.launchId}`,
      ),
      probe(phase, 'lookup', `${base}/api/bookings/${knownReference}`),
      probe(phase, 'admin list', `${base}/api/admin/tickets`, { headers: { cookie } }),
      probe(phase, 'code request', `${base}/api/email-codes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `load-${randomBytes(4).toString('hex')}@example.com` }),
      }),
    ];
  }

  for (const mode of ['fast', 'immediate'] as const) {
    it(`answers 503 while PostgreSQL is down (stop -m ${mode}) and recovers without a restart`, {
      timeout: 180_000,
    }, async () => {
      const live = server as ServerProcess;
      const outcomes: Outcome[] = [];
      let phase = 'up';
      let running = true;
      const loop = (async () => {
        while (running) {
          outcomes.push(...(await Promise.all(loadRequests(phase))));
          await sleep(100);
        }
      })();
      // Bookings in flight when the database goes.
      const bookings = [book(), book()].map((p) =>
        p.then(
          () => 'booked',
          (e: Error) => e.message,
        ),
      );

      await sleep(1_000);
      pgCtl('stop', '-m', mode);
      clusterUp = false;
      // Searches and seat maps may be shared from the micro-caches for their one second, which
      // a write that changed nothing no longer ends: only after that is every answer a 503.
      phase = 'stopping';
      await sleep(1_500);
      phase = 'down';
      await sleep(3_000);
      const downHealth = await probe('down', 'health', `${live.url}/api/health`);
      phase = 'restarting';
      pgCtl('start');
      clusterUp = true;
      phase = 'recovering';

      // Back without restarting the server: poll until every endpoint answers 200.
      const deadline = Date.now() + 30_000;
      let recovered = false;
      while (!recovered && Date.now() < deadline) {
        const round = await Promise.all(loadRequests('recovering'));
        recovered = round.every((o) => o.status === 200);
        if (!recovered) await sleep(250);
      }
      running = false;
      await loop;
      const booked = await Promise.all(bookings);

      const count = (p: string) => outcomes.filter((o) => o.phase === p).length;
      console.log(
        `[fault] stop -m ${mode}: ${outcomes.length} requests (${count('up')} up, ${count('down')} down, ` +
          `${count('recovering')} recovering); bookings in flight: ${JSON.stringify(booked)}`,
      );
      expect(live.child.exitCode, `server exited:\n${live.output().slice(-3000)}`).toBeNull();
      expect(recovered, 'every endpoint answers 200 again within 30 s').toBe(true);
      // Never a 500, never a hang or a dropped connection: 200 or a clean 503.
      const bad = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
      expect(bad, `server log:\n${live.output().slice(-4000)}`).toEqual([]);
      // While down, every answer is the readable 503.
      const down = outcomes.filter((o) => o.phase === 'down');
      expect(down.length).toBeGreaterThan(0);
      for (const o of [...down, downHealth]) {
        expect(o, `${o.what} while PostgreSQL is down`).toMatchObject({ status: 503 });
        expect(o.message).toBe(MSG.databaseUnavailable);
      }
      for (const o of outcomes.filter((x) => x.status === 503))
        expect(o.message).toBe(MSG.databaseUnavailable);

      // A booking made after recovery goes through.
      const after = await book();
      expect(after.status).toBe(201);

      // A live-events stream opened now, and the one open since before the outage, hear about
      // the next booking: the process's LISTEN connection is back.
      const fresh = await openEvents();
      let heard = false;
      let tries = 0;
      const eventDeadline = Date.now() + 45_000;
      while (!heard && Date.now() < eventDeadline) {
        tries++;
        const next = await book();
        const ticket = await fetch(`${live.url}/api/admin/tickets/by-reference/${next.reference}`, {
          headers: { cookie },
        }).then((r) => r.json() as Promise<{ id: string }>);
        const until = Date.now() + 5_000;
        const both = () => fresh.text().includes(ticket.id) && longLived.text().includes(ticket.id);
        while (!both() && Date.now() < until) await sleep(100);
        heard = both();
      }
      await fresh.close();
      console.log(`[fault] stop -m ${mode}: live event heard after ${tries} booking(s)`);
      expect(heard, 'the admin event stream received a booking event after recovery').toBe(true);
      expect(tries, 'the first booking after recovery was announced').toBe(1);
    });
  }
});
