import { and, between, gt, isNotNull, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { reportDayChanges, reportDays, seatLocks } from '#server/db/schema.ts';
import { addDays, dateInZone } from '#server/lib/clock.ts';
import { isLostRace } from '#server/lib/db-errors.ts';
import {
  type CancellationPart,
  REPORT_DAY_VERSION,
  type ReportDay,
  type RevenuePart,
  rollUpCancellations,
  rollUpRevenue,
} from '#server/lib/report-rollup.ts';
import type { DepartureLoad } from '#shared/reports.ts';
import { listCancellations } from './list-cancellations.ts';
import { listDepartureLoads } from './list-departure-loads.ts';
import { listRevenue } from './list-revenue.ts';

export type ReadReportDaysOptions = {
  db: DbOrTx;
  /** Travel dates, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  now: Date;
  tzOperator: string;
  /** false: only bring the closed days' kept figures up to date, and answer nothing. */
  read?: boolean;
};

/** Every date from `from` to `to`, both included. */
function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** Dates in runs of consecutive days: one read of the tables per run. */
function runsOf(dates: readonly string[]): Array<[string, string]> {
  const runs: Array<[string, string]> = [];
  for (const date of dates) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === date) last[1] = date;
    else runs.push([date, date]);
  }
  return runs;
}

/** The report's figures of a range read from the tables, per travel date. */
async function readFromTables(
  db: DbOrTx,
  opts: { from: string; to: string; now: Date; tzOperator: string },
): Promise<Map<string, ReportDay>> {
  const [departures, revenue, cancellations] = await readTogether(db, [
    () => listDepartureLoads({ db, ...opts }),
    () => listRevenue({ db, from: opts.from, to: opts.to }),
    () => listCancellations({ db, ...opts }),
  ]);
  const parts = new Map<
    string,
    { departures: DepartureLoad[]; revenue: RevenuePart[]; cancellations: CancellationPart[] }
  >();
  const partsOf = (date: string) => {
    const day = parts.get(date) ?? { departures: [], revenue: [], cancellations: [] };
    parts.set(date, day);
    return day;
  };
  for (const d of departures) partsOf(d.travelDate).departures.push(d);
  for (const r of revenue) partsOf(r.day).revenue.push(r);
  for (const c of cancellations) partsOf(c.day).cancellations.push(c);
  const days = new Map<string, ReportDay>();
  for (const date of datesOf(opts.from, opts.to)) {
    const day = parts.get(date);
    days.set(date, {
      v: REPORT_DAY_VERSION,
      departures: day?.departures ?? [],
      revenue: rollUpRevenue(day?.revenue ?? []),
      cancellations: rollUpCancellations(day?.cancellations ?? []),
    });
  }
  return days;
}

/**
 * Reads the closed dates of one run from the tables and keeps them, in one repeatable-read
 * transaction: the changes it deletes are exactly those its snapshot saw, so a change that
 * commits meanwhile keeps its row and the date is read again next time. A second report keeping
 * the same date at once loses the race (a serialization failure): its figures are still right
 * for its snapshot, so it answers them and keeps nothing.
 */
async function keepRun(
  db: DbOrTx,
  run: [string, string],
  opts: { now: Date; tzOperator: string },
): Promise<Map<string, ReportDay>> {
  const [from, to] = run;
  const read = async (tx: DbOrTx) => {
    const days = await readFromTables(tx, { from, to, ...opts });
    // A partner's allotment still holding seats of a departure makes its figures change by the
    // clock alone: such a date is answered but not kept.
    const held = await tx
      .selectDistinct({ date: seatLocks.travelDate })
      .from(seatLocks)
      .where(
        and(
          isNotNull(seatLocks.allotmentId),
          gt(seatLocks.lockedUntil, opts.now),
          between(seatLocks.travelDate, from, to),
        ),
      );
    const open = new Set(held.map((h) => h.date));
    const kept = datesOf(from, to).filter((d) => !open.has(d));
    return { days, kept };
  };
  if (db instanceof PgTransaction) return (await read(db)).days;
  try {
    return await db.transaction(
      async (tx) => {
        const { days, kept } = await read(tx);
        await tx.delete(reportDayChanges).where(between(reportDayChanges.travelDate, from, to));
        if (kept.length > 0) {
          await tx
            .insert(reportDays)
            .values(
              kept.map((date) => ({
                travelDate: date,
                figures: days.get(date),
                computedAt: opts.now,
              })),
            )
            .onConflictDoUpdate({
              target: reportDays.travelDate,
              set: { figures: sql`excluded.figures`, computedAt: sql`excluded.computed_at` },
            });
        }
        return days;
      },
      { isolationLevel: 'repeatable read' },
    );
  } catch (err) {
    if (!isLostRace(err)) throw err;
    return (await read(db)).days;
  }
}

