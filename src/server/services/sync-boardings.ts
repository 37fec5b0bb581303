import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { boardingClosures, boardings, schedules, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { announce } from '#server/lib/live-events.ts';
import { partySize } from '#server/lib/persons.ts';
import type { Boarding, BoardingResult } from '#shared/boarding.ts';
import { firstBoardings } from './first-boardings.ts';
import { readBoarded } from './read-boarded.ts';

const BOARDS_MARKS = new Set([null, 'present', 'no_show']);

export type SyncBoardingsOptions = {
  db: Db;
  userId: string;
  deviceId: string;
  boardings: Boarding[];
  now: Date;
  mayBoard: (travelDate: string) => boolean;
};

/**
 * Takes a device's boardings (docs/decisions/024-offline-boarding.md), each in its own
 * transaction with the ticket row locked, so two devices boarding one ticket are serialised:
 * the first to reach the server wins, and the second is kept as a conflict, never counted
 * twice. A boarding sent again answers as it did the first time. `mayBoard` says which
 * departures this person may board (today's, or yesterday's for a device that was offline).
 * A boarding at a stop whose boarding has closed is refused: the closing's counts stand, and the
 * final manifest agrees with them, until the stop is reopened.
 */
export async function syncBoardings(opts: SyncBoardingsOptions): Promise<BoardingResult[]> {
  const results: BoardingResult[] = [];
  for (const b of opts.boardings) {
    results.push(await syncOne(opts, b));
  }
  return results;
}

async function syncOne(
  opts: { db: Db; userId: string; deviceId: string; now: Date; mayBoard: (travelDate: string) => boolean },
  b: Boarding,
): Promise<BoardingResult> {
  return opts.db.transaction(async (tx) => {
    // The departure before the ticket, the order closing boarding takes them in: a closing waits
    // for the boardings under way, and a boarding that comes after it sees the closure.
    await tx.select({ id: schedules.id }).from(schedules).where(eq(schedules.id, b.scheduleId)).for('share');
    const [ticket] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, b.ticketId), eq(tickets.scheduleId, b.scheduleId)))
      .for('update');
    const [seen] = await tx.select().from(boardings).where(eq(boardings.id, b.id)).limit(1);
    if (seen) {
      const firsts =
        seen.outcome === 'conflict'
          ? await firstBoardings({ db: tx, ticketIds: [seen.ticketId] })
          : new Map();
      return {
        id: seen.id,
        ticketId: seen.ticketId,
        outcome: seen.outcome as BoardingResult['outcome'],
        accepted: seen.accepted,
        firstBoarding: firsts.get(seen.ticketId) ?? null,
      };
    }
    const refused: BoardingResult = {
      id: b.id,
      ticketId: b.ticketId,
      outcome: 'refused',
      accepted: 0,
      firstBoarding: null,
    };
    const [closed] = await tx
      .select({ stop: boardingClosures.stop })
      .from(boardingClosures)
      .where(and(eq(boardingClosures.scheduleId, b.scheduleId), eq(boardingClosures.stop, b.stop)))
      .limit(1);
    const why = !ticket
      ? 'not_on_departure'
      : ticket.ticketStatus !== 'confirmed'
        ? ticket.ticketStatus
        : !BOARDS_MARKS.has(ticket.markedStatus)
          ? `marked_${ticket.markedStatus}`
          : !opts.mayBoard(ticket.travelDate)
            ? 'not_today'
            : closed
              ? 'stop_closed'
              : null;
    if (why !== null || !ticket) {
      await recordRefusal(tx, opts, b, why ?? 'not_on_departure');
      return refused;
    }
    const boarded = await readBoarded({ db: tx, ticketId: ticket.id });
    const accepted = Math.min(b.persons, Math.max(0, partySize(ticket) - boarded));
    const outcome = accepted === b.persons ? 'boarded' : 'conflict';
    await tx.insert(boardings).values({
      id: b.id,
      ticketId: ticket.id,
      scheduleId: ticket.scheduleId,
      stop: b.stop,
      persons: b.persons,
      accepted,
      outcome,
      deliberate: b.deliberate,
      deviceId: opts.deviceId,
      deviceTime: new Date(b.deviceTime),
      userId: opts.userId,
      receivedAt: opts.now,
    });
    if (accepted > 0) {
      await tx
        .update(tickets)
        .set({ markedStatus: 'present', updatedAt: opts.now })
        .where(eq(tickets.id, ticket.id));
    }
    await writeAudit({
      db: tx,
      actorUserId: opts.userId,
      action: outcome === 'boarded' ? 'board' : 'board_conflict',
      entity: 'ticket',
      entityId: ticket.id,
      before: { boarded, markedStatus: ticket.markedStatus },
      after: {
        boarded: boarded + accepted,
        persons: b.persons,
        stop: b.stop,
        deviceId: opts.deviceId,
        deviceTime: b.deviceTime,
        deliberate: b.deliberate,
      },
    });
    if (accepted > 0) {
      await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: ticket.id } } });
      await announce({ db: tx, event: { kind: 'boarding', data: { scheduleId: ticket.scheduleId } } });
    }
    const firsts =
      outcome === 'conflict' ? await firstBoardings({ db: tx, ticketIds: [ticket.id] }) : new Map();
    return {
      id: b.id,
      ticketId: ticket.id,
      outcome,
      accepted,
      firstBoarding: firsts.get(ticket.id) ?? null,
    };
  });
}

/**
 * A refused boarding leaves a trace: a `refused` row (so sending it again answers the same) where
 * the ticket and the departure still exist, and an audit entry in every case, with why.
 */
async function recordRefusal(
  tx: Tx,
  opts: { userId: string; deviceId: string; now: Date },
  b: Boarding,
  why: string,
): Promise<void> {
  const [ticket] = await tx
    .select({
      id: tickets.id,
      scheduleId: tickets.scheduleId,
      travelDate: tickets.travelDate,
      ticketStatus: tickets.ticketStatus,
      markedStatus: tickets.markedStatus,
    })
    .from(tickets)
    .where(eq(tickets.id, b.ticketId))
    .limit(1);
  const [departure] = await tx
    .select({ id: schedules.id })
    .from(schedules)
    .where(eq(schedules.id, b.scheduleId))
    .limit(1);
  if (ticket && departure) {
    await tx
      .insert(boardings)
      .values({
        id: b.id,
        ticketId: ticket.id,
        scheduleId: departure.id,
        stop: b.stop,
        persons: b.persons,
        accepted: 0,
        outcome: 'refused',
        deliberate: b.deliberate,
        deviceId: opts.deviceId,
        deviceTime: new Date(b.deviceTime),
        userId: opts.userId,
        receivedAt: opts.now,
      })
      .onConflictDoNothing();
  }
  await writeAudit({
    db: tx,
    actorUserId: opts.userId,
    action: 'board_refused',
    entity: 'ticket',
    entityId: b.ticketId,
    before: ticket
      ? {
          scheduleId: ticket.scheduleId,
          travelDate: ticket.travelDate,
          ticketStatus: ticket.ticketStatus,
          markedStatus: ticket.markedStatus,
        }
      : null,
    after: {
      why,
      scheduleId: b.scheduleId,
      persons: b.persons,
      stop: b.stop,
      deviceId: opts.deviceId,
      deviceTime: b.deviceTime,
      deliberate: b.deliberate,
    },
  });
}
