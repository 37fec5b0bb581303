import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { CounterDay, CounterDeparture } from '#shared/counter.ts';
import type { Language } from '#shared/languages.ts';
import {
  type PartnerBooking,
  type PartnerBookingRequest,
  type PartnerOwnAccount,
  partnerBookingRequestSchema,
} from '#shared/partners.ts';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { chooseLeg, type LegChoice, LegFields, legPrices } from '#web/components/sale/leg.tsx';
import { seatsFor, ticketKinds } from '#web/components/sale/sale-money.ts';
import { TicketCounters, type TicketCounts } from '#web/components/sale/ticket-counters.tsx';
import { SeatGrid, SeatLegend } from '#web/components/seat-map/seat-grid.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { formatInstant } from '#web/lib/dates.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { accountQuery, book, PARTNER_KEY } from './api.ts';
import { GUESTS_ID, GuestFields, guestFieldId } from './guest-fields.tsx';
import { type GuestEntries, guestSlots, guestsOf } from './guests.ts';
import { partnerPrice } from './money.ts';
import { PriceSummary } from './price-summary.tsx';
import { useSeatChoice } from './use-seat-choice.ts';

const ID = 'partner';
const TICKETS_ID = `${ID}-tickets`;
const SEATS_ID = `${ID}-seats`;
const BOOK_ID = `${ID}-book`;

/** The schema's words when the seats and the guests who take one do not match. */
const SEATS_MATCH = 'Choose one seat for each guest who takes one';

type Draft = LegChoice & { counts: TicketCounts; guests: GuestEntries; language: Language };

const NEW_BOOKING: Draft = {
  fromId: null,
  toId: null,
  launchId: null,
  counts: {},
  guests: {},
  language: 'en',
};

/** Problems by where they show: the tickets, the seats, the guests as a party, or a guest's field. */
type Problems = Partial<Record<string, string>>;

/** Where a problem of a request's path shows ('passengers.1.name' -> the second guest's name). */
function placeOf(path: readonly PropertyKey[]): string {
  const [head, index, field] = path;
  if (head === 'tickets') return TICKETS_ID;
  if (head === 'seats') return SEATS_ID;
  if (head === 'passengers') {
    if (typeof index === 'number' && (field === 'name' || field === 'nationality' || field === 'email'))
      return guestFieldId(index, field);
    return GUESTS_ID;
  }
  return 'form';
}

/** The places in the order of the page: the first one with a problem gets the focus. */
function pageOrder(guests: number): string[] {
  const fields = Array.from({ length: guests }, (_, i) =>
    (['name', 'nationality', 'email'] as const).map((f) => guestFieldId(i, f)),
  ).flat();
  return [TICKETS_ID, SEATS_ID, GUESTS_ID, ...fields];
}

/** '<id>-name' of guest 2 -> 'Guest 2: ', for the list of problems above the button. */
function prefixOf(place: string): string {
  const guest = /^partner-guest-(\d+)-/.exec(place);
  return guest ? `Guest ${Number(guest[1]) + 1}: ` : '';
}

/**
 * One party booked on account, top to bottom: the stretch and launch, the tickets, the seats, every
 * guest by name, the price less the commission, Book on account. Checked in the browser with the
 * API's own schema (the same words under the same fields), then by the server, whose refusals
 * (a seat taken meanwhile, the credit limit) show in its words.
 */
