import type { DbOrTx } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema.ts';

type AuditEntry = {
  actorUserId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
};

export type WriteAuditOptions = { db: DbOrTx } & AuditEntry;

/**
 * Records an admin change (docs/product.md section 11.10). Written in the transaction of the
 * change itself, so the log never claims a change that was rolled back.
 */
export async function writeAudit({ db, ...entry }: WriteAuditOptions): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export type WriteAuditsOptions = { db: DbOrTx; entries: AuditEntry[] };

/** Many entries in one insert, for a change made to many rows at once (a bank statement's matches). */
export async function writeAudits({ db, entries }: WriteAuditsOptions): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorUserId: entry.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}
