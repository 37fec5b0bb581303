import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { ticketCounts } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';

export type FoldTicketCountsOptions = { db: Db; clock: Clock };

/**
 * The tab counts' rows (docs/decisions/045-year-scale.md) folded into one per travel date and
 * status, a zero left out: one statement, so a reader sums the same totals before and after it.
 * A row written while it runs is not in its snapshot and stays for the next fold; two folds at
 * once cannot count a row twice, the second finds the first's rows already gone. Resolves with
 * the rows folded away.
 */
export async function foldTicketCounts({ db }: FoldTicketCountsOptions): Promise<number> {
  const result = await db.execute(sql`
    with many as (
      select travel_date, ticket_status from ${ticketCounts}
       group by travel_date, ticket_status having count(*) > 1 or sum(tickets) = 0
    ),
    gone as (
      delete from ${ticketCounts} c using many m
       where c.travel_date = m.travel_date and c.ticket_status = m.ticket_status
      returning c.travel_date, c.ticket_status, c.tickets
    ),
    folded as (
      insert into ${ticketCounts} (travel_date, ticket_status, tickets)
      select travel_date, ticket_status, sum(tickets) from gone
       group by travel_date, ticket_status having sum(tickets) <> 0
      returning 1
    )
    select ((select count(*) from gone) - (select count(*) from folded))::int as n`);
  const [row] = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(row?.n ?? 0);
}
