import { ArrowRight, CalendarDays, Clock, Hourglass, Receipt, Ship, Ticket, User } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BookingLookup } from '#shared/schemas.ts';
import { SlipButton } from '#web/components/slip-viewer/slip-button.tsx';
import { PaymentStatusBadge, TicketStatusBadge } from '#web/components/status-badges.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { useLanguage } from '#web/i18n/texts.tsx';
import { formatInstant, formatTravelDate } from '#web/lib/dates.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { cn } from '#web/lib/utils.ts';
import {
  categoryLabel,
  describeBreakdownRow,
  formatMoney,
  formatParty,
  orNotSpecified,
  placeName,
  slipBeingChecked,
  slipCheckText,
  statusTexts,
  transferDueAt,
} from './format.ts';
import { useOutcomeTexts } from './outcome-texts.ts';

// Status text tint per ticket status; the text itself carries the meaning.
const STATUS_TEXT_TONE: Record<string, string> = {
  pending: 'border-amber-200 bg-amber-50 text-amber-950',
  confirmed: 'border-green-200 bg-green-50 text-green-950',
  cancelled: 'border-red-200 bg-red-50 text-red-950',
  completed: 'border-sky-200 bg-sky-50 text-sky-950',
  voided: 'border-red-200 bg-red-50 text-red-950',
  cancelled_by_operator: 'border-amber-200 bg-amber-50 text-amber-950',
  cancelled_by_passenger: 'border-red-200 bg-red-50 text-red-950',
};

