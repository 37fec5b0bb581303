import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { type Currency, DEFAULT_NATIONALITY, NATIONALITIES } from '#shared/constants.ts';
import {
  COUNTER_PAYMENT_METHODS,
  type CounterDay,
  type CounterDeparture,
  type CounterPaymentMethod,
  type CounterPrices,
  type CounterSale,
  type CounterSaleRequest,
  counterSaleRequestSchema,
  PAYMENT_METHOD_NAMES,
} from '#shared/counter.ts';
import type { Language } from '#shared/languages.ts';
import { COUNTER_MSG } from '#shared/messages/staff.ts';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { ChoiceGroup } from '#web/components/sale/choice-group.tsx';
import { Field, InputField } from '#web/components/sale/field.tsx';
import { chooseLeg, LegFields, legPrices } from '#web/components/sale/leg.tsx';
import {
  contactKind,
  namedOthers,
  otherPersons,
  type PersonNames,
} from '#web/components/sale/party-slots.ts';
import {
  changeDue,
  readAmount,
  saleTotal,
  seatsFor,
  type TicketKind,
  ticketKinds,
} from '#web/components/sale/sale-money.ts';
import { SeatGrid, SeatLegend } from '#web/components/seat-map/seat-grid.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { sell, shiftQuery } from './api.ts';
import { PartyNames } from './party-names.tsx';

/** Some of the other persons named and some not: the party is named whole or not at all. */
const PERSONS_ALL_OR_NONE = 'Name every other person, or leave all their names empty.';

import { ONE_LOCAL_ADULT, TicketCounters, type TicketCounts } from '#web/components/sale/ticket-counters.tsx';
import { useSeatHolds } from './use-seat-holds.ts';

type Draft = {
  fromId: string | null;
  toId: string | null;
  launchId: string | null;
  counts: TicketCounts;
  name: string;
  /** The other persons of the party, named or not (optional: all or none). */
  persons: PersonNames;
  nationality: string;
  phone: string;
  email: string;
  language: Language;
  currency: Currency;
  method: CounterPaymentMethod;
  received: string;
  reference: string;
};

const NEW_SALE: Draft = {
  fromId: null,
  toId: null,
  launchId: null,
  counts: ONE_LOCAL_ADULT,
  name: '',
  persons: {},
  nationality: DEFAULT_NATIONALITY,
  phone: '',
  email: '',
  language: 'en',
  currency: 'MVR',
  method: 'cash',
  received: '',
  reference: '',
};

/** The fields a problem can sit under, in the order of the page: the first one gets the focus. */
const FIELDS = [
  'tickets',
  'seats',
  'name',
  'nationality',
  'persons',
  'phone',
  'email',
  'received',
  'reference',
] as const;
type FieldName = (typeof FIELDS)[number] | 'form';
type Problems = Partial<Record<FieldName, string>>;

const FIELD_OF: Record<string, FieldName> = {
  tickets: 'tickets',
  seats: 'seats',
  'passenger.name': 'name',
  'passenger.nationality': 'nationality',
  'passenger.phone': 'phone',
  'passenger.email': 'email',
  passengers: 'persons',
  'payment.received': 'received',
  'payment.reference': 'reference',
};

/** Where the focus goes to mend each field. */
const FOCUS_ID: Record<(typeof FIELDS)[number], string> = {
  tickets: 'counter-tickets',
  seats: 'counter-seats',
  name: 'counter-name',
  nationality: 'counter-nationality',
  persons: 'counter-persons',
  phone: 'counter-phone',
  email: 'counter-email',
  received: 'counter-received',
  reference: 'counter-reference',
};

const CURRENCY_OPTIONS = [
  { value: 'MVR', label: 'MVR' },
  { value: 'USD', label: 'USD' },
] as const satisfies ReadonlyArray<{ value: Currency; label: string }>;

const METHOD_OPTIONS = COUNTER_PAYMENT_METHODS.map((method) => ({
  value: method,
  label: PAYMENT_METHOD_NAMES[method],
}));

