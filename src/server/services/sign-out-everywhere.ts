import type { Db } from '#server/db/client.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { announce } from '#server/lib/live-events.ts';
import { deleteUserSessions } from '#server/lib/sessions.ts';

export type SignOutEverywhereOptions = { db: Db; userId: string };

/**
 * Ends every session of one person, audited, and tells every instance, so their open event
 * streams close at once rather than at their next ping. Returns the ended sessions' ids.
 */
export async function signOutEverywhere({ db, userId }: SignOutEverywhereOptions): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids = await deleteUserSessions({ db: tx, userId });
    await writeAudit({
      db: tx,
      actorUserId: userId,
      action: 'sign_out_everywhere',
      entity: 'admin_user',
      entityId: userId,
      after: { sessions: ids.length },
    });
    await announce({ db: tx, event: { kind: 'staff', data: { userId } } });
    return ids;
  });
}