/**
 * A change of a launch's seats or a place's name (a null date) is in every kept day: they are
 * all forgotten, and each is read again when a report asks for it.
 */
async function forgetAllOnEveryDayChange(db: DbOrTx): Promise<void> {
  const [every] = await db
    .select({ id: reportDayChanges.id })
    .from(reportDayChanges)
    .where(sql`${reportDayChanges.travelDate} is null`)
    .limit(1);
  if (!every || db instanceof PgTransaction) return;
  try {
    await db.transaction(
      async (tx) => {
        await tx.delete(reportDays);
        await tx.delete(reportDayChanges).where(sql`${reportDayChanges.travelDate} is null`);
      },
      { isolationLevel: 'repeatable read' },
    );
  } catch (err) {
    if (!isLostRace(err)) throw err;
  }
}

/**
 * The report's figures of every travel date of a range (docs/decisions/045-year-scale.md): a
 * closed date (before the operator's today: every departure of it has left) from report_days
 * unless a change of it came since, else read from the tables and kept; today and later dates
 * always from the tables. Inside a transaction nothing is kept: everything is read from the
 * tables as the transaction sees them.
 */
export async function readReportDays(opts: ReadReportDaysOptions): Promise<ReportDay[]> {
  const { db, from, to, now, tzOperator } = opts;
  const today = dateInZone(now, tzOperator);
  const lastClosed = to < today ? to : addDays(today, -1);
  const result: ReportDay[] = [];
  const add = (day: ReportDay) => {
    result.push(day);
  };

  const kept = new Map<string, ReportDay | null>();
  if (from <= lastClosed && !(db instanceof PgTransaction)) {
    await forgetAllOnEveryDayChange(db);
    // Kept dates without a change since, in one statement: one snapshot for both.
    const fresh = sql`not exists (select 1 from ${reportDayChanges} c
      where c.travel_date = ${reportDays.travelDate} or c.travel_date is null)`;
    const rows =
      opts.read === false
        ? (
            await db
              .select({ date: reportDays.travelDate })
              .from(reportDays)
              .where(and(between(reportDays.travelDate, from, lastClosed), fresh))
          ).map((r) => ({ date: r.date, figures: null }))
        : await db
            .select({ date: reportDays.travelDate, figures: reportDays.figures })
            .from(reportDays)
            .where(and(between(reportDays.travelDate, from, lastClosed), fresh));
    for (const row of rows) {
      const figures = row.figures as ReportDay | null;
      // Kept in another shape (an older version of these figures): read again.
      if (figures && figures.v !== REPORT_DAY_VERSION) continue;
      kept.set(row.date, figures);
    }
    const missing = datesOf(from, lastClosed).filter((d) => !kept.has(d));
    for (const run of runsOf(missing)) {
      const days = await keepRun(db, run, { now, tzOperator });
      if (opts.read !== false) for (const day of days.values()) add(day);
    }
    for (const day of kept.values()) if (day) add(day);
  } else if (from <= lastClosed) {
    for (const day of (await readFromTables(db, { from, to: lastClosed, now, tzOperator })).values())
      add(day);
  }

  const openFrom = from > lastClosed ? from : addDays(lastClosed, 1);
  if (opts.read !== false && openFrom <= to) {
    for (const day of (await readFromTables(db, { from: openFrom, to, now, tzOperator })).values()) add(day);
  }
  return result;
}
