import { ArrowRight, FileImage, ImageOff, WalletCards } from 'lucide-react';
import type { RefObject } from 'react';
import type { AdminTicket } from '#shared/admin-api.ts';
import { NOT_SPECIFIED, UNKNOWN_LOCATION } from '#shared/messages/api.ts';
import { slipUrl } from '#web/components/slip-viewer/slip-viewer-dialog.tsx';
import { TicketStatusBadge } from '#web/components/status-badges.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { formatDay } from '#web/lib/dates.ts';
import { Link } from '#web/lib/navigation.tsx';

/** The departure from the passenger's own stop: what the queue is ordered by. */
export const departureOf = (ticket: AdminTicket) =>
  `${formatDay(ticket.travelDate)} ${ticket.passengerDepartureTime ?? ticket.schedule.departureTime}`;

/** A small slip preview that opens the viewer, or a mark that there is none. */
function SlipButton({ ticket, onView }: { ticket: AdminTicket; onView: () => void }) {
  const box = 'size-12 shrink-0 overflow-hidden rounded-lg border sm:size-11';
  // Paid at the card gateway: there is no slip to look at.
  if (ticket.cardPayment) {
    return (
      <span
        className={`${box} flex items-center justify-center border-slate-300 bg-slate-50 text-sky-800`}
        title="Paid by card online"
      >
        <WalletCards aria-hidden="true" className="size-5" />
        <span className="sr-only">Paid by card online</span>
      </span>
    );
  }
  if (!ticket.hasSlip) {
    return (
      <span
        className={`${box} flex items-center justify-center border-dashed border-slate-300 text-slate-500`}
        title="No payment slip"
      >
        <ImageOff aria-hidden="true" className="size-5" />
        <span className="sr-only">No payment slip</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onView}
      className={`${box} group relative border-slate-300 bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2`}
    >
      <img src={slipUrl(ticket.id, 'booking')} alt="" loading="lazy" className="size-full object-cover" />
      <span className="absolute inset-x-0 bottom-0 flex justify-center bg-slate-900/70 py-0.5 group-hover:bg-slate-900/85">
        <FileImage aria-hidden="true" className="size-3 text-white" />
      </span>
      <span className="sr-only">View slip of booking {ticket.reference}</span>
    </button>
  );
}

/**
 * The Pending tab as a queue: one compact row per booking, soonest departure first (the
 * server's order), so a phone shows several at once and a desk many. A row opens the booking.
 */
export function ReviewQueue({
  tickets,
  listRef,
  hrefOf,
  onViewSlip,
}: {
  tickets: AdminTicket[];
  listRef?: RefObject<HTMLOListElement | null>;
  hrefOf: (ticket: AdminTicket) => string;
  onViewSlip: (ticket: AdminTicket) => void;
}) {
  return (
    <ol
      ref={listRef}
      aria-label="Review queue, soonest departure first"
      className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm [&>li]:focus-visible:outline-2 [&>li]:focus-visible:-outline-offset-2 [&>li]:focus-visible:outline-sky-600"
    >
      {tickets.map((ticket) => (
        <li key={ticket.id} tabIndex={-1}>
          <article
            data-reference={ticket.reference}
            aria-label={`Booking ${ticket.reference}`}
            className="flex items-center gap-3 px-3 py-2 hover:bg-slate-50"
          >
            <SlipButton ticket={ticket} onView={() => onViewSlip(ticket)} />
            <Link
              href={hrefOf(ticket)}
              className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] gap-x-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 lg:grid-cols-[6.5rem_minmax(0,1.2fr)_minmax(0,1fr)_10.5rem_7rem_6.5rem] lg:items-center"
            >
              <span className="font-mono font-bold tracking-wider text-sky-800 underline-offset-2 lg:underline">
                {ticket.reference}
                {ticket.journey === 2 && (
                  <span className="ml-1 rounded bg-sky-100 px-1 font-sans text-xs font-semibold tracking-normal text-sky-800 no-underline">
                    Return
                  </span>
                )}
              </span>
              <span className="text-right font-semibold tabular-nums lg:order-5">
                {formatAmount(ticket.totalAmount, ticket.currency)}
              </span>
              <span className="truncate font-semibold lg:order-2">{ticket.passengerName}</span>
              <span className="justify-self-end lg:order-6 lg:justify-self-start">
                <TicketStatusBadge status={ticket.ticketStatus} />
              </span>
              <span className="col-span-2 flex min-w-0 flex-wrap items-center gap-x-1.5 text-slate-700 lg:order-3 lg:col-span-1">
                <span className="truncate">{ticket.from?.name ?? UNKNOWN_LOCATION}</span>
                <ArrowRight aria-hidden="true" className="size-3.5 shrink-0 text-sky-700" />
                <span className="sr-only">to</span>
                <span className="truncate">{ticket.to?.name ?? UNKNOWN_LOCATION}</span>
                <span aria-hidden="true" className="lg:hidden">
                  ·
                </span>
                <span className="tabular-nums lg:hidden">
                  <span className="sr-only">, departs </span>
                  {departureOf(ticket) || NOT_SPECIFIED}
                </span>
              </span>
              <span className="hidden tabular-nums lg:order-4 lg:block">
                <span className="sr-only">Departs </span>
                {departureOf(ticket)}
              </span>
            </Link>
          </article>
        </li>
      ))}
    </ol>
  );
}
