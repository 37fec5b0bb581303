import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { AppError, problem } from '#server/lib/errors.ts';
import type { Storage } from '#server/lib/storage.ts';
import { MSG } from '#shared/messages.ts';

/**
 * A ticket's payment slip (ARCHITECTURE.md section 2.6): the private image and the file name
 * to offer it under; 404 ticket_not_found or slip_missing.
 */
export async function readTicketSlip(opts: {
  db: DbOrTx;
  storage: Storage;
  id: string;
}): Promise<{ body: Buffer; filename: string }> {
  const [row] = await opts.db
    .select({ key: tickets.paymentSlipKey, reference: tickets.paymentReference })
    .from(tickets)
    .where(eq(tickets.id, opts.id));
  if (!row) throw problem('ticket_not_found');
  const object = row.key ? await opts.storage.get(row.key, 'private') : null;
  if (!object) throw new AppError('slip_missing', MSG.slipMissing, 404);
  return { body: object.body, filename: `slip-${row.reference.replace(/[^A-Za-z0-9-]/g, '')}.webp` };
}
