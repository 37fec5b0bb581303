import { and, eq, isNull } from 'drizzle-orm';
import { tickets } from '#server/db/schema.ts';
import { awaitsTransfer } from '#server/lib/awaiting-transfer.ts';
import { AppError } from '#server/lib/errors.ts';
import { MSG } from '#shared/messages/api.ts';
import type { ChangeContext, RecordedChange } from './run-change.ts';

export type AddSlipOptions = ChangeContext & {
  /** Stores the re-encoded slip privately and gives its key; called once the booking may take it. */
  storeSlip: () => Promise<string>;
};

/**
 * The payment slip of a booking sent to pay later (docs/decisions/040-pay-later.md), from the
 * manage page: the booking then waits for the office as one sent with its slip, and is no longer
 * released when its payment falls due. Both journeys of a return take it.
 */
export async function addSlip(opts: AddSlipOptions): Promise<RecordedChange> {
  const { tx, ticket, now } = opts;
  if (!awaitsTransfer(ticket)) throw new AppError('slip_not_allowed', MSG.slipNotAllowed, 409);
  const key = await opts.storeSlip();
  await tx
    .update(tickets)
    .set({ paymentSlipKey: key, paymentDueAt: null, updatedAt: now })
    .where(and(eq(tickets.paymentReference, ticket.paymentReference), isNull(tickets.paymentSlipKey)));
  return {
    before: { paymentSlip: null, paymentDueAt: ticket.paymentDueAt?.toISOString() ?? null },
    after: { paymentSlip: 'received', paymentDueAt: null },
    mail: { kind: 'slip' },
  };
}
