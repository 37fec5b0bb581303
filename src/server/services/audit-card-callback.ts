import type { DbOrTx } from '#server/db/client.ts';
import { writeAudit } from '#server/lib/audit.ts';

export type AuditCardCallbackOptions = {
  db: DbOrTx;
  provider: string;
  transactionId: string | null;
  /** Whether its signature held: a refused one changes nothing else. */
  signed: boolean;
  clientIp: string;
};

/** Every card gateway callback is audited with its signature check (docs/decisions/042); never its headers or keys. */
export async function auditCardCallback(opts: AuditCardCallbackOptions): Promise<void> {
  await writeAudit({
    db: opts.db,
    actorUserId: null,
    action: opts.signed ? 'card_callback' : 'card_callback_refused',
    entity: 'card_payment',
    entityId: null,
    after: {
      provider: opts.provider,
      transactionId: opts.transactionId,
      signature: opts.signed ? 'valid' : 'invalid',
      clientIp: opts.clientIp,
    },
  });
}
