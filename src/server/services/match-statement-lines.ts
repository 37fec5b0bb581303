import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { statementLines, tickets } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { bookingTotal, comparableName, isWaiting, waitingBookings } from '#server/lib/waiting-bookings.ts';
import { toCents } from '#shared/money.ts';
import type { StatementSettings } from '#shared/statements.ts';
import { type LinePayment, payBookings, toleranceCents } from './pay-bookings.ts';

export type MatchStatementLinesOptions = {
  /** The import's transaction. */
  db: DbOrTx;
  clock: Clock;
  actorUserId: string | null;
  statementId: string;
  settings: StatementSettings;
};

type Verdict = { id: string; status: 'matched' | 'suggested'; ticketId: string; kind: string | null };

const CHUNK = 1000;

/** The rows of a raw query, as both drivers answer them. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type Hit = {
  line_id: string;
  row: number;
  amount: string;
  currency: string;
  ticket_id: string;
  booking_currency: string;
  total: string;
};

/**
 * The one set-based pass of docs/decisions/038 over an import's new credits (status unmatched):
 * their candidate references joined with the waiting bookings in one query, the name-and-amount
 * suggestions in another, the verdicts written back in batches and the matched bookings paid
 * together. Returns how many lines ended in each state.
 */
export async function matchStatementLines(
  opts: MatchStatementLinesOptions,
): Promise<{ matched: number; suggested: number; unmatched: number }> {
  const { db } = opts;
  const hits = rowsOf<Hit>(
    await db.execute(sql`
      select distinct l.id as line_id, l.row, l.amount::text as amount, l.currency,
        t.id as ticket_id, t.currency as booking_currency, t.total
      from ${statementLines} l
      cross join lateral unnest(l.reference_candidates) as c(reference)
      cross join lateral (
        select t.id, t.currency, ${bookingTotal(sql`t.payment_reference`)}::text as total
        from ${tickets} t
        where t.payment_reference = c.reference and ${isWaiting}
        limit 1
      ) t
      where l.statement_id = ${opts.statementId} and l.status = 'unmatched'
      order by l.row`),
  );
  const byLine = new Map<string, Hit[]>();
  for (const hit of hits) byLine.set(hit.line_id, [...(byLine.get(hit.line_id) ?? []), hit]);

  const verdicts: Verdict[] = [];
  const payments: LinePayment[] = [];
  // A booking is paid once: the first line of the file pays it, a later one waits for a person.
  const taken = new Set<string>();
  for (const [lineId, lineHits] of byLine) {
    const [hit] = lineHits;
    // Two different bookings in one remark: which one was meant is a person's call.
    if (!hit || lineHits.length > 1) continue;
    const difference = toCents(hit.amount) - toCents(hit.total);
    const tolerance = toleranceCents(opts.settings, hit.booking_currency);
    if (hit.currency === hit.booking_currency && difference <= 0n && difference >= -tolerance) {
      if (taken.has(hit.ticket_id)) continue;
      taken.add(hit.ticket_id);
      verdicts.push({ id: lineId, status: 'matched', ticketId: hit.ticket_id, kind: null });
      payments.push({ lineId, statementId: opts.statementId, ticketId: hit.ticket_id, amount: hit.amount });
    } else {
      verdicts.push({ id: lineId, status: 'suggested', ticketId: hit.ticket_id, kind: 'amount_differs' });
    }
  }
  await writeVerdicts(opts, verdicts);
  await payBookings({ ...opts, payments });

  // No reference at all: the payer's name and the amount of exactly one waiting booking.
  const named = rowsOf<{ line_id: string; ticket_id: string; n: number }>(
    await db.execute(sql`
      with waiting as (${waitingBookings})
      select l.id as line_id, min(w.id::text) as ticket_id, count(*)::int as n
      from ${statementLines} l
      join waiting w on w.currency = l.currency and w.total = l.amount
        and w.name = ${comparableName(sql`l.payer`)}
      where l.statement_id = ${opts.statementId} and l.status = 'unmatched' and l.payer is not null
      group by l.id`),
  );
  const suggestions: Verdict[] = named
    .filter((n) => Number(n.n) === 1 && !byLine.has(n.line_id))
    .map((n) => ({ id: n.line_id, status: 'suggested', ticketId: n.ticket_id, kind: 'name_and_amount' }));
  await writeVerdicts(opts, suggestions);

  const all = [...verdicts, ...suggestions];
  const counts = { matched: 0, suggested: 0 };
  for (const v of all) counts[v.status] += 1;
  const [open] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from ${statementLines} where statement_id = ${opts.statementId} and status = 'unmatched'`,
    ),
  );
  return { ...counts, unmatched: Number(open?.n ?? 0) };
}

async function writeVerdicts(opts: MatchStatementLinesOptions, verdicts: Verdict[]): Promise<void> {
  const now = opts.clock.now();
  for (let i = 0; i < verdicts.length; i += CHUNK) {
    const values = sql.join(
      verdicts
        .slice(i, i + CHUNK)
        .map((v) => sql`(${v.id}::uuid, ${v.status}, ${v.ticketId}::uuid, ${v.kind}::text)`),
      sql`, `,
    );
    // A line matched by itself is set by whoever ran the import; a suggestion by nobody yet.
    await opts.db.execute(sql`
      update ${statementLines} l
      set status = v.status,
        suggested_ticket_id = case when v.status = 'suggested' then v.ticket_id end,
        suggestion_kind = v.kind,
        resolved_by = case when v.status = 'matched' then ${opts.actorUserId}::uuid end,
        resolved_at = case when v.status = 'matched' then ${now.toISOString()}::timestamptz end
      from (values ${values}) as v(id, status, ticket_id, kind)
      where l.id = v.id`);
  }
}
