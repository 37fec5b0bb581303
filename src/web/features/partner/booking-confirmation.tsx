import { Copy, ExternalLink, ListChecks, Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { PartnerBooking } from '#shared/partners.ts';
import { Button } from '#web/components/ui/button.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { formatDay, formatInstant } from '#web/lib/dates.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { toast } from '#web/lib/toast.ts';
import { categoryLabel } from './labels.ts';

/** The booking just made, in the server's words and figures: what was charged, where, for whom. */
export function BookingConfirmation({
  booking,
  onAnother,
  onList,
}: {
  booking: PartnerBooking;
  onAnother: () => void;
  onList: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const timeZone = useOperatorTimeZone();
  useEffect(() => heading.current?.focus(), []);
  const copy = () =>
    navigator.clipboard
      ?.writeText(booking.reference)
      .then(() => toast.success('Reference copied'))
      .catch(() => undefined);
  return (
    <section
      aria-labelledby="partner-booked-title"
      className="space-y-5 rounded-2xl border border-emerald-200 bg-white p-4 sm:p-6"
    >
      <div>
        <h2
          id="partner-booked-title"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold text-slate-900 outline-none"
        >
          Booked on account
        </h2>
        <p className="mt-1 text-sm text-slate-700">Confirmed. The e-ticket is on its way to your e-mail.</p>
      </div>
      <div className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 p-4">
        <div className="min-w-0 flex-1">
          <p className="text-sm text-slate-600">Reference</p>
          <p
            data-testid="partner-reference"
            className="font-mono text-2xl font-bold tracking-wider text-slate-900"
          >
            {booking.reference}
          </p>
        </div>
        <Button variant="outline" onClick={copy} aria-label={`Copy the reference ${booking.reference}`}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Trip</dt>
          <dd className="font-semibold text-slate-900">
            {formatDay(booking.travelDate)}
            {booking.departureTime ? ` · ${booking.departureTime}` : ''}
            <br />
            {booking.origin} → {booking.destination} · {booking.launchName}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Seats</dt>
          <dd data-testid="partner-booked-seats" className="font-semibold text-slate-900">
            {booking.seats.join(', ')}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Guests</dt>
          <dd>
            <ul className="text-slate-900">
              {booking.passengers.map((p) => (
                <li key={p.position}>
                  <span className="font-semibold">{p.name}</span>
                  <span className="text-slate-600">
                    {' '}
                    · {categoryLabel(p.category)} · {p.nationality}
                  </span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Net, on account</dt>
          <dd data-testid="partner-booked-net" className="text-lg font-bold text-slate-900 tabular-nums">
            {formatAmount(booking.totalAmount, booking.currency)}
          </dd>
          <dd className="text-slate-600">
            Public fare {formatAmount(booking.publicAmount, booking.currency)}, commission{' '}
            {formatAmount(booking.commissionAmount, booking.currency)}
          </dd>
        </div>
      </dl>
      {booking.cancellableUntil && (
        <p className="text-sm text-slate-700">
          You may cancel it yourself until {formatInstant(booking.cancellableUntil, timeZone)}.
        </p>
      )}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {booking.eTicketUrl && (
          <Button asChild size="lg">
            <a href={booking.eTicketUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              Open the e-ticket
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        )}
        <Button size="lg" variant="outline" onClick={onAnother}>
          <Plus aria-hidden="true" />
          Book another party
        </Button>
        <Button size="lg" variant="outline" onClick={onList}>
          <ListChecks aria-hidden="true" />
          My bookings
        </Button>
      </div>
    </section>
  );
}
