import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { COUNTRY_CODES } from '#shared/constants.ts';
import type { Language } from '#shared/languages.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { FieldError, fieldErrorProps, showFieldErrors } from '#web/components/field-error.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { MSG_TEXTS } from '#web/i18n/msg.ts';
import { type Translate, useLanguage, useTexts } from '#web/i18n/texts.tsx';
import { toast } from '#web/lib/toast.ts';
import { publicSettingsQuery } from '../api.ts';
import { formatMoney, pricesFrom, returnTotals, totals, withTripPrices } from '../format.ts';
import { categoryValues, type PartyPerson, PERSON_NAME_MAX, partyPersons } from '../party.ts';
import { StepCard } from '../step-card.tsx';
import { PASSENGER_TEXTS } from '../step-texts.ts';
import type { StepProps } from '../wizard-state.ts';
import { ticketTotal } from '../wizard-state.ts';
import { EmailVerification } from './email-verification.tsx';
import { FIELD_IDS, fieldIdOf, type PassengerErrors, type PassengerField } from './field-errors.ts';
import { NationalitySelect } from './nationality-select.tsx';
import { PersonFields } from './person-fields.tsx';
import { ticketCurrency } from './ticket-currency.ts';
import { TicketSelector } from './ticket-selector.tsx';

/** 'Adult 1', 'Infant 2'. */
const personLabel = (t: Translate, person: PartyPerson, language: Language) =>
  t('passenger.personLabel', { ...categoryValues(person, language), n: person.number });

/** Until the settings arrive: the server's default MAX_TICKETS_PER_BOOKING. */
const DEFAULT_MAX_TICKETS = 20;

const COUNTRY_TEXTS: Record<(typeof COUNTRY_CODES)[number]['country'], TextId> = {
  Maldives: 'passenger.countryMaldives',
  India: 'passenger.countryIndia',
  'Sri Lanka': 'passenger.countrySriLanka',
  USA: 'passenger.countryUsa',
  UK: 'passenger.countryUk',
};

