import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { AppError, problem } from '#server/lib/errors.ts';
import type { Storage } from '#server/lib/storage.ts';
import { MSG } from '#shared/messages/api.ts';

export type ReadTicketSlipOptions = {
  db: DbOrTx;
  storage: Storage;
  id: string;
  payment?: 'booking' | 'extra';
};

/**
 * A ticket's payment slip (docs/product.md section 11.6), or with `payment: 'extra'` the slip of
 * a dearer rebooking's difference (docs/decisions/027): the private image and the file name to
 * offer it under; 404 ticket_not_found or slip_missing.
 */
export async function readTicketSlip(
  opts: ReadTicketSlipOptions,
): Promise<{ body: Buffer; filename: string }> {
  const extra = opts.payment === 'extra';
  const [row] = await opts.db
    .select({
      key: extra ? tickets.extraSlipKey : tickets.paymentSlipKey,
      reference: tickets.paymentReference,
    })
    .from(tickets)
    .where(eq(tickets.id, opts.id));
  if (!row) throw problem('ticket_not_found');
  const object = row.key ? await opts.storage.get(row.key, 'private') : null;
  if (!object) throw new AppError('slip_missing', MSG.slipMissing, 404);
  const name = `${extra ? 'extra-slip' : 'slip'}-${row.reference.replace(/[^A-Za-z0-9-]/g, '')}.webp`;
  return { body: object.body, filename: name };
}
