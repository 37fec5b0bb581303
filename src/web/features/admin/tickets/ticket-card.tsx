import { ArrowRight, FileImage } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import type { AdminTicket } from '#shared/admin-api.ts';
import { CARD_ONLINE } from '#shared/card-payments.ts';
import { NOT_SPECIFIED, UNKNOWN_LOCATION } from '#shared/messages/api.ts';
import { ChannelBadge } from '#web/components/channel-badge.tsx';
import {
  ExpectedPayment,
  type SlipExpectation,
  type SlipPayment,
  slipUrl,
} from '#web/components/slip-viewer/slip-viewer-dialog.tsx';
import { MarkedStatusBadge, PaymentStatusBadge, TicketStatusBadge } from '#web/components/status-badges.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { formatDay, formatInstant } from '#web/lib/dates.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { CardPaymentDetails } from './card-payment.tsx';
import { StatementPayments } from './statement-payments.tsx';
import { TicketActions } from './ticket-actions.tsx';

// Breakdown prices are in the ticket type's own currency (docs/product.md section 10.7).
const TYPE_CURRENCY = { local: 'MVR', foreigner: 'USD' } as const;
const TYPE_LABEL = { local: 'Local', foreigner: 'Foreigner' } as const;

function Detail({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0' : 'min-w-0'}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * What a slip should show. After a dearer rebooking the first slip paid what the booking cost
 * before it, the second the difference.
 */
export function expectedPayment(ticket: AdminTicket, payment: SlipPayment): SlipExpectation {
  const extra = ticket.extraPayment;
  const amount = !extra ? ticket.totalAmount : payment === 'extra' ? extra.amount : extra.firstAmount;
  return { amount, currency: ticket.currency, bankAccount: ticket.bankAccount };
}

/** A slip's thumbnail that opens the viewer, or the note that there is none. */
function SlipThumb({
  ticket,
  payment,
  hasSlip,
  onView,
}: {
  ticket: AdminTicket;
  payment: SlipPayment;
  hasSlip: boolean;
  onView: (payment: SlipPayment) => void;
}) {
  if (!hasSlip) {
    return (
      <p className="flex h-40 w-full items-center justify-center rounded-xl border border-dashed border-slate-300 p-3 text-center text-xs text-slate-600 sm:w-32">
        No payment slip
      </p>
    );
  }
  return (
    <button
      type="button"
      onClick={() => onView(payment)}
      className="group relative block h-40 w-full overflow-hidden rounded-xl border border-slate-300 bg-slate-100 sm:w-32"
    >
      <img
        src={slipUrl(ticket.id, payment)}
        alt=""
        loading="lazy"
        className="size-full object-cover transition-opacity group-hover:opacity-80"
      />
      <span className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-1.5 bg-slate-900/75 py-1.5 text-xs font-semibold text-white">
        <FileImage aria-hidden="true" className="size-3.5" />
        {payment === 'extra' ? 'View 2nd slip' : 'View slip'}
        <span className="sr-only">
          {payment === 'extra' ? ', the rebooking payment,' : ''} of booking {ticket.reference}
        </span>
      </span>
    </button>
  );
}

export function TicketCard({
  ticket,
  onViewSlip,
  next,
  onDeleted,
}: {
  ticket: AdminTicket;
  onViewSlip: (payment: SlipPayment) => void;
  next?: ComponentProps<typeof TicketActions>['next'];
  onDeleted?: (() => void) | undefined;
}) {
  const headingId = `ticket-${ticket.id}`;
  const extra = ticket.extraPayment;
  const timeZone = useOperatorTimeZone();
  const from = ticket.from?.name ?? UNKNOWN_LOCATION;
  const to = ticket.to?.name ?? UNKNOWN_LOCATION;
  const rows = ticket.ticketBreakdown.filter((row) => row.quantity > 0);
  // Online card payment is a method of its own, not the counter's card terminal ('Card').
  const byCard = ticket.cardPayment !== null || ticket.paymentMethod === CARD_ONLINE;

  return (
    <article aria-labelledby={headingId} data-reference={ticket.reference}>
      <Card className="flex flex-col gap-5 p-4 sm:p-5">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="font-mono text-lg font-bold tracking-wider text-slate-900">
              {ticket.reference}
              {ticket.journey === 2 && (
                <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 font-sans text-xs font-semibold tracking-normal text-sky-800">
                  Return journey
                </span>
              )}
            </h2>
            <p className="text-xs text-slate-600">Booked {formatInstant(ticket.createdAt, timeZone)}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <ChannelBadge channel={ticket.channel} partnerName={ticket.partnerName} />
            <TicketStatusBadge status={ticket.ticketStatus} />
            <PaymentStatusBadge status={ticket.paymentStatus} slipReceived={ticket.hasSlip} />
            {ticket.markedStatus && <MarkedStatusBadge status={ticket.markedStatus} />}
          </div>
        </header>

        <div className="grid gap-5 lg:grid-cols-[1fr_1fr_1.2fr]">
          <dl className="grid grid-cols-2 content-start gap-3">
            <Detail wide term="Passenger">
              <span className="font-semibold">{ticket.passengerName}</span>
            </Detail>

            <Detail wide term="E-mail">
              {ticket.passengerEmail || NOT_SPECIFIED}
            </Detail>

            <Detail term="Phone">{ticket.passengerPhone || NOT_SPECIFIED}</Detail>
            <Detail term="Nationality">{ticket.passengerNationality}</Detail>
            {ticket.clientIp ? (
              <Detail wide term="Booked from">
                <span className="font-mono">{ticket.clientIp}</span>
              </Detail>
            ) : null}
          </dl>

          <dl className="grid grid-cols-2 content-start gap-3">
            <Detail wide term="Trip">
              <span className="inline-flex flex-wrap items-center gap-x-1.5 font-semibold">
                {from}
                <ArrowRight aria-hidden="true" className="size-4 text-sky-700" />
                <span className="sr-only">to</span>
                {to}
              </span>
            </Detail>

            <Detail term="Travel date">{formatDay(ticket.travelDate)}</Detail>
            <Detail term="Departure">
              <span className="tabular-nums">{ticket.passengerDepartureTime ?? NOT_SPECIFIED}</span>
            </Detail>
            <Detail term="Launch">{ticket.launch?.name ?? NOT_SPECIFIED}</Detail>
            <Detail term="Seats">
              <span className="font-mono">{ticket.seatNumbers.join(', ') || NOT_SPECIFIED}</span>
            </Detail>
          </dl>

          <div className="flex flex-col gap-3">
            <dl className="grid grid-cols-2 gap-3">
              <Detail term="Tickets">
                <ul>
                  {rows.map((row) => (
                    <li key={`${row.type}-${row.category}`}>
                      {row.quantity} × {TYPE_LABEL[row.type]} {row.category}{' '}
                      <span className="text-slate-600">
                        ({formatAmount(row.price, TYPE_CURRENCY[row.type])})
                      </span>
                    </li>
                  ))}
                </ul>
              </Detail>
              <Detail term="Amount">
                <span className="text-base font-bold tabular-nums">
                  {formatAmount(ticket.totalAmount, ticket.currency)}
                </span>
              </Detail>
            </dl>
          </div>
        </div>

        {ticket.remarks && (
          <p className="rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <span className="font-semibold">Remarks: </span>
            {ticket.remarks}
          </p>
        )}

        <div className="grid gap-4 border-t border-slate-100 pt-4 lg:grid-cols-[auto_1fr] lg:items-end">
          <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,22rem)] print:hidden">
            {byCard ? (
              // Paid at the gateway: no slip to view and no transfer to expect.
              <CardPaymentDetails ticket={ticket} className="sm:col-span-2" />
            ) : ticket.channel === 'counter' ? (
              <p className="flex h-40 w-full flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-slate-300 p-3 text-center text-xs text-slate-700 sm:w-32">
                <span>Paid at the counter</span>
                <span className="font-semibold">{ticket.paymentMethod}</span>
                {ticket.transferReference ? (
                  <span className="font-mono">{ticket.transferReference}</span>
                ) : null}
                {ticket.voidReason ? <span>Voided: {ticket.voidReason}</span> : null}
              </p>
            ) : ticket.channel === 'partner' ? (
              <p className="flex h-40 w-full flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-slate-300 p-3 text-center text-xs text-slate-700 sm:w-32">
                <span>On account of</span>
                <span className="font-semibold break-words">{ticket.partnerName ?? 'a partner'}</span>
                <span>Billed on its monthly statement</span>
              </p>
            ) : (
              <SlipThumb ticket={ticket} payment="booking" hasSlip={ticket.hasSlip} onView={onViewSlip} />
            )}
            {/* Paid in full at the counter or by card, or billed to a partner: no transfer to check. */}
            {ticket.channel !== 'online' || byCard ? null : (
              <ExpectedPayment expected={expectedPayment(ticket, 'booking')} />
            )}
            <StatementPayments payments={ticket.statementPayments} className="sm:col-span-2" />
            {extra ? (
              <>
                <p className="text-sm text-slate-900 sm:col-span-2">
                  <span className="font-semibold">Rebooked to a dearer departure: the difference</span>
                  {ticket.ticketStatus === 'pending' ? (
                    <span className="block text-slate-700">
                      {extra.firstVerified
                        ? 'The first payment was verified before the change.'
                        : 'Neither payment is verified yet.'}
                    </span>
                  ) : null}
                </p>
                <SlipThumb ticket={ticket} payment="extra" hasSlip={extra.hasSlip} onView={onViewSlip} />
                <ExpectedPayment expected={expectedPayment(ticket, 'extra')} />
              </>
            ) : null}
          </div>
          <TicketActions ticket={ticket} next={next} onDeleted={onDeleted} />
        </div>
      </Card>
    </article>
  );
}
