import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Copy, RotateCcw, Search, Settings2 } from 'lucide-react';
import { useRef } from 'react';
import { DEFAULT_USUAL_APPROVAL_MINUTES } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { MSG_TEXTS } from '#web/i18n/msg.ts';
import { T, useLanguage, useTexts } from '#web/i18n/texts.tsx';
import { DATES_TEXTS, formatDuration, formatTravelDate } from '#web/lib/dates.ts';
import { Link } from '#web/lib/navigation.tsx';
import { publicSettingsQuery, useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { toast } from '#web/lib/toast.ts';
import { copyText, formatMoney } from '../format.ts';
import { JourneyRows } from '../payment/journey-rows.tsx';
import { PersonList } from '../payment/person-list.tsx';
import { useFocusOnStepChange } from '../step-focus.ts';
import { PAYMENT_TEXTS, ticketSummary } from '../step-texts.ts';
import { EMPTY_TICKETS, type StepProps, ticketTotal } from '../wizard-state.ts';
import { zonedDateTime } from './zoned-date-time.ts';

const DURATION = {
  hours: 'payment.approvalHours',
  minutes: 'payment.approvalMinutes',
  both: 'payment.approvalHoursMinutes',
} as const;

/**
 * After submitting: the booking as sent (trip, seats, everyone by name, amount), where the mail went,
 * what happens next and when, and the booking's manage page by the link its mails carry (the
 * answer to the submit has it; a booking saved by an older page offers the lookup only).
 */
export default function Confirmation({ state, dispatch }: StepProps) {
  const t = useTexts(PAYMENT_TEXTS, MSG_TEXTS, DATES_TEXTS);
  const language = useLanguage();
  const settings = useQuery(publicSettingsQuery);
  // A run saved by an older page kept only the reference.
  const reference =
    state.submission?.reference ?? (state as { bookingReference?: string }).bookingReference ?? '';
  const sent = state.submission;
  const trip = sent?.trip;
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnStepChange(heading);
  const copy = async () => {
    if (await copyText(reference)) toast.success(t('msg.referenceCopied'));
  };
  const duration = formatDuration(
    t,
    settings.data?.usualApprovalMinutes ?? DEFAULT_USUAL_APPROVAL_MINUTES,
    DURATION,
  );
  const lookupHref = `/bookings?ref=${encodeURIComponent(reference)}`;
  // Sent to pay later (docs/decisions/040-pay-later.md): when the transfer must have arrived.
  const timeZone = useOperatorTimeZone();
  const due = sent?.paymentDueAt ? zonedDateTime(sent.paymentDueAt, timeZone) : null;

  return (
    <Card>
      <CardContent className="grid gap-6 p-5 sm:p-10">
        <div className="grid justify-items-center gap-4 text-center">
          <CheckCircle2 aria-hidden="true" className="size-16 text-green-600" />
          <h2 ref={heading} tabIndex={-1} className="outline-none text-2xl font-bold text-slate-900">
            {t('payment.submittedHeading')}
          </h2>
          <div className="grid gap-2">
            <p className="text-sm text-slate-600">{t('payment.yourReference')}</p>
            <div className="flex items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-4 py-2">
              <bdi
                dir="ltr"
                className="font-mono text-2xl font-bold tracking-wider text-slate-900"
                data-testid="booking-reference"
              >
                {reference}
              </bdi>
              <Button variant="ghost" size="icon" onClick={copy} aria-label={t('payment.copyReference')}>
                <Copy aria-hidden="true" />
              </Button>
            </div>
          </div>
          {due ? (
            <div
              className="grid max-w-xl gap-1 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
              data-testid="transfer-status"
            >
              {/* No icon: each is a chunk of its own, which /booking's first load would list. */}
              <p className="font-semibold">{t('payment.transferWaiting')}</p>
              <p data-testid="transfer-due">
                <T
                  id="payment.transferDue"
                  values={{
                    date: formatTravelDate(due.date),
                    time: <bdi dir="ltr">{due.time}</bdi>,
                    reference: (
                      <bdi dir="ltr" className="font-mono font-semibold">
                        {reference}
                      </bdi>
                    ),
                  }}
                />
              </p>
            </div>
          ) : (
            <p
              className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900"
              data-testid="slip-status"
            >
              {t('payment.slipReceivedUsually', { duration })}
            </p>
          )}
        </div>

        <div className="mx-auto grid w-full max-w-2xl gap-6 md:grid-cols-2">
          {sent ? (
            <section
              aria-labelledby="confirmation-details"
              className="grid content-start gap-3 rounded-xl bg-slate-50 p-4"
            >
              <h3 id="confirmation-details" className="font-semibold text-slate-900">
                {t('payment.confirmationDetails')}
              </h3>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <JourneyRows
                  t={t}
                  trip={trip}
                  launchName={sent.launchName || undefined}
                  seats={sent.seats}
                  heading={sent.returnTrip ? t('payment.journeyOut') : undefined}
                />
                {sent.returnTrip ? (
                  <JourneyRows
                    t={t}
                    trip={sent.returnTrip}
                    launchName={sent.returnLaunchName}
                    seats={sent.returnSeats ?? []}
                    heading={t('payment.journeyBack')}
                  />
                ) : null}
                <dt className="text-slate-600">{t('payment.summaryPassengers')}</dt>
                <dd className="grid gap-1 font-medium text-slate-900">
                  <span>
                    <bdi dir="ltr">{ticketTotal({ ...EMPTY_TICKETS, ...sent.tickets })}</bdi>
                    {' · '}
                    {ticketSummary(t, sent.tickets, language)}
                  </span>
                  {sent.persons ? <PersonList t={t} persons={sent.persons} /> : null}
                </dd>
                <dt className="text-slate-600">{t('payment.summaryAmount')}</dt>
                <dd className="font-semibold text-slate-900" data-testid="confirmation-amount">
                  <bdi dir="ltr">{formatMoney(sent.totalAmount, sent.currency)}</bdi>
                </dd>
              </dl>
            </section>
          ) : null}

          <section aria-labelledby="confirmation-next" className="grid content-start gap-3 text-sm">
            {sent?.email ? (
              <p className="text-slate-700" data-testid="confirmation-email">
                <T
                  id="payment.mailSentTo"
                  values={{ email: sent.email }}
                  components={{ 0: <bdi dir="ltr" className="font-semibold break-all text-slate-900" /> }}
                />
              </p>
            ) : null}
            <h3 id="confirmation-next" className="font-semibold text-slate-900">
              {t('payment.nextHeading')}
            </h3>
            <ol className="grid list-decimal gap-2 ps-5 text-slate-700">
              {due ? (
                <>
                  <li>{t('payment.nextTransferCheck')}</li>
                  <li>{t('payment.nextTransferRelease')}</li>
                </>
              ) : (
                <li>{t('payment.nextCheck', { duration })}</li>
              )}
              <li>{t('payment.nextTicket')}</li>
              <li>
                {t('payment.nextManage')}{' '}
                <Link
                  to={lookupHref}
                  className="font-semibold text-sky-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
                >
                  <bdi dir="ltr">{reference}</bdi>
                </Link>
              </li>
            </ol>
          </section>
        </div>

        <div className="flex w-full flex-col justify-center gap-3 sm:flex-row">
          <Button variant="outline" onClick={() => dispatch({ type: 'reset' })}>
            <RotateCcw aria-hidden="true" /> {t('payment.bookAnother')}
          </Button>
          <Button asChild variant={sent?.managePath ? 'outline' : 'default'}>
            <Link to={lookupHref}>
              <Search aria-hidden="true" /> {t('payment.checkStatus')}
            </Link>
          </Button>
          {sent?.managePath ? (
            <Button asChild>
              <Link to={sent.managePath}>
                <Settings2 aria-hidden="true" /> {t('payment.manageBooking')}
              </Link>
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
