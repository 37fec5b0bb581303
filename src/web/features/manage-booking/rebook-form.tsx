import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import type { ManageRebookQuote } from '#shared/manage-api.ts';
import type { Trip } from '#shared/schemas.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { SeatGrid, SeatLegend, type SeatView } from '#web/components/seat-map/seat-grid.tsx';
import type { Slip } from '#web/components/slip-picker.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { T, useLanguage } from '#web/i18n/texts.tsx';
import { formatTravelDate, isIsoDate } from '#web/lib/dates.ts';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { cn } from '#web/lib/utils.ts';
import {
  launchesQuery,
  type ManageJourney,
  rebookBooking,
  rebookQuoteQuery,
  seatMapQuery,
  tripsQuery,
} from './api.ts';
import { CodeStep, ConfirmChange, ErrorAlert } from './code-entry.tsx';
import { manageErrorText } from './errors.ts';
import { FieldProblem, problemProps } from './field-problem.tsx';
import { Money } from './money.tsx';
import { PayInto } from './pay-into.tsx';
import { SlipFieldset } from './slip-input.tsx';
import { useManageTexts } from './texts.ts';
import { type ChangeFormProps, useChange } from './use-change.ts';

/** One choice of a list (a departure, a launch): a real radio button in a card. */
function Choice({
  name,
  checked,
  disabled,
  onSelect,
  children,
}: {
  name: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 bg-white px-4 py-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-600',
        checked ? 'border-sky-700 bg-sky-50' : 'border-slate-200 hover:border-sky-400',
        disabled && 'cursor-not-allowed opacity-60 hover:border-slate-200',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="size-4 shrink-0 accent-sky-700"
      />
      <span className="grid min-w-0 gap-0.5">{children}</span>
    </label>
  );
}

function QuoteText({ quote, free }: { quote: ManageRebookQuote; free: boolean }) {
  const t = useManageTexts();
  const difference = Number(quote.difference);
  const total = <Money amount={quote.totalAmount} currency={quote.currency} />;
  const amount = <Money amount={String(Math.abs(difference))} currency={quote.currency} />;
  if (free) return <>{t('manage.quoteFree')}</>;
  if (difference > 0) return <T id="manage.quotePay" values={{ total, amount }} />;
  if (difference < 0) return <T id="manage.quoteBack" values={{ total, amount }} />;
  return <>{t('manage.quoteSame')}</>;
}

/**
 * Another departure of the same From and To: a day, a departure, a launch and one seat per
 * passenger on its seat map, the price against the fare paid, a slip when it costs more, and
 * the code. Nothing is held while choosing; the server checks the seats when the change is sent.
 */