/** The problems of a request, under their fields, in the same words the API would answer with. */
function problemsOf(request: CounterSaleRequest, total: string, kinds: readonly TicketKind[]): Problems {
  const problems: Problems = {};
  const parsed = counterSaleRequestSchema.safeParse(request);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const path = issue.path.join('.');
    const field =
      FIELD_OF[path] ??
      (path.startsWith('seats') ? 'seats' : path.startsWith('passengers') ? 'persons' : 'form');
    // The schema's own words for seats are zod's ("too small"): the counter's sentence instead.
    const message = field === 'seats' ? COUNTER_MSG.seatsMatchTickets : issue.message;
    problems[field] ??= message;
  }
  // The schema counts seats against tickets only once every field reads well: counted here always.
  const seats = seatsFor(request.tickets, kinds);
  if (seats > 0 && request.seats.length !== seats) problems.seats ??= COUNTER_MSG.seatsMatchTickets;
  const { payment } = request;
  if (payment.method === 'cash' && !problems.received && changeDue(payment.received, total).startsWith('-')) {
    problems.received = COUNTER_MSG.cashTooLittle;
  }
  return problems;
}

/**
 * One sale, top to bottom: the route and launch, the tickets, the seats (held as they are tapped),
 * the passenger, the payment, Sell. One adult paying cash is: a seat, the name (focused by the
 * seat), the amount received, Sell.
 */
