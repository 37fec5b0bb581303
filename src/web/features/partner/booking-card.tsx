import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Pencil, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { PartnerBooking } from '#shared/partners.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { TicketStatusBadge } from '#web/components/status-badges.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDay, formatInstant } from '#web/lib/dates.ts';
import { toast } from '#web/lib/toast.ts';
import { cancelBooking, PARTNER_KEY } from './api.ts';
import { categoryLabel, PARTNER_STATUS_LABEL } from './labels.ts';
import { RenameGuest } from './rename-guest.tsx';

/**
 * One of the partner's bookings: its reference, trip, guests and net amount, the e-ticket, and
 * what the partner may still change itself: a guest's name while it is confirmed, the whole
 * booking until its cancel hours before departure (`now` decides, as the server will too).
 */
export function BookingCard({
  booking,
  now,
  timeZone,
}: {
  booking: PartnerBooking;
  now: number;
  timeZone: string;
}) {
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const cancellable = booking.cancellableUntil !== null && new Date(booking.cancellableUntil).getTime() > now;
  const renamable = booking.ticketStatus === 'confirmed' && booking.eTicketUrl !== null;
  const titleId = `partner-booking-${booking.reference}`;

  const cancel = useMutation({
    mutationFn: () => cancelBooking(booking.reference),
    onSuccess: () => {
      setConfirming(false);
      toast.success(`Booking ${booking.reference} cancelled`);
      void queryClient.invalidateQueries({ queryKey: PARTNER_KEY });
    },
  });

  return (
    <article
      aria-labelledby={titleId}
      data-reference={booking.reference}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-mono text-lg font-bold tracking-wider text-slate-900">
            {booking.reference}
          </h3>
          <p className="text-sm text-slate-900">
            {formatDay(booking.travelDate)}
            {booking.departureTime ? ` · ${booking.departureTime}` : ''} · {booking.origin} →{' '}
            {booking.destination}
          </p>
          <p className="text-sm text-slate-600">
            {booking.launchName} · seats {booking.seats.join(', ') || 'none'}
          </p>
        </div>
        <TicketStatusBadge status={booking.ticketStatus} label={PARTNER_STATUS_LABEL[booking.ticketStatus]} />
      </div>

      <div>
        <h4 className="text-sm font-medium text-slate-800">Guests</h4>
        <ul className="mt-1 divide-y divide-slate-100">
          {booking.passengers.map((guest) => (
            <li key={guest.position} className="py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 text-sm">
                  <span className="font-semibold text-slate-900">{guest.name}</span>
                  <span className="text-slate-600">
                    {' '}
                    · {categoryLabel(guest.category)} · {guest.nationality}
                  </span>
                </p>
                {renamable && renaming !== guest.position && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setRenaming(guest.position)}
                    aria-label={`Correct the name of ${guest.name}`}
                  >
                    <Pencil aria-hidden="true" />
                    Edit name
                  </Button>
                )}
              </div>
              {renaming === guest.position && (
                <RenameGuest reference={booking.reference} guest={guest} onDone={() => setRenaming(null)} />
              )}
            </li>
          ))}
        </ul>
      </div>

      <div className="flex flex-wrap items-end justify-between gap-3 border-t border-slate-100 pt-3">
        <p className="text-sm text-slate-700">
          Net, on account{' '}
          <span className="block text-lg font-bold text-slate-900 tabular-nums">
            {formatAmount(booking.totalAmount, booking.currency)}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {booking.eTicketUrl && (
            <Button asChild variant="outline">
              <a href={booking.eTicketUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                E-ticket
                <span className="sr-only"> of {booking.reference} (opens in a new tab)</span>
              </a>
            </Button>
          )}
          {cancellable && (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              <XCircle aria-hidden="true" />
              Cancel
              <span className="sr-only"> booking {booking.reference}</span>
            </Button>
          )}
        </div>
      </div>
      {cancellable && booking.cancellableUntil && (
        <p className="text-sm text-slate-600">
          You may cancel it until {formatInstant(booking.cancellableUntil, timeZone)}.
        </p>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) cancel.reset();
        }}
        title={`Cancel booking ${booking.reference}?`}
        description={`Its ${booking.passengers.length} guests lose their seats, and ${formatAmount(
          booking.totalAmount,
          booking.currency,
        )} comes off your account. This cannot be undone.`}
        confirmLabel="Cancel the booking"
        cancelLabel="Keep it"
        destructive
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      >
        {cancel.isError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {errorMessage(cancel.error)}
          </p>
        )}
      </ConfirmDialog>
    </article>
  );
}
