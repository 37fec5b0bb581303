import { useQuery } from '@tanstack/react-query';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { formatDay, isIsoDate } from '#web/lib/dates.ts';
import { useOperatorTimeZone, useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { bookingsQuery } from './api.ts';
import { BookingCard } from './booking-card.tsx';

/** The range's words: 'from Sun 22 Nov 2026', 'from … to …', or every date. */
function rangeText(from: string, to: string): string {
  if (from && to) return `travelling ${formatDay(from)} to ${formatDay(to)}`;
  if (from) return `travelling from ${formatDay(from)}`;
  if (to) return `travelling until ${formatDay(to)}`;
  return 'on every date';
}

/**
 * The partner's own bookings by travel date, newest booked first: from today on unless another
 * range is chosen (kept in the address). Cleared dates leave that end open.
 */
export function BookingsView() {
  const [params, setParams] = useUrlParams();
  const today = useOperatorToday();
  const timeZone = useOperatorTimeZone();
  const fromParam = params.get('from');
  // No 'from' is today; a cleared one ('from=any') leaves the range open to the past.
  const from = fromParam === null ? (today ?? '') : isIsoDate(fromParam) ? fromParam : '';
  const toParam = params.get('to');
  const to = isIsoDate(toParam) ? toParam : '';
  const list = useQuery({
    ...bookingsQuery({ from, to }),
    enabled: fromParam !== null || today !== undefined,
  });
  const now = Date.now();

  return (
    <section aria-labelledby="partner-bookings-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2
          id="partner-bookings-title"
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 outline-none"
        >
          My bookings
        </h2>
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="sr-only">Travel dates</legend>
          <div className="grid gap-1">
            <Label htmlFor="partner-bookings-from">Travelling from</Label>
            <Input
              id="partner-bookings-from"
              type="date"
              className="w-40"
              value={from}
              onChange={(e) => setParams({ from: e.target.value || 'any' })}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="partner-bookings-to">to</Label>
            <Input
              id="partner-bookings-to"
              type="date"
              className="w-40"
              min={from || undefined}
              value={to}
              onChange={(e) => setParams({ to: e.target.value || null })}
            />
          </div>
        </fieldset>
      </div>
      {list.isPending ? (
        <LoadingNote>Loading your bookings…</LoadingNote>
      ) : list.isError ? (
        <ErrorNote error={list.error} />
      ) : list.data.bookings.length === 0 ? (
        <EmptyNote>No bookings {rangeText(from, to)}.</EmptyNote>
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {list.data.bookings.length === 1 ? '1 booking' : `${list.data.bookings.length} bookings`}{' '}
            {rangeText(from, to)}
          </p>
          <ul className="space-y-3">
            {list.data.bookings.map((booking) => (
              <li key={booking.ticketId}>
                <BookingCard booking={booking} now={now} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
