import type { Tx } from '#server/db/client.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { type DepartureChange, noteOf } from './record-disruption.ts';

export type AuditDepartureChangeOptions = {
  db: Tx;
  kind: 'cancel' | 'delay' | 'move';
  change: DepartureChange;
  before: unknown;
  /** What came of it; the office's reason and note are recorded with it. */
  after: Record<string, unknown>;
};

/** The audit entry of a departure cancelled, delayed or moved (docs/decisions/026), in its transaction. */
export async function auditDepartureChange(opts: AuditDepartureChangeOptions): Promise<void> {
  const { change } = opts;
  await writeAudit({
    db: opts.db,
    actorUserId: change.actorUserId,
    action: `departure_${opts.kind}`,
    entity: 'schedule',
    entityId: change.scheduleId,
    before: opts.before,
    after: { ...opts.after, reason: change.reason, note: noteOf(change) },
  });
}