/** Moves the booking, or with `journey` one journey of a return (`view` is then the journey's). */
export function RebookForm({
  view,
  session,
  onChanged,
  journey,
}: ChangeFormProps & { journey?: ManageJourney }) {
  const t = useManageTexts();
  const language = useLanguage();
  const change = useChange(session, onChanged);
  const queryClient = useQueryClient();
  const today = useOperatorToday();
  // As many seats as the booking holds (a concession with a seat takes one too).
  const party = view.seatNumbers.length;
  const from = view.originId ?? '';
  const to = view.destinationId ?? '';

  const [picked, setPicked] = useState(() => view.travelDate);
  // A departure the operator cancelled may lie in the past: the list starts at today then.
  const date = today && picked < today ? today : picked;
  const [trip, setTrip] = useState<Trip | null>(null);
  const [launchId, setLaunchId] = useState<string | null>(null);
  const [seats, setSeats] = useState<string[]>([]);
  const [slip, setSlip] = useState<Slip | null>(null);
  const [slipBusy, setSlipBusy] = useState(false);

  const searchable = isIsoDate(date) && (!today || date >= today);
  const trips = useQuery({ ...tripsQuery(date, from, to), enabled: searchable && Boolean(from && to) });
  // The other departure's seats for the booking's own From -> To, read on that departure's stops.
  const stretch = { originId: from, destinationId: to };
  const launches = useQuery({
    ...launchesQuery(trip?.scheduleId ?? '', trip?.travelDate ?? '', stretch),
    enabled: trip !== null,
  });
  const launch =
    launches.data?.find((l) => l.id === launchId) ??
    (launches.data?.length === 1 ? launches.data[0] : undefined);
  const seatMap = useQuery({
    ...seatMapQuery(trip?.scheduleId ?? '', trip?.travelDate ?? '', launch?.id ?? '', stretch),
    enabled: Boolean(trip && launch),
  });
  const quote = useQuery({
    ...rebookQuoteQuery(
      session.reference,
      session.link ?? '',
      trip?.scheduleId ?? '',
      trip?.travelDate ?? '',
      journey,
    ),
    enabled: Boolean(trip && session.link),
  });
  const needsSlip = Boolean(quote.data?.needsSlip) && !view.rebook.free;

  const taken = useMemo(
    () => new Set(seatMap.data?.seats.filter((s) => s.state !== 'available').map((s) => s.label)),
    [seatMap.data],
  );
  // A seat someone else took meanwhile drops out of the choice.
  const chosen = seats.filter((label) => !taken.has(label));
  const seatViews = (seatMap.data?.seats ?? []).map((s) => ({
    label: s.label,
    view: (taken.has(s.label) ? 'occupied' : chosen.includes(s.label) ? 'selected' : 'available') as SeatView,
  }));

  const edit = (field?: string) => change.edited(field);
  const pickDate = (next: string) => {
    edit('departure');
    setPicked(next);
    setTrip(null);
    setLaunchId(null);
    setSeats([]);
  };
  const pickTrip = (next: Trip) => {
    edit('departure');
    setTrip(next);
    setLaunchId(null);
    setSeats([]);
  };
  const pickLaunch = (id: string) => {
    edit('seats');
    setLaunchId(id);
    setSeats([]);
  };
  const toggleSeat = (label: string) => {
    edit('seats');
    // Past the party's count, the earliest choice gives way: one tap moves a lone passenger.
    setSeats((current) =>
      current.includes(label) ? current.filter((s) => s !== label) : [...current, label].slice(-party),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!trip || !launch) problems.departure = t('manage.departureNeeded');
    else if (chosen.length !== party) problems.seats = t('manage.seatsNeeded', { n: party });
    else if (!quote.data) {
      problems.price = quote.isError ? manageErrorText(t, quote.error, language) : t('manage.quoteLoading');
    } else if (needsSlip && !slip) problems.slip = t('manage.slipNeeded');
    const body = {
      scheduleId: trip?.scheduleId ?? '',
      travelDate: trip?.travelDate ?? '',
      launchId: launch?.id ?? '',
      seats: chosen,
      ...(journey ? { journey } : {}),
    };
    void change.submit(
      problems,
      (access, requestId) =>
        rebookBooking(
          session.reference,
          access,
          { requestId, ...body },
          needsSlip ? (slip?.blob ?? null) : null,
        ),
      (next) => (next.extraAmount ? 'manage.rebookDonePending' : 'manage.rebookDone'),
      (thrown) => {
        if (thrown.code === 'slip_required') return 'slip';
        if (thrown.code !== 'seats_unavailable') return null;
        // Seats taken since the map was read: named by the server, dropped, and the map read again.
        const lost = thrown.details.seats ?? [];
        setSeats((current) => current.filter((s) => !lost.includes(s)));
        void queryClient.invalidateQueries({ queryKey: ['seat-map'] });
        return 'seats';
      },
    );
  };

  const isCurrent = (candidate: Trip) =>
    candidate.travelDate === view.travelDate && candidate.departureTime === view.departureTime;

  return (
    <form ref={change.formRef} onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={change.busy}>
      <CodeStep session={session} change={change} email={view.emailMasked} idPrefix="rebook" />
      <p className="text-sm text-slate-700">{t('manage.rebookIntro', { n: party })}</p>
      {view.rebook.free ? (
        <p className="rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-950">
          {t('manage.rebookFreeNote')}
        </p>
      ) : null}

      <div className="grid gap-2">
        <Label htmlFor="rebook-date">{t('manage.rebookDate')}</Label>
        <Input
          id="rebook-date"
          type="date"
          min={today}
          value={date}
          className="max-w-60"
          onChange={(e) => pickDate(e.target.value)}
        />
      </div>

      <fieldset
        className="grid gap-2"
        aria-busy={trips.isFetching}
        {...problemProps('rebook-departure-error', change.fields.departure)}
      >
        <legend className="mb-2 text-sm font-semibold text-slate-900">
          {t('manage.departuresLegend')}
          {searchable ? (
            <span className="font-normal text-slate-600"> · {formatTravelDate(date)}</span>
          ) : null}
        </legend>
        {trips.isFetching && !trips.data ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" />
            {t('manage.searching')}
          </p>
        ) : null}
        {trips.isError ? <LoadError error={trips.error} /> : null}
        {trips.data?.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
            {t('msg.noTrips')}
          </p>
        ) : null}
        {trips.data?.map((candidate) => {
          const current = isCurrent(candidate);
          return (
            <Choice
              key={candidate.scheduleId}
              name="rebook-departure"
              checked={trip?.scheduleId === candidate.scheduleId}
              disabled={current || candidate.availableSeats < party}
              onSelect={() => pickTrip(candidate)}
            >
              <span className="font-semibold text-slate-900">
                {t('manage.departureOption', {
                  time: candidate.departureTime,
                  seats: candidate.availableSeats,
                })}
              </span>
              {current ? <span className="text-slate-600">{t('manage.currentDeparture')}</span> : null}
            </Choice>
          );
        })}
        <FieldProblem id="rebook-departure-error" message={change.fields.departure} />
      </fieldset>

      {trip ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900">{t('manage.launchLegend')}</legend>
          {launches.isPending ? (
            <p className="text-sm text-slate-600">{t('vessel.loadingLaunches')}</p>
          ) : null}
          {launches.isError ? <LoadError error={launches.error} /> : null}
          {launches.data?.length === 0 ? (
            <p className="text-sm text-slate-600">{t('msg.noLaunches')}</p>
          ) : null}
          <div className="grid gap-2 sm:grid-cols-2">
            {launches.data?.map((candidate) => (
              <Choice
                key={candidate.id}
                name="rebook-launch"
                checked={launch?.id === candidate.id}
                disabled={candidate.freeSeats < party}
                onSelect={() => pickLaunch(candidate.id)}
              >
                <span className="font-semibold text-slate-900">
                  {t('manage.launchOption', { name: candidate.name, seats: candidate.freeSeats })}
                </span>
              </Choice>
            ))}
          </div>
        </fieldset>
      ) : null}

      {trip && launch ? (
        <fieldset className="grid gap-3" {...problemProps('rebook-seats-error', change.fields.seats)}>
          <legend className="mb-3 text-sm font-semibold text-slate-900">{t('manage.seatsLegend')}</legend>
          <SeatLegend />
          {seatMap.isError ? <LoadError error={seatMap.error} /> : null}
          {seatMap.data ? (
            <SeatGrid seats={seatViews} onToggle={toggleSeat} />
          ) : (
            <p className="text-sm text-slate-600">{t('common.loading')}</p>
          )}
          <p className="text-center text-sm text-slate-700" aria-live="polite">
            {chosen.length > 0
              ? t('manage.seatsPicked', { n: party, picked: chosen.length, seats: chosen.join(', ') })
              : t('manage.seatsPick', { n: party })}
          </p>
          <FieldProblem id="rebook-seats-error" message={change.fields.seats} />
        </fieldset>
      ) : null}

      {trip ? (
        <div className="grid gap-2" aria-live="polite">
          <h4 className="text-sm font-semibold text-slate-900">{t('manage.priceTitle')}</h4>
          {quote.isPending ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" />
              {t('manage.quoteLoading')}
            </p>
          ) : quote.isError ? (
            <ErrorAlert error={quote.error} />
          ) : (
            <p className="rounded-xl border border-sky-200 bg-sky-50 p-3 text-sm font-medium text-sky-950">
              <QuoteText quote={quote.data} free={view.rebook.free} />
            </p>
          )}
          <FieldProblem id="rebook-price-error" message={change.fields.price} />
        </div>
      ) : null}

      {needsSlip && quote.data ? (
        <div className="grid gap-4">
          <PayInto amount={quote.data.difference} currency={quote.data.currency}>
            {t('manage.payAfterApproval')}
          </PayInto>
          <SlipFieldset
            errorId="rebook-slip-error"
            error={change.fields.slip}
            slip={slip}
            onChange={(next) => {
              edit('slip');
              setSlip(next);
            }}
            onBusyChange={setSlipBusy}
          />
        </div>
      ) : null}

      <ConfirmChange
        session={session}
        change={change}
        busy={change.busy || slipBusy}
        label={t('manage.rebookConfirm')}
      />
    </form>
  );
}
