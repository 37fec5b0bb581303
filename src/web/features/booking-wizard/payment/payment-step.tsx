import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Copy, Loader2, Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Currency } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { PublicSettings } from '#shared/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import { ApiError, publicSettingsQuery, submitBooking, takenSeats } from '../api.ts';
import type { StepProps } from '../booking-wizard.tsx';
import { copyText, formatMoney, formatTravelDate, pricesFrom, totals } from '../format.ts';
import { StepCard } from '../step-card.tsx';
import { ticketTotal, type WizardState } from '../wizard-state.ts';
import { type Slip, SlipUpload } from './slip-upload.tsx';

/** SPEC.md section 8's submit messages for what the server answers. */
function submitErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MSG.submitFailed;
  const text = error.message;
  if (/upload|storage/i.test(error.code)) return MSG.uploadError(text);
  if (/duplicate key|already exists/i.test(text) || error.code === 'reference_exists')
    return MSG.referenceExists;
  if (/foreign key|schedule_id/i.test(text) || error.code === 'invalid_schedule') return MSG.invalidSchedule;
  if (text && text.length < 100) return text;
  if (/validation|required/i.test(text)) return MSG.checkRequiredFields;
  return MSG.submitFailed;
}

function ticketSummary(t: WizardState['tickets']): string {
  const parts = [
    [t.localAdult, 'local adult'],
    [t.localChild, 'local child'],
    [t.foreignerAdult, 'foreigner adult'],
    [t.foreignerChild, 'foreigner child'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, label]) => `${n} × ${label}`)
    .join(', ');
}

function bankFor(settings: PublicSettings, currency: Currency) {
  return currency === 'MVR'
    ? { bank: settings.bankName, holder: settings.accountHolder, number: settings.accountNumber }
    : { bank: settings.bankNameUsd, holder: settings.accountHolderUsd, number: settings.accountNumberUsd };
}

