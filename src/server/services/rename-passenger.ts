import { eq } from 'drizzle-orm';
import { tickets } from '#server/db/schema.ts';
import { notAllowed } from '#server/lib/manage-errors.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import type { ChangeContext, RecordedChange } from './run-change.ts';

export type RenamePassengerOptions = ChangeContext & { passengerName: string };

/** Corrects the passenger's name until boarding closes at their stop; the code is re-signed. */
export async function renamePassenger(opts: RenamePassengerOptions): Promise<RecordedChange> {
  const { tx, ticket, rules, now, passengerName } = opts;
  if (!rules.canRename) throw notAllowed('The name can no longer be changed here: boarding has closed.');
  await tx
    .update(tickets)
    .set({ passengerName, updatedAt: now, ...supersedeETicket })
    .where(eq(tickets.id, ticket.id));
  return {
    before: { passengerName: ticket.passengerName },
    after: { passengerName },
    mail: { kind: 'name' },
  };
}