function Detail({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="mt-1 text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Section({
  id,
  title,
  icon,
  children,
}: {
  /** The heading's id: the same in every language. */
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-5">
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span aria-hidden="true" className="text-sky-700 [&_svg]:size-4">
          {icon}
        </span>
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Stops({ stops, from, to }: { stops: BookingLookup['stops']; from: string; to: string }) {
  const t = useOutcomeTexts();
  const language = useLanguage();
  const ordered = [...stops].sort((a, b) => a.stopOrder - b.stopOrder);
  return (
    <ol className="relative ms-1.5 space-y-2 border-s-2 border-sky-200 ps-4">
      {ordered.map((stop) => {
        const name = placeName(stop, language, t);
        const own = name === from || name === to;
        return (
          <li key={stop.stopOrder} className="relative flex flex-wrap items-baseline justify-between gap-x-3">
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-1.5 -start-[1.4rem] size-2.5 rounded-full border-2',
                own ? 'border-sky-700 bg-sky-700' : 'border-sky-300 bg-white',
              )}
            />
            <span className={cn('text-sm', own ? 'font-semibold text-slate-900' : 'text-slate-700')}>
              <bdi>{name}</bdi>
            </span>
            <span className="text-sm tabular-nums text-slate-600">
              <bdi>{stop.departureTime ?? t('common.notSpecified')}</bdi>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function BookingResultCard({ booking }: { booking: BookingLookup }) {
  const t = useOutcomeTexts();
  const language = useLanguage();
  const tone = STATUS_TEXT_TONE[booking.ticketStatus] ?? 'border-slate-200 bg-slate-50 text-slate-900';
  const timeZone = useOperatorTimeZone();
  const seats = booking.seatNumbers.filter(Boolean);
  const from = placeName(booking.from, language, t);
  const to = placeName(booking.to, language, t);
  const status = statusTexts(booking, t);
  // Sent to pay later and not paid yet: until when its transfer is awaited, not the review's text.
  const dueAt = transferDueAt(booking);

  return (
    <article aria-labelledby="booking-result-title">
      <Card>
        <CardHeader className="gap-4 pb-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id="booking-result-title" className="text-sm font-medium text-slate-600">
                {t('lookup.reference')}
              </h2>
              <p className="mt-1 font-mono text-2xl font-bold tracking-wider break-all text-slate-900">
                <bdi dir="ltr">{booking.reference}</bdi>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <TicketStatusBadge
                status={booking.ticketStatus}
                label={status.ticketStatus}
                kind={t('lookup.bookingStatus')}
                size="lg"
              />
              <PaymentStatusBadge
                status={booking.paymentStatus}
                label={status.paymentStatus}
                kind={t('lookup.paymentStatus')}
                size="lg"
              />
            </div>
          </div>
          <p className={cn('rounded-xl border px-4 py-3 text-sm leading-relaxed', tone)}>
            {dueAt
              ? t('status.statusAwaitingTransfer', { time: formatInstant(dueAt, timeZone) })
              : status.statusText}
          </p>
        </CardHeader>

        <CardContent className="space-y-5">
          <Section id="booking-trip" title={t('lookup.sectionTrip')} icon={<Ship />}>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-lg font-semibold text-slate-900">
              <span className="sr-only">{t('lookup.route', { from, to })}</span>
              <bdi aria-hidden="true">{from}</bdi>
              <ArrowRight aria-hidden="true" className="size-5 shrink-0 text-sky-700" />
              <bdi aria-hidden="true">{to}</bdi>
            </p>
            <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
              <Detail term={t('lookup.travelDate')}>
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays aria-hidden="true" className="size-4 text-slate-500" />
                  {formatTravelDate(booking.travelDate)}
                </span>
              </Detail>
              <Detail term={t('lookup.departure')}>
                <span className="inline-flex items-center gap-1.5 tabular-nums">
                  <Clock aria-hidden="true" className="size-4 text-slate-500" />
                  <bdi>{orNotSpecified(booking.departureTime, t)}</bdi>
                </span>
              </Detail>
              <Detail term={t('lookup.launch')}>
                <bdi>{orNotSpecified(booking.launchName, t)}</bdi>
              </Detail>
              <Detail term={t('lookup.seats')} className="col-span-2 sm:col-span-3">
                {seats.length > 0 ? (
                  <ul className="flex flex-wrap gap-1.5">
                    {seats.map((seat) => (
                      <li
                        key={seat}
                        className="rounded-md border border-slate-300 bg-slate-50 px-2 py-0.5 font-mono text-sm"
                      >
                        <bdi dir="ltr">{seat}</bdi>
                      </li>
                    ))}
                  </ul>
                ) : (
                  t('common.notSpecified')
                )}
              </Detail>
            </dl>
            {booking.stops.length > 2 && (
              <div className="mt-5">
                <h4 className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">
                  {t('lookup.stops')}
                </h4>
                <Stops stops={booking.stops} from={from} to={to} />
              </div>
            )}
          </Section>

          <Section id="booking-tickets" title={t('lookup.sectionTickets')} icon={<Ticket />}>
            <p className="text-sm font-medium text-slate-900">{formatParty(booking, t, language)}</p>
            {booking.ticketBreakdown.some((row) => row.quantity > 0) && (
              <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
                {booking.ticketBreakdown
                  .filter((row) => row.quantity > 0)
                  .map((row) => {
                    const { label, price } = describeBreakdownRow(row, t, booking.categoryNames, language);
                    return (
                      <li
                        key={`${row.type}-${row.category}`}
                        className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
                      >
                        <span className="text-slate-700">{label}</span>
                        <bdi dir="ltr" className="tabular-nums text-slate-900">
                          {price}
                        </bdi>
                      </li>
                    );
                  })}
              </ul>
            )}
          </Section>

          <Section id="booking-payment" title={t('lookup.sectionPayment')} icon={<Receipt />}>
            <dl>
              <Detail term={t('lookup.totalAmount')}>
                <bdi dir="ltr" className="text-xl font-bold tabular-nums">
                  {formatMoney(booking.totalAmount, booking.currency, t)}
                </bdi>
              </Detail>
            </dl>
            {slipBeingChecked(booking) && booking.ticketStatus === 'pending' ? (
              <p
                className="mt-3 flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
                data-testid="slip-status"
              >
                <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
                {slipCheckText(booking, t)}
              </p>
            ) : null}
            {/* The transfer that pays a pending booking names it (docs/decisions/039). */}
            {booking.ticketStatus === 'pending' && booking.paymentStatus === 'pending' ? (
              <p className="mt-3 text-sm text-slate-700" data-testid="transfer-remark">
                {t('lookup.transferRemark', { reference: booking.reference })}
              </p>
            ) : null}
            <SlipButton reference={booking.reference} />
          </Section>

          <Section id="booking-passenger" title={t('lookup.sectionPassenger')} icon={<User />}>
            <dl className="grid grid-cols-2 gap-4">
              <Detail term={t('lookup.name')}>
                <bdi>{orNotSpecified(booking.passengerName, t)}</bdi>
              </Detail>
              <Detail term={t('lookup.bookedOn')}>{formatInstant(booking.createdAt, timeZone)}</Detail>
            </dl>
            {/* Every person of the party with their category (docs/decisions/035). */}
            {(booking.persons.length > 1 || booking.unnamedCount > 0) && (
              <div className="mt-4">
                <h4 className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">
                  {t('lookup.persons')}
                </h4>
                <ul
                  className="divide-y divide-slate-100 rounded-xl border border-slate-200"
                  aria-label={t('lookup.persons')}
                >
                  {booking.persons.map((person, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a person's place in the party is their key
                    <li key={i} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                      <bdi className="text-slate-900">{person.name}</bdi>
                      <span className="text-slate-600">
                        {categoryLabel(person.category, t, booking.categoryNames, language)}
                      </span>
                    </li>
                  ))}
                  {booking.unnamedCount > 0 && (
                    <li className="px-3 py-2 text-sm italic text-slate-600">
                      {t('lookup.unnamed', { n: booking.unnamedCount })}
                    </li>
                  )}
                </ul>
              </div>
            )}
          </Section>
        </CardContent>
      </Card>
    </article>
  );
}