export default function PaymentStep({ state, dispatch }: StepProps) {
  const { selectedTrip: trip, selectedLaunch: launch, selectedSeats, tickets, paymentCurrency } = state;
  const settings = useQuery(publicSettingsQuery);
  const [slip, setSlip] = useState<Slip | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const prices = pricesFrom(settings.data);
  const sum = prices ? totals(tickets, prices) : null;

  const onSubmit = async () => {
    // SPEC.md section 5, in its order.
    if (!slip || !trip) return void toast.error(MSG.slipAndTripRequired);
    const { passengerInfo: p } = state;
    if (!p.name.trim() || !p.email.trim()) return void toast.error(MSG.missingPassengerInfo);
    if (!launch || selectedSeats.length === 0) return void toast.error(MSG.selectSeats);
    if (ticketTotal(tickets) === 0) return void toast.error(MSG.selectTicket);
    setSubmitting(true);
    try {
      const created = await submitBooking(
        {
          scheduleId: trip.scheduleId,
          travelDate: trip.travelDate,
          originId: trip.from.id,
          destinationId: trip.to.id,
          launchId: launch.id,
          seats: selectedSeats,
          tickets: [
            { type: 'local', category: 'adult', quantity: tickets.localAdult },
            { type: 'local', category: 'child', quantity: tickets.localChild },
            { type: 'foreigner', category: 'adult', quantity: tickets.foreignerAdult },
            { type: 'foreigner', category: 'child', quantity: tickets.foreignerChild },
          ],
          passenger: {
            name: p.name.trim(),
            email: p.email.trim(),
            ...(p.phone.trim() ? { phone: p.phone.trim() } : {}),
            nationality: p.nationality,
            countryCode: p.countryCode,
          },
          paymentCurrency,
          verificationToken: state.emailVerification.verificationToken ?? undefined,
        },
        slip.blob,
        state.sessionId,
        state.idempotencyKey,
      );
      toast.success(MSG.bookingSubmitted);
      dispatch({ type: 'submitted', reference: created.reference });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'seats_unavailable') {
        toast.error(error.message);
        dispatch({ type: 'seatsTaken', labels: takenSeats(error) });
      } else if (error instanceof ApiError && error.code === 'email_not_verified') {
        // The verification expired meanwhile: verify again on step 2.
        toast.error(error.message);
        dispatch({ type: 'verificationLost' });
      } else {
        toast.error(submitErrorMessage(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const bank = settings.data ? bankFor(settings.data, paymentCurrency) : null;
  const copyAccount = async () => {
    if (bank && (await copyText(bank.number))) toast.success(MSG.accountNumberCopied);
  };

  return (
    <StepCard
      title="Complete Payment"
      description="Transfer the total to the account below, then upload your payment slip."
      footer={
        <>
          <Button variant="outline" onClick={() => dispatch({ type: 'back' })} disabled={submitting}>
            <ArrowLeft aria-hidden="true" /> Back
          </Button>
          <Button onClick={onSubmit} disabled={submitting}>
            {submitting ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            Submit Booking
          </Button>
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="summary-heading"
          className="grid content-start gap-3 self-start rounded-xl bg-slate-50 p-4"
        >
          <h3 id="summary-heading" className="font-semibold text-slate-900">
            Booking summary
          </h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">Trip</dt>
            <dd className="font-medium text-slate-900">
              {trip ? `${trip.from.name} → ${trip.to.name}` : '–'}
            </dd>
            <dt className="text-slate-600">Date</dt>
            <dd className="font-medium text-slate-900">{trip ? formatTravelDate(trip.travelDate) : '–'}</dd>
            <dt className="text-slate-600">Time</dt>
            <dd className="font-medium text-slate-900">{trip?.departureTime ?? '–'}</dd>
            <dt className="text-slate-600">Launch</dt>
            <dd className="font-medium text-slate-900">{launch?.name ?? '–'}</dd>
            <dt className="text-slate-600">Seats</dt>
            <dd className="font-medium text-slate-900">{selectedSeats.join(', ')}</dd>
            <dt className="text-slate-600">Tickets</dt>
            <dd className="font-medium text-slate-900">{ticketSummary(tickets)}</dd>
          </dl>
        </section>

        <div className="grid content-start gap-5">
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-semibold text-slate-900">Payment currency</legend>
            <div className="grid grid-cols-2 gap-2">
              {(['USD', 'MVR'] as const).map((currency) => (
                <label
                  key={currency}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-xl border-2 p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600',
                    paymentCurrency === currency ? 'border-sky-700 bg-sky-50' : 'border-slate-200',
                  )}
                >
                  <input
                    type="radio"
                    name="payment-currency"
                    value={currency}
                    checked={paymentCurrency === currency}
                    onChange={() => dispatch({ type: 'currencyChanged', currency })}
                    className="size-4 accent-sky-700"
                  />
                  <span className="grid">
                    <span className="font-medium text-slate-900">{currency}</span>
                    <span className="text-sm text-slate-600">
                      {sum ? formatMoney(currency === 'USD' ? sum.usd : sum.mvr, currency) : '…'}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <p className="flex items-baseline justify-between rounded-xl bg-sky-50 p-4">
            <span className="text-sm text-slate-700">Total to pay</span>
            <span className="text-lg font-bold text-slate-900" data-testid="payment-total">
              {sum ? formatMoney(paymentCurrency === 'USD' ? sum.usd : sum.mvr, paymentCurrency) : '…'}
            </span>
          </p>

          {settings.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {settings.error.message}
            </p>
          ) : null}
          {bank ? (
            <section
              aria-labelledby="bank-heading"
              className="grid gap-2 rounded-xl border border-slate-200 p-4 text-sm"
            >
              <h3 id="bank-heading" className="font-semibold text-slate-900">
                Bank details ({paymentCurrency})
              </h3>
              <p>
                <span className="text-slate-600">Bank: </span>
                <span className="font-medium">{bank.bank}</span>
              </p>
              <p>
                <span className="text-slate-600">Account holder: </span>
                <span className="font-medium">{bank.holder}</span>
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-slate-600">Account number: </span>
                <span className="font-mono font-medium" data-testid="account-number">
                  {bank.number}
                </span>
                <Button variant="ghost" size="sm" onClick={copyAccount} aria-label="Copy account number">
                  <Copy aria-hidden="true" /> Copy
                </Button>
              </div>
              {settings.data?.paymentInstructions ? (
                <p className="mt-2 whitespace-pre-line text-slate-700">{settings.data.paymentInstructions}</p>
              ) : null}
            </section>
          ) : null}

          <SlipUpload
            slip={slip}
            onChange={(next) => {
              setSlip(next);
              dispatch({ type: 'slipChanged' });
            }}
          />
        </div>
      </div>
    </StepCard>
  );
}