export function BookingForm({
  departure,
  day,
  account,
  onBooked,
}: {
  departure: CounterDeparture;
  day: CounterDay;
  account: PartnerOwnAccount;
  onBooked: (booking: PartnerBooking) => void;
}) {
  const queryClient = useQueryClient();
  const timeZone = useOperatorTimeZone();
  const [draft, setDraft] = useState<Draft>(NEW_BOOKING);
  // Made once per attempt: a retried submit (no answer came) never books twice; a refusal booked
  // nothing, so the next attempt, changed, gets a new one.
  const [saleId, setSaleId] = useState(() => crypto.randomUUID());
  const [submitted, setSubmitted] = useState(false);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Problems>({});
  const update = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));

  const leg = chooseLeg(departure, draft);
  const { from, to, launch } = leg;
  const kinds = ticketKinds(day.concessions ?? []);
  const counts = kinds.map(({ type, category }) => ({
    type,
    category,
    quantity: draft.counts[`${type}-${category}`] ?? 0,
  }));
  const tickets = counts.filter((c) => c.quantity > 0);
  const needed = seatsFor(counts, kinds);
  const slots = guestSlots(counts, kinds);
  const prices = legPrices(departure, day.prices, leg);
  const price = partnerPrice(tickets, prices, account.currency, account.commissionPercent);

  const where =
    from && to && launch
      ? {
          scheduleId: departure.scheduleId,
          date: departure.travelDate,
          launchId: launch.id,
          originId: from.locationId,
          destinationId: to.locationId,
        }
      : null;
  const seats = useSeatChoice(where, needed);

  const request: PartnerBookingRequest = {
    scheduleId: departure.scheduleId,
    travelDate: departure.travelDate,
    launchId: launch?.id ?? '',
    originId: from?.locationId ?? '',
    destinationId: to?.locationId ?? '',
    seats: seats.selected,
    // With none chosen, one count of 0: the schema then says 'Add at least one ticket'.
    tickets: tickets.length > 0 ? tickets : counts.slice(0, 1),
    passengers: guestsOf(slots, draft.guests),
    language: draft.language,
    saleId,
  };

  const problemsOfBooking = (): Problems => {
    const found: Problems = {};
    const parsed = partnerBookingRequestSchema.safeParse(request);
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const place = placeOf(issue.path);
      // zod's own words for a short list of seats ("too small"): the sentence instead.
      found[place] ??= place === SEATS_ID ? SEATS_MATCH : issue.message;
    }
    // The schema counts seats only once every field reads well: counted here always.
    if (needed > 0 && seats.selected.length !== needed) found[SEATS_ID] ??= SEATS_MATCH;
    return found;
  };
  const problems: Problems = submitted ? { ...serverFields, ...problemsOfBooking() } : serverFields;
  const order = pageOrder(slots.length);
  const problemList = [...order, 'form'].flatMap((place) =>
    problems[place] ? [`${prefixOf(place)}${problems[place]}`] : [],
  );

  const focus = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  const booking = useMutation({
    mutationFn: book,
    onSuccess: (booked) => {
      seats.booked();
      void queryClient.invalidateQueries({ queryKey: PARTNER_KEY });
      onBooked(booked);
    },
    onError: (error) => {
      setServerProblem(errorMessage(error));
      if (!(error instanceof ApiError)) return;
      if (error.status >= 400 && error.status < 500) setSaleId(crypto.randomUUID());
      if (error.code === 'credit_limit') void queryClient.invalidateQueries(accountQuery);
      if (error.code === 'seats_unavailable') {
        seats.lose(error.details.seats ?? []);
        return focus(SEATS_ID);
      }
      const fields: Problems = {};
      for (const [path, message] of Object.entries(error.fields ?? {})) {
        const place = placeOf(path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)));
        if (place !== 'form') fields[place] ??= message;
      }
      setServerFields(fields);
      const first = order.find((place) => fields[place]);
      focus(first ?? BOOK_ID);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerProblem(null);
    setServerFields({});
    const found = problemsOfBooking();
    const first = order.find((place) => found[place]);
    if (first) return focus(first);
    if (found.form) return;
    booking.mutate(request);
  };

  const onSeat = (label: string) => {
    const chosen = seats.toggle(label);
    // The party's last seat chosen: on to the first guest still to name.
    if (!chosen || seats.selected.length + 1 < needed) return;
    const unnamed = slots.findIndex((s) => !draft.guests[s.key]?.name.trim());
    if (unnamed >= 0) focus(guestFieldId(unnamed, 'name'));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="partner-booking-title" className="space-y-6">
      <h2 id="partner-booking-title" className="sr-only">
        New booking
      </h2>
      {!from ? (
        <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          Boarding has closed at every stop of this departure: choose another.
        </p>
      ) : (
        <>
          <LegFields departure={departure} leg={leg} onChange={update} idPrefix={ID} />
          <TicketCounters
            idPrefix={ID}
            counts={draft.counts}
            prices={prices}
            kinds={kinds}
            onChange={(next) => update({ counts: next })}
            error={problems[TICKETS_ID]}
          />
          <section aria-labelledby={SEATS_ID} className="space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3
                id={SEATS_ID}
                tabIndex={-1}
                aria-describedby={problems[SEATS_ID] && !seats.problem ? `${SEATS_ID}-error` : undefined}
                className="scroll-mt-20 text-sm font-medium text-slate-800 outline-none"
              >
                Seats
              </h3>
              <p className="text-sm text-slate-700" aria-live="polite">
                {seats.selected.length} of {needed} chosen
                {seats.selected.length > 0 ? `: ${seats.selected.join(', ')}` : ''}
              </p>
            </div>
            {seats.allotment.seats.length > 0 && (
              <p className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
                Set aside for you: {seats.allotment.seats.join(', ')}
                {seats.allotment.until ? `, until ${formatInstant(seats.allotment.until, timeZone)}` : ''}.
              </p>
            )}
            {seats.problem && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
                {seats.problem}
              </p>
            )}
            {problems[SEATS_ID] && !seats.problem && (
              <p id={`${SEATS_ID}-error`} className="text-sm text-red-800">
                {problems[SEATS_ID]}
              </p>
            )}
            {seats.map.isPending ? (
              <LoadingNote>Loading seats…</LoadingNote>
            ) : seats.map.isError ? (
              <ErrorNote error={seats.map.error} />
            ) : (
              <>
                <SeatGrid seats={seats.seats} onToggle={onSeat} />
                <SeatLegend />
              </>
            )}
          </section>
        </>
      )}

      <GuestFields
        slots={slots}
        entries={draft.guests}
        onChange={(guests) => update({ guests })}
        problems={problems}
        error={problems[GUESTS_ID]}
        language={draft.language}
        onLanguage={(language) => update({ language })}
      />

      {tickets.length > 0 && <PriceSummary price={price} account={account} />}

      <div className="space-y-3">
        {(problemList.length > 0 || serverProblem) && (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {serverProblem ? <p className="font-semibold">{serverProblem}</p> : null}
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
          id={BOOK_ID}
          type="submit"
          size="lg"
          className="h-14 w-full text-lg"
          disabled={booking.isPending || !from}
          aria-describedby="partner-book-note"
        >
          {booking.isPending ? <Spinner className="size-5" /> : null}
          {booking.isPending
            ? 'Booking…'
            : `Book on account${tickets.length > 0 ? ` · ${formatAmount(price.netAmount, account.currency)}` : ''}`}
        </Button>
        <p id="partner-book-note" className="text-center text-sm text-slate-600">
          Confirmed at once and charged to {account.name}’s account.
        </p>
        <p role="status" className="sr-only">
          {booking.isPending ? 'Booking, please wait.' : ''}
        </p>
      </div>
    </form>
  );
}