export default function PassengerInfoStep({ state, dispatch }: StepProps) {
  const t = useTexts(PASSENGER_TEXTS, MSG_TEXTS);
  const language = useLanguage();
  const { passengerInfo: info, tickets, emailVerification } = state;
  const settings = useQuery(publicSettingsQuery);
  const priced = withTripPrices(settings.data, state.selectedTrip);
  const prices = pricesFrom(priced);
  const count = ticketTotal(tickets);
  const { returnTrip } = state;
  const outSum = priced ? totals(tickets, priced) : null;
  // A return's total: both departures at their own fares, less its discount (format.ts).
  const backPriced = returnTrip ? withTripPrices(settings.data, returnTrip) : undefined;
  const backSum = backPriced ? totals(tickets, backPriced) : null;
  const sum = !returnTrip
    ? outSum
    : outSum && backSum
      ? returnTotals(outSum, backSum, returnTrip.returnDiscountPercent)
      : null;
  // Everyone the tickets count: the contact first (the fields below), then the others.
  const persons = partyPersons(state);
  const [contact, ...others] = persons;
  const unnamed = others.filter((person) => !person.name.trim());
  const detailsMissing = !info.name.trim() || !info.email.trim() || !info.nationality || unnamed.length > 0;
  const canContinue = !detailsMissing && count > 0 && emailVerification.isVerified;
  const maxPerBooking = settings.data?.maxTicketsPerBooking ?? DEFAULT_MAX_TICKETS;
  const [errors, setErrors] = useState<PassengerErrors>({});
  const error = (field: PassengerField) => errors[field]?.(t);

  /** Each message under its field, the focus on the first of them (in the order of the form). */
  const report = (found: PassengerErrors, replace = false) => {
    const order = [...(Object.keys(FIELD_IDS) as PassengerField[]), ...others.map((person) => person.key)];
    const first = order.find((field) => found[field]);
    showFieldErrors(
      () => setErrors((current) => (replace ? found : { ...current, ...found })),
      first && fieldIdOf(first),
    );
  };
  const clear = (...fields: PassengerField[]) =>
    setErrors((current) =>
      fields.some((field) => current[field])
        ? Object.fromEntries(
            Object.entries(current).filter(([field]) => !fields.includes(field as PassengerField)),
          )
        : current,
    );

  const onContinue = () => {
    const found: PassengerErrors = {};
    if (!info.name.trim()) found.name = (tr) => tr('passenger.nameRequired');
    if (!info.email.trim()) found.email = (tr) => tr('msg.emailRequired');
    else if (!emailVerification.isVerified) {
      // Under the code once one was sent: that is where the passenger finishes the check.
      found[emailVerification.attemptCount > 0 ? 'code' : 'email'] = (tr) => tr('msg.verifyEmailFirst');
    }
    if (count === 0) found.tickets = (tr) => tr('msg.selectTicket');
    for (const person of unnamed) {
      found[person.key] = (tr) =>
        tr('passenger.personNameRequired', { person: personLabel(tr, person, language) });
    }
    if (Object.keys(found).length > 0) {
      report(found, true);
      // docs/product.md section 5: the first missing piece is named, in a toast too.
      if (detailsMissing) return void toast.error(t('msg.missingPassengerInfo'));
      if (count === 0) return void toast.error(t('msg.selectTicket'));
      return void toast.error(t('msg.verifyEmailFirst'));
    }
    // Step 5 starts in the tickets' own currency; the passenger can still switch there.
    dispatch({ type: 'currencyChanged', currency: ticketCurrency(tickets) });
    dispatch({ type: 'continueToLaunch' });
  };

  const setInfo = (patch: Partial<typeof info>) => dispatch({ type: 'passengerChanged', info: patch });
  return (
    <StepCard
      title={t('passenger.title')}
      description={t('passenger.description')}
      footer={
        <>
          <Button variant="outline" onClick={() => dispatch({ type: 'back' })}>
            <ArrowLeft aria-hidden="true" /> {t('passenger.back')}
          </Button>
          <Button
            onClick={onContinue}
            aria-disabled={!canContinue}
            className={canContinue ? '' : 'opacity-60'}
          >
            {t('passenger.continue')} <ArrowRight aria-hidden="true" />
          </Button>
        </>
      }
    >
      <div className="grid gap-6">
        <fieldset className="grid gap-4 md:grid-cols-2">
          {/* The contact is the party's first person: 'Adult 1 (contact)' once the tickets say who. */}
          <legend className="mb-1 font-semibold text-slate-900">
            {contact
              ? t('passenger.contactLegend', { person: personLabel(t, contact, language) })
              : t('passenger.contactDetails')}
          </legend>
          <div className="grid gap-2 md:col-span-2">
            <Label htmlFor="passenger-name">{t('passenger.fullName')}</Label>
            <Input
              id={FIELD_IDS.name}
              autoComplete="name"
              // The contact is the first person named: a person's name is at most this long.
              maxLength={PERSON_NAME_MAX}
              required
              value={info.name}
              {...fieldErrorProps(FIELD_IDS.name, error('name'))}
              onChange={(e) => {
                clear('name');
                setInfo({ name: e.target.value });
              }}
            />
            <FieldError fieldId={FIELD_IDS.name} error={error('name')} />
          </div>
          <div className="md:col-span-2">
            <EmailVerification
              state={state}
              dispatch={dispatch}
              errors={{ email: error('email'), code: error('code') }}
              report={report}
              clear={clear}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="passenger-nationality">{t('passenger.nationality')}</Label>
            <NationalitySelect
              id="passenger-nationality"
              value={info.nationality}
              onChange={(e) => setInfo({ nationality: e.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="passenger-phone">{t('passenger.phoneOptional')}</Label>
            <div className="grid grid-cols-[10.5rem_1fr] gap-2">
              <NativeSelect
                aria-label={t('passenger.countryCode')}
                value={info.countryCode}
                onChange={(e) => setInfo({ countryCode: e.target.value })}
              >
                {COUNTRY_CODES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {t('passenger.countryCodeOption', { code: c.code, country: t(COUNTRY_TEXTS[c.country]) })}
                  </option>
                ))}
              </NativeSelect>
              <Input
                id="passenger-phone"
                type="tel"
                autoComplete="tel-national"
                dir="ltr"
                value={info.phone}
                onChange={(e) => setInfo({ phone: e.target.value })}
              />
            </div>
          </div>
        </fieldset>

        <section aria-labelledby="tickets-heading" className="grid gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h3 id="tickets-heading" className="font-semibold text-slate-900">
              {t('passenger.tickets')}
            </h3>
            <p id="tickets-limit" className="text-sm text-slate-600">
              {t('msg.ticketsPerBooking', { max: maxPerBooking })}
            </p>
          </div>
          <TicketSelector
            tickets={tickets}
            prices={prices}
            categoryPrices={priced?.categoryPrices}
            max={maxPerBooking}
            // A return needs the seats on both departures.
            seats={Math.min(
              state.selectedTrip?.availableSeats ?? maxPerBooking,
              returnTrip?.availableSeats ?? maxPerBooking,
            )}
            describedBy={fieldErrorProps(FIELD_IDS.tickets, error('tickets'))['aria-describedby']}
            onChange={(next) => {
              clear('tickets');
              dispatch({ type: 'ticketsChanged', tickets: next });
            }}
          />
          <FieldError fieldId={FIELD_IDS.tickets} error={error('tickets')} />
          <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-sky-50 p-4">
            <span className="text-sm text-slate-700">{t('passenger.ticketsEstimate', { n: count })}</span>
            <span className="font-semibold text-slate-900" data-testid="ticket-totals">
              {sum ? (
                <>
                  <bdi dir="ltr">{formatMoney(sum.mvr, 'MVR')}</bdi> /{' '}
                  <bdi dir="ltr">{formatMoney(sum.usd, 'USD')}</bdi>
                </>
              ) : (
                '…'
              )}
            </span>
          </div>
        </section>

        {others.length > 0 ? (
          <section aria-labelledby="others-heading" className="grid gap-3">
            <div>
              <h3 id="others-heading" className="font-semibold text-slate-900">
                {t('passenger.othersHeading')}
              </h3>
              <p className="text-sm text-slate-600">{t('passenger.othersIntro')}</p>
            </div>
            {others.map((person) => (
              <PersonFields
                key={person.key}
                person={person}
                error={error(person.key)}
                onChange={(patch) => {
                  if (patch.name !== undefined) clear(person.key);
                  dispatch({ type: 'personChanged', key: person.key, person: patch });
                }}
              />
            ))}
          </section>
        ) : null}
      </div>
    </StepCard>
  );
}
