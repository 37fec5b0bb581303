import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DbOrTx } from '#server/db/client.ts';
import type { ScheduleEvent, TicketEvent } from '#shared/admin-api.ts';

/*
 * Live updates for admin screens (docs/product.md sections 1 and 5): services announce changes
 * with pg_notify inside their own transaction, so PostgreSQL delivers them only on commit and
 * never for a rolled-back change, and to every app instance listening, with no other broker.
 */

const EVENTS_CHANNEL = 'ferry_events';

export type LiveEvent =
  | { kind: 'ticket'; data: TicketEvent }
  | { kind: 'schedule'; data: ScheduleEvent }
  /** Someone boarded, or boarding closed at a stop: boarding screens refresh that departure. */
  | { kind: 'boarding'; data: { scheduleId: string } }
  /**
   * A person's access changed (deactivated, role changed, password reset, signed out): their
   * screens re-check. With `sessionIds`, only those sessions ended; without, all of theirs.
   */
  | { kind: 'staff'; data: { userId: string; sessionIds?: string[] } };

export type AnnounceOptions = { db: DbOrTx; event: LiveEvent };

/** Queues the event in the caller's transaction; listeners see it once that commits. */
export async function announce({ db, event }: AnnounceOptions): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

export type AnnounceAllOptions = { db: DbOrTx; events: LiveEvent[] };

/** Many events in one statement, as `announce` queues one: a batch of changes is one round trip. */
export async function announceAll({ db, events }: AnnounceAllOptions): Promise<void> {
  if (events.length === 0) return;
  const payloads = sql.join(
    events.map((event) => sql`(${JSON.stringify(event)})`),
    sql`, `,
  );
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, v.e) from (values ${payloads}) as v(e)`);
}

function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (
      (value.kind === 'ticket' ||
        value.kind === 'schedule' ||
        value.kind === 'boarding' ||
        value.kind === 'staff') &&
      value.data &&
      typeof value.data === 'object'
    ) {
      return value as LiveEvent;
    }
  } catch {
    // Not ours, or cut short: ignored.
  }
  return null;
}

type Logger = { warn(obj: object, msg: string): void };

export type LiveEvents = {
  /** Calls `listener` with every event until the returned function is called. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Starts listening (idempotent); resolves once LISTEN is in place. */
  start(): Promise<void>;
  close(): Promise<void>;
};

const RECONNECT_MIN_MS = 500;
// Short: the admin screens hear nothing until it is back, and a refused connect costs little.
const RECONNECT_MAX_MS = 2_000;

/**
 * One listener per process, fanned out to every subscriber. PGlite has a listen API of its own;
 * on PostgreSQL a dedicated client (outside the pool, which would hand the connection back)
 * runs LISTEN and reconnects with back-off when its connection drops.
 */
export function createLiveEvents(database: Database, log: Logger): LiveEvents {
  const listeners = new Set<(event: LiveEvent) => void>();
  let closed = false;
  let starting: Promise<void> | null = null;
  let stopListening: (() => Promise<void>) | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  const dispatch = (payload: string) => {
    const event = parseLiveEvent(payload);
    if (!event) return;
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        log.warn({ err }, 'live event listener failed');
      }
    }
  };

  async function listenPglite(): Promise<void> {
    const client = database.pglite;
    if (!client) throw new Error('no PGlite client');
    const unlisten = await client.listen(EVENTS_CHANNEL, dispatch);
    stopListening = async () => {
      if (!client.closed) await unlisten();
    };
  }

  let failures = 0;

  function scheduleReconnect(err: unknown): void {
    if (closed) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures);
    failures++;
    log.warn({ err, delayMs: delay }, 'live events connection lost; reconnecting');
    retryTimer = setTimeout(() => {
      retryTimer = null;
      listenPostgres().catch(scheduleReconnect);
    }, delay);
    retryTimer.unref();
  }

  async function listenPostgres(): Promise<void> {
    const pool = database.pool;
    if (!pool) throw new Error('no PostgreSQL pool');
    const client = new pg.Client(pool.options);
    let ready = false;
    let dropped = false;
    const drop = (err: unknown) => {
      // Failures while connecting are thrown to the caller instead.
      if (!ready || dropped) return;
      dropped = true;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      scheduleReconnect(err);
    };
    client.on('error', drop);
    client.on('end', () => drop(new Error('connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel === EVENTS_CHANNEL && msg.payload) dispatch(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (err) {
      dropped = true;
      await client.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    ready = true;
    failures = 0;
    stopListening = async () => {
      dropped = true;
      await client.end().catch(() => {});
    };
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start() {
      if (!starting) {
        const attempt = database.kind === 'pglite' ? listenPglite() : listenPostgres();
        // A failed first start is retried by the next subscriber rather than cached.
        starting = attempt.catch((err: unknown) => {
          starting = null;
          throw err;
        });
      }
      return starting;
    },
    async close() {
      closed = true;
      listeners.clear();
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await starting?.catch(() => {});
      await stopListening?.();
      stopListening = null;
    },
  };
}
