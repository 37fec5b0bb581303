import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { partnerPayments, partnerStatements, partners, statementLines } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';

export type MatchPartnerLinesOptions = {
  /** The import's transaction. */
  db: DbOrTx;
  clock: Clock;
  actorUserId: string | null;
  statementId: string;
};

/** The rows of a raw query, as both drivers answer them. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A partner's transfer (docs/decisions/043-partner-accounts.md): an import's new credit whose
 * remark holds a partner's statement number (P0007-202611, also with spaces, other dashes or in
 * lower case), in that partner's currency, is recorded as the partner's payment, with the line
 * as its evidence, and the line is matched. One set-based pass, before the bookings' own; a line
 * naming two statements of different partners is left to a person.
 */
export async function matchPartnerLines(opts: MatchPartnerLinesOptions): Promise<{ matched: number }> {
  const { db } = opts;
  const hits = rowsOf<{ line_id: string; partner_id: string; number: string; amount: string }>(
    await db.execute(sql`
      with hits as (
        select l.id as line_id, l.amount, p.id as partner_id, s.number
        from ${statementLines} l
        join ${partnerStatements} s
          on regexp_replace(upper(l.remark), '[^A-Z0-9]', '', 'g') like '%' || replace(s.number, '-', '') || '%'
        join ${partners} p on p.id = s.partner_id and p.currency = l.currency
        where l.statement_id = ${opts.statementId} and l.status = 'unmatched'
      ), shared as (
        select line_id from hits group by line_id having count(distinct partner_id) > 1
      )
      select distinct on (line_id) line_id, partner_id, number, amount::text as amount
      from hits where line_id not in (select line_id from shared)
      order by line_id, number desc`),
  );
  if (hits.length === 0) return { matched: 0 };
  const now = opts.clock.now();
  const paid = rowsOf<{ line_id: string; partner_id: string }>(
    await db.execute(sql`
      insert into ${partnerPayments}
        (partner_id, amount, currency, paid_on, bank_reference, statement_line_id, created_by, created_at)
      select h.partner_id::uuid, h.amount::numeric, p.currency, l.booked_on,
        coalesce(l.bank_transaction_id, 'statement ' || h.number), l.id, ${opts.actorUserId}::uuid,
        ${now.toISOString()}::timestamptz
      from (values ${sql.join(
        hits.map((h) => sql`(${h.line_id}, ${h.partner_id}, ${h.amount}, ${h.number})`),
        sql`, `,
      )}) as h(line_id, partner_id, amount, number)
      join ${statementLines} l on l.id = h.line_id::uuid
      join ${partners} p on p.id = h.partner_id::uuid
      on conflict do nothing
      returning statement_line_id as line_id, partner_id`),
  ).map((r) => ({ lineId: r.line_id, partnerId: r.partner_id }));
  if (paid.length === 0) return { matched: 0 };
  await db.execute(sql`
    update ${statementLines} set status = 'matched', resolved_by = ${opts.actorUserId}::uuid,
      resolved_at = ${now.toISOString()}::timestamptz
    where id in (${sql.join(
      paid.map((p) => sql`${p.lineId}::uuid`),
      sql`, `,
    )})`);
  for (const p of paid) {
    const hit = hits.find((h) => h.line_id === p.lineId);
    await writeAudit({
      db,
      actorUserId: opts.actorUserId,
      action: 'partner_payment_matched',
      entity: 'partner',
      entityId: p.partnerId,
      after: {
        statementLine: p.lineId,
        statement: hit?.number,
        amount: hit?.amount,
        import: opts.statementId,
      },
    });
  }
  return { matched: paid.length };
}
