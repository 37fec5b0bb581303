import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, Copy, Phone, Send, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { bankAccountFor } from '#shared/payment.ts';
import type { Slip } from '#web/components/slip-picker.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiErrorText, MSG_TEXTS } from '#web/i18n/msg.ts';
import { useOperatorText } from '#web/i18n/operator-text.ts';
import { type Translate, useLanguage, useTexts } from '#web/i18n/texts.tsx';
import { DATES_TEXTS } from '#web/lib/dates.ts';
import { useBranding } from '#web/lib/public-queries.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { toast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { ApiError, publicSettingsQuery } from '../api.ts';
import { copyText, formatMoney, returnTotals, totals, withTripPrices } from '../format.ts';
import { bookingParty, partyPersons } from '../party.ts';
import { StepCard } from '../step-card.tsx';
import { PAYMENT_TEXTS, ticketSummary } from '../step-texts.ts';
import { submitBooking } from '../steps-api.ts';
import type { StepProps } from '../wizard-state.ts';
import { ticketTotal } from '../wizard-state.ts';
import { JourneyRows } from './journey-rows.tsx';
import { type PayMethod, PayMethodChoice } from './pay-method.tsx';
import { PersonList } from './person-list.tsx';
import { RefundPolicyNote } from './refund-policy-note.tsx';
import { SLIP_INPUT_ID, SlipUpload } from './slip-upload.tsx';
import { isUploadError, submitErrorMessage } from './submit-error.ts';

/** The step's fields that can be in error; a message is kept as how to say it, for a change of language. */
type PaymentErrors = Partial<Record<'currency' | 'slip', (t: Translate) => string>>;

// The step writes its messages itself rather than with #web/components/field-error.tsx, which
// step 2 uses: a module the two shared would be one more chunk for /booking's first load to list.
const CURRENCY_ID = 'payment-currency';
const CURRENCY_ERROR_ID = 'payment-currency-error';
const currencyInputId = (currency: string) => `${CURRENCY_ID}-${currency}`;

/**
 * The server's refusals of paying later, or by card (the gateway turned off meanwhile), for this
 * booking: it can still be booked with its slip.
 */
const METHOD_REFUSED: ReadonlySet<string> = new Set([
  'pay_later_unavailable',
  'pay_later_share_full',
  'card_unavailable',
]);

