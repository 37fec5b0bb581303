import type { ReactNode } from 'react';
import type { SeatHolder, SeatLegs } from '#shared/seats-by-leg.ts';
import { cn } from '#web/lib/utils.ts';

/** A seat's legs in runs: consecutive legs with the same passenger (or free) make one cell. */
function runsOf(legs: readonly (SeatHolder | null)[]) {
  const runs: { holder: SeatHolder | null; from: number; span: number }[] = [];
  legs.forEach((holder, i) => {
    const last = runs.at(-1);
    if (last && (last.holder?.ticketId ?? null) === (holder?.ticketId ?? null)) last.span += 1;
    else runs.push({ holder, from: i, span: 1 });
  });
  return runs;
}

/**
 * Each seat of a departure leg by leg (docs/decisions/032): a row per seat, a column per leg,
 * each passenger across the legs of their own From → To, so a seat that changes hands at a
 * stop shows both; a leg nobody holds says "Free".
 */
export function SeatsByLeg({
  seats,
  stopNames,
  testId,
  caption,
  printed = false,
}: {
  seats: readonly SeatLegs[];
  /** The route's stops in order: leg i runs from stop i to stop i+1. */
  stopNames: readonly string[];
  testId: string;
  caption?: ReactNode;
  /** On paper: black text, no scrolling box. */
  printed?: boolean;
}) {
  const name = (i: number) => stopNames[i] ?? '';
  const legs = stopNames.slice(1).map((to, i) => `${name(i)} → ${to}`);
  // Seat labels repeat from one launch to the next: a column for the launch when there are several.
  const withLaunch = new Set(seats.map((s) => s.launch)).size > 1;
  const cell = printed ? 'border border-black px-1 py-0.5' : 'border border-slate-200 px-2 py-1.5';
  return (
    <div className={printed ? '' : 'overflow-x-auto'}>
      <table
        data-testid={testId}
        className={cn('w-full border-collapse text-start text-sm', printed ? 'text-black' : 'text-slate-800')}
      >
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr className={printed ? '' : 'bg-slate-50'}>
            <th scope="col" className={cn(cell, 'w-0 text-start font-semibold whitespace-nowrap')}>
              Seat
            </th>
            {withLaunch && (
              <th scope="col" className={cn(cell, 'text-start font-semibold')}>
                Launch
              </th>
            )}
            {legs.map((leg) => (
              <th key={leg} scope="col" className={cn(cell, 'text-start font-semibold')}>
                {leg}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {seats.map((s) => (
            <tr key={`${s.launch ?? ''}\u0000${s.seat}`} data-seat={s.seat}>
              <th
                scope="row"
                className={cn(cell, 'w-0 text-start font-mono font-semibold whitespace-nowrap')}
              >
                {s.seat}
              </th>
              {withLaunch && <td className={cell}>{s.launch ?? ''}</td>}
              {runsOf(s.legs).map((run) => (
                <td key={run.from} colSpan={run.span} className={cn(cell, 'align-top')}>
                  {run.holder ? (
                    <>
                      {/* The name isolated inline, so a Thaana one starts where the others do. */}
                      <span className="block font-medium">
                        <bdi>{run.holder.name}</bdi>
                      </span>
                      <span className={cn('block text-xs', printed ? '' : 'text-slate-600')}>
                        <bdi dir="ltr">{run.holder.reference}</bdi> · {name(run.holder.fromStop)} →{' '}
                        {name(run.holder.toStop)}
                      </span>
                    </>
                  ) : (
                    <span className={printed ? '' : 'text-slate-600'}>Free</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
