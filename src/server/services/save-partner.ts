import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { partners } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Partner, PartnerInput, PartnerPatch } from '#shared/partners.ts';
import { partnerColumns, partnerOf } from './partner-columns.ts';

export const partnerNotFound = () => new AppError('partner_not_found', 'This partner does not exist', 404);

export type SavePartnerOptions = {
  db: Db;
  /** Absent: a new partner. */
  id?: string;
  input: PartnerInput | PartnerPatch;
  actorUserId: string;
  /** The operator's date: which statements are past due. */
  today: string;
};

/**
 * Creates a partner account, or changes one (docs/decisions/043-partner-accounts.md), audited
 * with what it was. Two partners never share a name (any case): 409 `partner_exists`.
 */
export async function savePartner(opts: SavePartnerOptions): Promise<Partner> {
  const { input } = opts;
  const { commissionPercent, ...rest } = input;
  const values = {
    ...rest,
    ...(commissionPercent === undefined ? {} : { commissionPercent: commissionPercent.toFixed(2) }),
  };
  try {
    return await opts.db.transaction(async (tx) => {
      let id = opts.id;
      let before: Partner | null = null;
      if (!id) {
        const [created] = await tx
          .insert(partners)
          .values(values as typeof partners.$inferInsert)
          .returning({ id: partners.id });
        id = created?.id;
      } else {
        const [found] = await tx
          .select(partnerColumns(opts.today))
          .from(partners)
          .where(eq(partners.id, id))
          .for('update');
        if (!found) throw partnerNotFound();
        before = partnerOf(found);
        await tx
          .update(partners)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(partners.id, id));
      }
      const [row] = id
        ? await tx.select(partnerColumns(opts.today)).from(partners).where(eq(partners.id, id))
        : [];
      if (!row) throw partnerNotFound();
      const partner = partnerOf(row);
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: before ? 'update' : 'create',
        entity: 'partner',
        entityId: partner.id,
        ...(before ? { before } : {}),
        after: input,
      });
      return partner;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('partner_exists', 'A partner of that name exists already', 409, {
        fields: { name: 'A partner of that name exists already' },
      });
    }
    throw err;
  }
}
