import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { boardings } from '#server/db/schema.ts';

export type FirstBoardingsOptions = { db: DbOrTx; ticketIds: string[] };

/** The first boarding that counted of each ticket: when (device time) and on which device. */
export async function firstBoardings({ db, ticketIds }: FirstBoardingsOptions) {
  const out = new Map<string, { at: string; deviceId: string }>();
  if (ticketIds.length === 0) return out;
  const rows = await db
    .select({ ticketId: boardings.ticketId, at: boardings.deviceTime, deviceId: boardings.deviceId })
    .from(boardings)
    .where(and(inArray(boardings.ticketId, ticketIds), eq(boardings.outcome, 'boarded')))
    .orderBy(asc(boardings.receivedAt));
  for (const r of rows) {
    if (!out.has(r.ticketId)) out.set(r.ticketId, { at: r.at.toISOString(), deviceId: r.deviceId });
  }
  return out;
}