export function SaleForm({
  departure,
  prices,
  concessions = [],
  onSold,
}: {
  departure: CounterDeparture;
  prices: CounterPrices;
  /** The operator's active concessions, sold beside the built-in kinds. */
  concessions?: CounterDay['concessions'];
  onSold: (sale: CounterSale) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(NEW_SALE);
  const [saleId] = useState(() => crypto.randomUUID());
  const [submitted, setSubmitted] = useState(false);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Problems>({});
  const [moreOpen, setMoreOpen] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const receivedRef = useRef<HTMLInputElement>(null);
  const update = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));

  // The route: From is a stop still boarding (the first such by default), To any stop after it.
  const leg = chooseLeg(departure, draft);
  const { from, to, launch } = leg;

  // Every category sold: the built-in ones and the operator's concessions (decision 036).
  const kinds = ticketKinds(concessions);
  const counts = kinds.map(({ type, category }) => ({
    type,
    category,
    quantity: draft.counts[`${type}-${category}`] ?? 0,
  }));
  // An infant, and a concession without a seat, takes none.
  const needed = seatsFor(counts, kinds);
  const slots = otherPersons(counts, kinds);
  const naming = namedOthers(slots, draft.persons);
  const contact = contactKind(counts, kinds);
  const place =
    from && to && launch
      ? {
          scheduleId: departure.scheduleId,
          travelDate: departure.travelDate,
          launchId: launch.id,
          originId: from.locationId,
          destinationId: to.locationId,
        }
      : null;
  // A seat refused after the name took the focus: back to the seats, where the refusal shows.
  const holds = useSeatHolds(place, needed, () => document.getElementById('counter-seats')?.focus());
  // The From -> To's own prices where the pair has them (docs/decisions/033), as the server charges.
  const salePrices = legPrices(departure, prices, leg);
  const { total } = saleTotal(counts, salePrices, draft.currency);
  const received = readAmount(draft.received);
  const change = draft.method === 'cash' && received !== null ? changeDue(received, total) : null;

  const request: CounterSaleRequest = {
    scheduleId: departure.scheduleId,
    travelDate: departure.travelDate,
    launchId: launch?.id ?? '',
    originId: from?.locationId ?? '',
    destinationId: to?.locationId ?? '',
    seats: holds.selected,
    tickets: counts.filter((c) => c.quantity > 0),
    passenger: {
      name: draft.name,
      nationality: draft.nationality,
      ...(draft.phone.trim() ? { phone: draft.phone } : {}),
      ...(draft.email.trim() ? { email: draft.email } : {}),
    },
    // Every person named, the contact first, once the seller named all the others.
    ...(naming === 'all' && contact
      ? {
          passengers: [
            {
              name: draft.name,
              nationality: draft.nationality,
              category: contact.category,
              type: contact.type,
            },
            ...slots.map((s) => ({
              name: draft.persons[s.key]?.name ?? '',
              nationality: draft.persons[s.key]?.nationality ?? draft.nationality,
              category: s.category,
              type: s.type,
            })),
          ],
        }
      : {}),
    language: draft.language,
    currency: draft.currency,
    payment:
      draft.method === 'cash'
        ? { method: 'cash', received: draft.received }
        : draft.method === 'card'
          ? { method: 'card' }
          : { method: 'bank_transfer', reference: draft.reference },
    saleId,
  };
  // Checked as the seller types once Sell was tapped; the server's own field problems until then.
  const problemsOfSale = (): Problems => ({
    ...problemsOf(request, total, kinds),
    ...(naming === 'some' ? { persons: PERSONS_ALL_OR_NONE } : {}),
  });
  const problems: Problems = submitted ? { ...serverFields, ...problemsOfSale() } : serverFields;
  const moreHasProblem = Boolean(problems.phone || problems.email);

  const sale = useMutation({
    mutationFn: sell,
    onSuccess: (sold) => {
      holds.sold();
      void queryClient.invalidateQueries({ queryKey: shiftQuery.queryKey });
      onSold(sold);
    },
    onError: (error) => {
      setServerProblem(errorMessage(error));
      if (error instanceof ApiError && error.code === 'seats_unavailable')
        holds.lose(error.details.seats ?? []);
      const fields: Problems = {};
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.fields ?? {})) {
          const field = FIELD_OF[path];
          if (field) fields[field] = message;
        }
        // The cash the server counts short is about the amount received.
        if (error.code === 'cash_too_little') fields.received ??= error.message;
      }
      setServerFields(fields);
      // The focus goes to the first field the server named, as it does for the browser's checks.
      const first = FIELDS.find((f) => fields[f]);
      if (first) focusField(first);
    },
  });

  const focusField = (field: (typeof FIELDS)[number]) => {
    if (field === 'phone' || field === 'email') setMoreOpen(true);
    // After the render that shows the problem (and opens its part of the form).
    requestAnimationFrame(() => document.getElementById(FOCUS_ID[field])?.focus());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerProblem(null);
    setServerFields({});
    const found = problemsOfSale();
    const first = FIELDS.find((f) => found[f]);
    if (first) return focusField(first);
    if (found.form) return;
    sale.mutate(request);
  };

  const onSeat = (label: string) => {
    const chosen = holds.toggle(label);
    // The last seat of the sale chosen: straight on to the name, with no tap.
    if (chosen && holds.selected.length + 1 >= needed && !draft.name.trim()) nameRef.current?.focus();
  };

  const problemList = FIELDS.flatMap((f) => (problems[f] ? [problems[f]] : []));
  if (submitted && problems.form) problemList.push(problems.form);

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="counter-sale-title" className="space-y-6">
      <h2 id="counter-sale-title" className="sr-only">
        New sale
      </h2>
      {!from ? (
        <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          {COUNTER_MSG.boardingClosedHere}
        </p>
      ) : (
        <>
          <LegFields departure={departure} leg={leg} onChange={update} />

          <TicketCounters
            counts={draft.counts}
            prices={salePrices}
            kinds={kinds}
            onChange={(next) => update({ counts: next })}
            error={problems.tickets}
          />

          <section aria-labelledby="counter-seats" className="space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3
                id="counter-seats"
                tabIndex={-1}
                aria-describedby={problems.seats && !holds.problem ? 'counter-seats-error' : undefined}
                className="scroll-mt-20 text-sm font-medium text-slate-800 outline-none"
              >
                Seats
              </h3>
              <p className="text-sm text-slate-700" aria-live="polite">
                {holds.selected.length} of {needed} chosen
                {holds.selected.length > 0 ? `: ${holds.selected.join(', ')}` : ''}
              </p>
            </div>
            {holds.problem && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
                {holds.problem}
              </p>
            )}
            {problems.seats && !holds.problem && (
              <p id="counter-seats-error" className="text-sm text-red-800">
                {problems.seats}
              </p>
            )}
            {holds.map.isPending ? (
              <LoadingNote>Loading seats…</LoadingNote>
            ) : holds.map.isError ? (
              <ErrorNote error={holds.map.error} />
            ) : (
              <>
                <SeatGrid seats={holds.seats} onToggle={onSeat} />
                <SeatLegend />
              </>
            )}
          </section>
        </>
      )}

      <section aria-label="Passenger" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field id="counter-name" label="Passenger name" error={problems.name}>
          <Input
            ref={nameRef}
            autoComplete="off"
            enterKeyHint="next"
            value={draft.name}
            onChange={(e) => update({ name: e.target.value })}
            onKeyDown={(e) => {
              // Enter (the phone keyboard's Next) goes on to what the passenger pays.
              if (e.key !== 'Enter') return;
              e.preventDefault();
              (draft.method === 'cash'
                ? receivedRef.current
                : document.getElementById('counter-sell')
              )?.focus();
            }}
          />
        </Field>
        <Field id="counter-nationality" label="Nationality" error={problems.nationality}>
          <NativeSelect value={draft.nationality} onChange={(e) => update({ nationality: e.target.value })}>
            {NATIONALITIES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <PartyNames
          slots={slots}
          names={draft.persons}
          contactNationality={draft.nationality}
          onChange={(persons) => update({ persons })}
          error={problems.persons}
        />
        <details
          open={moreOpen || moreHasProblem}
          onToggle={(e) => setMoreOpen(e.currentTarget.open)}
          className="rounded-lg border border-slate-200 bg-white sm:col-span-2"
        >
          <summary className="cursor-pointer px-3 py-2.5 text-sm font-medium text-slate-800">
            Phone and e-mail (optional)
          </summary>
          <div className="grid grid-cols-1 gap-3 px-3 pb-3 sm:grid-cols-2">
            <InputField
              id="counter-phone"
              label="Phone"
              error={problems.phone}
              type="tel"
              value={draft.phone}
              onValue={(phone) => update({ phone })}
            />
            <InputField
              id="counter-email"
              label="E-mail"
              error={problems.email}
              type="email"
              value={draft.email}
              onValue={(email) => update({ email })}
            />
            <div className="sm:col-span-2">
              <ChoiceGroup
                legend="Language of the e-mail"
                name="counter-language"
                value={draft.language}
                options={[
                  { value: 'en', label: 'English' },
                  { value: 'dv', label: 'Dhivehi' },
                ]}
                onChange={(language) => update({ language })}
              />
            </div>
          </div>
        </details>
      </section>

      <section
        aria-labelledby="counter-pay-title"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <div className="flex items-baseline justify-between gap-3">
          <h3 id="counter-pay-title" className="font-semibold text-slate-900">
            Payment
          </h3>
          <p className="text-right" aria-live="polite">
            <span className="text-sm text-slate-700">Total </span>
            <span data-testid="counter-total" className="text-2xl font-bold text-slate-900 tabular-nums">
              {formatAmount(total, draft.currency)}
            </span>
          </p>
        </div>
        <ChoiceGroup
          legend="Currency"
          name="counter-currency"
          value={draft.currency}
          options={CURRENCY_OPTIONS}
          onChange={(currency) => update({ currency })}
        />
        <ChoiceGroup
          legend="Paid by"
          name="counter-method"
          value={draft.method}
          options={METHOD_OPTIONS}
          onChange={(method) => update({ method })}
        />
        {draft.method === 'cash' && (
          <Field
            id="counter-received"
            label={`Cash received (${draft.currency})`}
            error={problems.received}
            hint={
              change === null
                ? null
                : change.startsWith('-')
                  ? `Short by ${formatAmount(change.slice(1), draft.currency)}`
                  : `Change ${formatAmount(change, draft.currency)}`
            }
          >
            <Input
              ref={receivedRef}
              inputMode="decimal"
              autoComplete="off"
              enterKeyHint="done"
              className="text-lg font-semibold sm:text-lg"
              value={draft.received}
              onChange={(e) => update({ received: e.target.value })}
            />
          </Field>
        )}
        {draft.method === 'bank_transfer' && (
          <InputField
            id="counter-reference"
            label="Transfer reference"
            error={problems.reference}
            value={draft.reference}
            onValue={(reference) => update({ reference })}
          />
        )}
      </section>

      <div className="space-y-3">
        {(problemList.length > 0 || serverProblem) && (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {serverProblem ? <p>{serverProblem}</p> : null}
            {problemList.length > 0 && (
              <ul className="list-disc pl-5">
                {problemList.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <Button
          id="counter-sell"
          type="submit"
          size="lg"
          className="h-14 w-full text-lg"
          disabled={sale.isPending || !from}
        >
          {sale.isPending ? <Spinner className="size-5" /> : null}
          Sell · {formatAmount(total, draft.currency)}
        </Button>
      </div>
    </form>
  );
}