export default function PaymentStep({ state, dispatch }: StepProps) {
  const t = useTexts(PAYMENT_TEXTS, MSG_TEXTS, DATES_TEXTS);
  const language = useLanguage();
  const { selectedTrip: trip, selectedLaunch: launch, selectedSeats, tickets, paymentCurrency } = state;
  const { returnTrip, returnLaunch, returnSeats } = state;
  const settings = useQuery(publicSettingsQuery);
  const queryClient = useQueryClient();
  const { contact } = useBranding();
  const [slip, setSlip] = useState<Slip | null>(null);
  // Paying later by transfer (docs/decisions/040-pay-later.md) or by card (docs/decisions/042),
  // while the operator offers it.
  const [method, setMethod] = useState<PayMethod>('slip');
  const [optimizing, setOptimizing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const priced = withTripPrices(settings.data, trip);
  const outSum = priced ? totals(tickets, priced) : null;
  // A return: each departure at its own pair's fares, the way back's discount off the two together.
  const backPriced = returnTrip ? withTripPrices(settings.data, returnTrip) : undefined;
  const backSum = backPriced ? totals(tickets, backPriced) : null;
  const both = outSum && backSum ? returnTotals(outSum, backSum, returnTrip?.returnDiscountPercent) : null;
  const sum = returnTrip ? both : outSum;
  const inCurrency = (amounts: { usd: string; mvr: string }) =>
    formatMoney(paymentCurrency === 'USD' ? amounts.usd : amounts.mvr, paymentCurrency);
  const persons = partyPersons(state);
  // No made-up account (#shared/payment.ts): until the operator enters one, nobody pays or submits.
  const bank = bankAccountFor(settings.data, paymentCurrency);
  const operatorText = useOperatorText();
  const bankNameDv = paymentCurrency === 'MVR' ? settings.data?.bankNameDv : settings.data?.bankNameUsdDv;
  // A server from before paying later sends no offer, one from before cards no methods.
  const payLaterOffer = settings.data?.payLater?.enabled ? settings.data.payLater : null;
  const cardOffered = settings.data?.paymentMethods?.includes('card') ?? false;
  const payingLater = method === 'later' && payLaterOffer !== null;
  // By card: the gateway's page takes the payment; no slip, no bank details.
  const payingByCard = method === 'card' && cardOffered;
  const accountMissing = settings.isSuccess && !bank && !payingByCard;
  const [errors, setErrors] = useState<PaymentErrors>({});
  const currencyError = errors.currency?.(t);
  const slipError = errors.slip?.(t);

  /** The message under its field, the focus on that field (the currency: the one chosen). */
  const report = (found: PaymentErrors) => {
    const first = found.currency ? currencyInputId(paymentCurrency) : found.slip ? SLIP_INPUT_ID : undefined;
    // The message in place and the field described by it before the focus lands there.
    flushSync(() => setErrors(found));
    if (first) document.getElementById(first)?.focus();
  };

  const onSubmit = async () => {
    if (optimizing || accountMissing) return;
    // docs/product.md section 5, in its order.
    const payment = payingByCard
      ? ({ card: true } as const)
      : payingLater
        ? ({ payLater: true } as const)
        : slip
          ? { slip: slip.blob }
          : null;
    if (!payment) {
      report({ slip: (tr) => tr('payment.slipRequired') });
      return void toast.error(t('msg.slipAndTripRequired'));
    }
    if (!trip) return void toast.error(t('msg.slipAndTripRequired'));
    const { passengerInfo: p } = state;
    if (!p.name.trim() || !p.email.trim() || persons.some((person) => !person.name.trim())) {
      return void toast.error(t('msg.missingPassengerInfo'));
    }
    if (!launch || selectedSeats.length === 0) return void toast.error(t('msg.selectSeats'));
    if (returnTrip && (!returnLaunch || returnSeats.length === 0))
      return void toast.error(t('msg.selectSeats'));
    if (ticketTotal(tickets) === 0) return void toast.error(t('msg.selectTicket'));
    setErrors({});
    setSubmitting(true);
    let leaving = false;
    try {
      const created = await submitBooking(
        {
          scheduleId: trip.scheduleId,
          travelDate: trip.travelDate,
          originId: trip.from.id,
          destinationId: trip.to.id,
          launchId: launch.id,
          seats: selectedSeats,
          ...bookingParty(state),
          passenger: {
            name: p.name.trim(),
            email: p.email.trim(),
            ...(p.phone.trim() ? { phone: p.phone.trim() } : {}),
            nationality: p.nationality,
            countryCode: p.countryCode,
          },
          paymentCurrency,
          verificationToken: state.emailVerification.verificationToken ?? undefined,
          // A return: the way back on the reverse route, the same seat count, one booking and payment.
          ...(returnTrip && returnLaunch
            ? {
                return: {
                  scheduleId: returnTrip.scheduleId,
                  travelDate: returnTrip.travelDate,
                  originId: returnTrip.from.id,
                  destinationId: returnTrip.to.id,
                  launchId: returnLaunch.id,
                  seats: returnSeats,
                },
              }
            : {}),
        },
        payment,
        state.sessionId,
        state.idempotencyKey,
      );
      if (created.payment) {
        // By card: on to the gateway's page, a full navigation; the passenger comes back to
        // /payment/<localId>. The run stays at this step under the same key: back from the
        // gateway, the same button replays the answer and goes to the same page again.
        leaving = true;
        window.addEventListener('pageshow', () => setSubmitting(false), { once: true });
        window.location.assign(created.payment.redirectUrl);
        return;
      }
      toast.success(t('msg.bookingSubmitted'));
      // The booking as sent, for the confirmation: the seats and the hold go with this step.
      dispatch({
        type: 'submitted',
        submission: {
          reference: created.reference,
          trip,
          launchName: launch.name,
          seats: selectedSeats,
          tickets,
          email: p.email.trim(),
          totalAmount: created.totalAmount,
          currency: created.currency,
          managePath: created.managePath,
          ...(created.paymentDueAt ? { paymentDueAt: created.paymentDueAt } : {}),
          persons: persons.map(({ category, categoryName, name }) => ({
            category,
            ...(categoryName ? { categoryName } : {}),
            name: name.trim(),
          })),
          ...(returnTrip && returnLaunch
            ? { returnTrip, returnLaunchName: returnLaunch.name, returnSeats }
            : {}),
        },
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'seats_unavailable') {
        toast.error(apiErrorText(t, error));
        dispatch({ type: 'seatsTaken', labels: error.details.seats ?? [] });
      } else if (error instanceof ApiError && error.code === 'email_not_verified') {
        // The verification expired meanwhile: verify again on step 2.
        toast.error(apiErrorText(t, error));
        dispatch({ type: 'verificationLost' });
      } else if (error instanceof ApiError && METHOD_REFUSED.has(error.code)) {
        // Too soon before departure, paying later or cards turned off, or the departure's share
        // of seats waiting for transfers is full: back to the slip, with why under it, nothing
        // else lost. The request changes, so it goes under a new key.
        if (error.code === 'card_unavailable') {
          void queryClient.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
        }
        flushSync(() => setMethod('slip'));
        dispatch({ type: 'slipChanged' });
        report({ slip: (tr) => submitErrorMessage(tr, error) });
        toast.error(submitErrorMessage(t, error));
      } else {
        // The accounts changed since the step loaded: show what is there now.
        if (error instanceof ApiError && error.code === 'payment_details_missing') {
          void queryClient.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
        }
        // What the server refused about a field of this step goes under that field.
        if (isUploadError(error)) report({ slip: (tr) => submitErrorMessage(tr, error) });
        else if (error instanceof ApiError && error.fields?.paymentCurrency) {
          report({ currency: (tr) => submitErrorMessage(tr, error) });
        }
        toast.error(submitErrorMessage(t, error));
      }
    } finally {
      // Leaving for the gateway: the button stays busy until the browser has gone.
      if (!leaving) setSubmitting(false);
    }
  };

  const copyAccount = async () => {
    if (bank && (await copyText(bank.number))) toast.success(t('msg.accountNumberCopied'));
  };

  // The reference the seat lock gave (docs/decisions/039-reference-at-lock.md): the transfer's
  // remark, so the office's bank statement names the booking. A run saved before the lock
  // answered one shows none; its booking still gets its reference on submitting.
  const reference = state.reference ?? null;
  const [referenceCopied, setReferenceCopied] = useState(false);
  useEffect(() => {
    if (!referenceCopied) return;
    const shown = setTimeout(() => setReferenceCopied(false), 4000);
    return () => clearTimeout(shown);
  }, [referenceCopied]);
  const copyReference = async () => {
    if (reference && (await copyText(reference))) setReferenceCopied(true);
  };

  // The choice of how to pay: after the bank details as before cards; with a card offered, above
  // them, so that choosing the card (which hides them) moves nothing under the finger.
  const methodChoice =
    payLaterOffer || cardOffered ? (
      <PayMethodChoice
        t={t}
        offer={payLaterOffer}
        card={cardOffered}
        method={payingLater ? 'later' : payingByCard ? 'card' : 'slip'}
        disabled={submitting}
        onChange={(next) => {
          setErrors(({ slip: _, ...rest }) => rest);
          setMethod(next);
          // Another request: a retry of the one before may not reuse its key.
          dispatch({ type: 'slipChanged' });
        }}
      />
    ) : null;

  return (
    <StepCard
      title={t('payment.title')}
      description={t(
        payingByCard
          ? 'payment.descriptionCard'
          : payingLater
            ? 'payment.descriptionPayLater'
            : 'payment.description',
      )}
      footer={
        <>
          <Button variant="outline" onClick={() => dispatch({ type: 'back' })} disabled={submitting}>
            <ArrowLeft aria-hidden="true" /> {t('payment.back')}
          </Button>
          <Button onClick={onSubmit} disabled={submitting || optimizing || accountMissing}>
            {submitting || optimizing ? <Spinner /> : <Send aria-hidden="true" />}
            {t(payingByCard ? 'payment.submitCard' : 'payment.submit')}
          </Button>
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <section
            aria-labelledby="summary-heading"
            className="grid content-start gap-3 self-start rounded-xl bg-slate-50 p-4"
          >
            <h3 id="summary-heading" className="font-semibold text-slate-900">
              {t('payment.summaryHeading')}
            </h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <JourneyRows
                t={t}
                trip={trip}
                launchName={launch?.name}
                seats={selectedSeats}
                heading={returnTrip ? t('payment.journeyOut') : undefined}
              />
              {returnTrip ? (
                <JourneyRows
                  t={t}
                  trip={returnTrip}
                  launchName={returnLaunch?.name}
                  seats={returnSeats}
                  heading={t('payment.journeyBack')}
                />
              ) : null}
              <dt className="text-slate-600">{t('payment.summaryTickets')}</dt>
              <dd className="font-medium text-slate-900">{ticketSummary(t, tickets, language)}</dd>
              <dt className="text-slate-600">{t('payment.summaryPassengers')}</dt>
              <dd className="font-medium text-slate-900">
                <PersonList t={t} persons={persons} />
              </dd>
            </dl>
          </section>
          {/* Before the passenger pays: what cancelling later would give back (none from a server
              older than the policy, during a release). */}
          {settings.data?.refundPolicy ? (
            <RefundPolicyNote policy={settings.data.refundPolicy} t={t} />
          ) : null}
        </div>

        <div className="grid content-start gap-5">
          <fieldset className="grid gap-2" aria-describedby={currencyError ? CURRENCY_ERROR_ID : undefined}>
            <legend className="mb-2 font-semibold text-slate-900">{t('payment.currencyLegend')}</legend>
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
                    id={currencyInputId(currency)}
                    name="payment-currency"
                    value={currency}
                    checked={paymentCurrency === currency}
                    aria-invalid={currencyError ? true : undefined}
                    aria-describedby={currencyError ? CURRENCY_ERROR_ID : undefined}
                    onChange={() => {
                      setErrors(({ currency: _, ...rest }) => rest);
                      dispatch({ type: 'currencyChanged', currency });
                    }}
                    className="size-4 accent-sky-700"
                  />
                  <span className="grid">
                    <span className="font-medium text-slate-900">{currency}</span>
                    <span className="text-sm text-slate-600">
                      {sum ? (
                        <bdi dir="ltr">{formatMoney(currency === 'USD' ? sum.usd : sum.mvr, currency)}</bdi>
                      ) : (
                        '…'
                      )}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            {currencyError ? (
              <p id={CURRENCY_ERROR_ID} className="text-sm font-medium text-red-700">
                {currencyError}
              </p>
            ) : null}
          </fieldset>

          {outSum && backSum && both ? (
            // A return's total, line by line: each departure's fare and the discount taken off.
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 text-sm" data-testid="return-fares">
              <dt className="text-slate-600">{t('payment.journeyOut')}</dt>
              <dd className="text-end text-slate-900">
                <bdi dir="ltr">{inCurrency(outSum)}</bdi>
              </dd>
              <dt className="text-slate-600">{t('payment.journeyBack')}</dt>
              <dd className="text-end text-slate-900">
                <bdi dir="ltr">{inCurrency(backSum)}</bdi>
              </dd>
              {returnTrip?.returnDiscountPercent ? (
                <>
                  <dt className="text-slate-600">
                    {t('payment.returnDiscount', { percent: returnTrip.returnDiscountPercent })}
                  </dt>
                  <dd className="text-end font-medium text-green-800" data-testid="return-discount">
                    <bdi dir="ltr">−{inCurrency(both.discount)}</bdi>
                  </dd>
                </>
              ) : null}
            </dl>
          ) : null}
          <p className="flex items-baseline justify-between rounded-xl bg-sky-50 p-4">
            <span className="text-sm text-slate-700">{t('payment.totalToPay')}</span>
            <span className="text-lg font-bold text-slate-900" data-testid="payment-total">
              {sum ? (
                <bdi dir="ltr">
                  {formatMoney(paymentCurrency === 'USD' ? sum.usd : sum.mvr, paymentCurrency)}
                </bdi>
              ) : (
                '…'
              )}
            </span>
          </p>

          {settings.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {apiErrorText(t, settings.error)}
            </p>
          ) : null}
          {accountMissing ? (
            <div
              role="alert"
              className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
              data-testid="payment-details-missing"
            >
              <p className="flex items-start gap-2 font-medium">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
                {t('msg.paymentDetailsMissing')}
              </p>
              <a
                href={telHref(contact.phone)}
                className="inline-flex items-center gap-2 justify-self-start rounded ps-6 font-semibold text-amber-950 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
              >
                <Phone aria-hidden="true" className="size-4 shrink-0" />
                <span>
                  <span className="sr-only">{t('payment.callUs')}</span>
                  <bdi dir="ltr">{contact.phone}</bdi>
                </span>
              </a>
            </div>
          ) : null}
          {cardOffered ? methodChoice : null}
          {bank && !payingByCard ? (
            <section
              aria-labelledby="bank-heading"
              className="grid gap-2 rounded-xl border border-slate-200 p-4 text-sm"
            >
              <h3 id="bank-heading" className="font-semibold text-slate-900">
                {t('payment.bankDetails', { currency: paymentCurrency })}
              </h3>
              <p>
                <span className="text-slate-600">{t('payment.bankName')}</span>
                <span className="font-medium">{operatorText(bank.bank, bankNameDv)}</span>
              </p>
              <p>
                <span className="text-slate-600">{t('payment.accountHolder')}</span>
                <span className="font-medium">{bank.holder}</span>
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-slate-600">{t('payment.accountNumber')}</span>
                <bdi dir="ltr" className="font-mono font-medium" data-testid="account-number">
                  {bank.number}
                </bdi>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={copyAccount}
                  aria-label={t('payment.copyAccountNumber')}
                >
                  <Copy aria-hidden="true" /> {t('payment.copy')}
                </Button>
              </div>
              {reference ? (
                <div className="mt-2 grid gap-2 rounded-lg bg-sky-50 p-3" data-testid="transfer-reference">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-slate-600">{t('payment.referenceLabel')}</span>
                    <bdi dir="ltr" className="font-mono font-semibold" data-testid="payment-reference">
                      {reference}
                    </bdi>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={copyReference}
                      aria-label={t('payment.copyTransferReference')}
                    >
                      {referenceCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}{' '}
                      {t('payment.copy')}
                    </Button>
                    {/* Always in the page, so a screen reader hears it when it fills. */}
                    <span role="status" className="font-medium text-green-800">
                      {referenceCopied ? t('payment.referenceCopiedStatus') : ''}
                    </span>
                  </div>
                  <p className="font-medium text-slate-900">{t('payment.transferRemark', { reference })}</p>
                </div>
              ) : null}
              {settings.data?.paymentInstructions ? (
                <p className="mt-2 whitespace-pre-line text-slate-700">
                  {operatorText(settings.data.paymentInstructions, settings.data.paymentInstructionsDv)}
                </p>
              ) : null}
            </section>
          ) : null}

          {cardOffered ? null : methodChoice}
          {/* Hidden, not gone, while paying otherwise: a slip already chosen stays for a change of mind. */}
          <div hidden={payingLater || payingByCard}>
            <SlipUpload
              slip={slip}
              error={slipError}
              onChange={(next) => {
                setErrors(({ slip: _, ...rest }) => rest);
                setSlip(next);
                dispatch({ type: 'slipChanged' });
              }}
              onBusyChange={setOptimizing}
            />
          </div>
        </div>
      </div>
    </StepCard>
  );
}
