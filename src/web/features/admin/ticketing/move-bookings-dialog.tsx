import { useQuery } from '@tanstack/react-query';
import { ArrowRight, MoveRight } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type MovePlan, moveDepartureSchema } from '#shared/disruptions.ts';
import { ErrorNote } from '#web/components/query-notes.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { formatDay, isIsoDate } from '#web/lib/dates.ts';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { movePreviewQuery, tripListQuery, useMoveBookings } from './api.ts';
import {
  BookingName,
  CallList,
  type Departure,
  DisruptionButton,
  DisruptionForm,
  Facts,
  isOpen,
  issueOf,
  NobodyNote,
  Preview,
  previewMessages,
  ScrollRegion,
  Section,
  useDisruptionForm,
} from './disruption-parts.tsx';
import { routeName } from './route-name.ts';

/** Where each party goes, who cannot go (cancelled, fully refunded), who is told and how. */
function MovePreview({ trip, plan }: { trip: Departure; plan: MovePlan }) {
  if (plan.moves.length === 0 && plan.cannotMove.length === 0) {
    return <NobodyNote>No bookings on this departure: nothing to move.</NobodyNote>;
  }
  return (
    <div className="grid gap-4">
      <Facts
        items={[
          { term: 'Moving', value: plan.moves.length, testId: 'move-moves' },
          { term: 'Cannot move', value: plan.cannotMove.length, testId: 'move-cannot' },
          { term: 'E-mails', value: plan.mails, testId: 'move-mails' },
          { term: 'To call', value: plan.callList.length, testId: 'move-calls' },
        ]}
      />
      {plan.moves.length > 0 && (
        <Section title="New seats">
          <ScrollRegion label="Moved bookings">
            {plan.moves.map((m) => (
              <li
                key={m.ticketId}
                data-reference={m.reference}
                className="grid gap-0.5 px-3 py-2 text-sm sm:flex sm:flex-wrap sm:items-baseline sm:justify-between sm:gap-x-3"
              >
                <BookingName booking={m} />
                <span className="inline-flex flex-wrap items-center gap-x-1.5 text-slate-800">
                  <span className="sr-only">Seats </span>
                  <span data-testid="from-seats" className="font-mono">
                    {m.fromSeats.join(', ')}
                  </span>
                  <ArrowRight aria-hidden="true" className="size-3.5 text-slate-500" />
                  <span className="sr-only">to</span>
                  <span data-testid="to-seats" className="font-mono font-semibold">
                    {m.toSeats.join(', ')}
                  </span>
                  <span className="text-slate-600">({m.launch})</span>
                  {!m.together && (
                    <span className="rounded-full border border-amber-300 bg-amber-50 px-2 text-xs font-semibold text-amber-900">
                      Seated apart
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ScrollRegion>
        </Section>
      )}
      {plan.cannotMove.length > 0 && (
        <Section title="Cannot move: cancelled with a full refund">
          <ul className="divide-y divide-red-200 rounded-xl border border-red-200 bg-red-50">
            {plan.cannotMove.map((c) => (
              <li key={c.ticketId} data-reference={c.reference} className="grid gap-0.5 px-3 py-2 text-sm">
                <span>
                  <span className="font-mono text-xs text-slate-700">{c.reference}</span>{' '}
                  <span className="font-medium text-slate-900">{c.name}</span>
                </span>
                <span className="text-red-900">{c.why}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <CallList
        trip={trip}
        callers={plan.callList}
        printSubtitle={`Bookings moved to ${formatDay(plan.to.travelDate)}, ${plan.to.departureTime}`}
      />
    </div>
  );
}

/** The departure to move to: a date (the trip's by default), then one of its open departures. */
function TargetField({
  trip,
  date,
  to,
  problem,
  disabled,
  onDate,
  onTo,
}: {
  trip: Departure;
  date: string;
  to: string;
  problem: string | null;
  disabled: boolean;
  onDate: (date: string) => void;
  onTo: (to: string) => void;
}) {
  const id = useId();
  const trips = useQuery({ ...tripListQuery(date), enabled: isIsoDate(date) });
  const today = useOperatorToday();
  // Forward only: a departure that has sailed, is cancelled or is completed is never offered (the
  // server refuses it too).
  const now = Date.now();
  const choices = (trips.data?.trips ?? []).filter(
    (t) => t.scheduleId !== trip.scheduleId && isOpen(t) && Date.parse(t.departsAt) > now,
  );
  const selectable = !disabled && trips.isSuccess && choices.length > 0;
  const select = useRef<HTMLSelectElement>(null);
  // A refusal that came while the departures were still loading (the list disabled, so unfocusable)
  // moves focus to the list once it can take it.
  useEffect(() => {
    if (problem && selectable) select.current?.focus();
  }, [problem, selectable]);
  return (
    <fieldset
      className="grid gap-3 sm:grid-cols-[auto_1fr]"
      aria-describedby={problem ? `${id}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-semibold text-slate-900">Move to</legend>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-date`}>Date</Label>
        <Input
          id={`${id}-date`}
          type="date"
          className="sm:w-44"
          value={date}
          min={today}
          disabled={disabled}
          onChange={(e) => onDate(e.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-departure`}>Departure</Label>
        <NativeSelect
          id={`${id}-departure`}
          ref={select}
          data-move-target
          value={to}
          disabled={!selectable}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(e) => onTo(e.target.value)}
        >
          <option value="">
            {trips.isPending ? 'Loading departures…' : choices.length === 0 ? 'No open departure' : 'Choose…'}
          </option>
          {choices.map((t) => (
            <option key={t.scheduleId} value={t.scheduleId}>
              {t.departureTime} {routeName(t)} · {t.launches.map((l) => l.name).join(', ') || 'No launch'}
            </option>
          ))}
        </NativeSelect>
      </div>
      {trips.isError && <ErrorNote error={trips.error} className="p-3 sm:col-span-2" />}
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-800 sm:col-span-2">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

function MoveForm({
  trip,
  moving,
  onClose,
}: {
  trip: Departure;
  moving: ReturnType<typeof useMoveBookings>;
  onClose: () => void;
}) {
  const [date, setDate] = useState(trip.travelDate);
  const [to, setTo] = useState('');
  const [toProblem, setToProblem] = useState<string | null>(null);
  const disruption = useDisruptionForm(moving, moveDepartureSchema, onClose);
  const { busy, reason, note } = disruption;
  const plan = useQuery({ ...movePreviewQuery(trip.scheduleId, to, { reason, note }), enabled: to !== '' });
  const reached = plan.data ? plan.data.moves.length + plan.data.cannotMove.length : 0;

  return (
    <DisruptionForm
      {...disruption.form({ to: to || undefined }, (issues) => {
        const target = issueOf(issues, 'to');
        setToProblem(target);
        if (target) document.querySelector<HTMLSelectElement>('select[data-move-target]')?.focus();
      })}
      messages={
        to !== '' && plan.isSuccess && reached > 0
          ? previewMessages(plan, { ready: Boolean(reason), waitingFor: 'Choose a reason' })
          : null
      }
      progress="Moving the bookings and telling their passengers…"
      cancelLabel="Keep the bookings"
      submitVariant="destructive"
      submitDisabled={to !== '' && !plan.isSuccess}
      submitIcon={<MoveRight aria-hidden="true" />}
      submitLabel="Move bookings"
    >
      <TargetField
        trip={trip}
        date={date}
        to={to}
        problem={toProblem}
        disabled={busy}
        onDate={(value) => {
          setDate(value);
          setTo('');
        }}
        onTo={(value) => {
          setTo(value);
          setToProblem(null);
        }}
      />

      {to === '' ? null : (
        <Preview query={plan} loading="Working out the new seats…">
          {(data) => <MovePreview trip={trip} plan={data} />}
        </Preview>
      )}
    </DisruptionForm>
  );
}

/**
 * Moving a departure's bookings to another departure (docs/decisions/026): each party gets new
 * seats, together where a block is free; who cannot move is cancelled with a full refund; the
 * old departure is then cancelled and every old e-ticket code replaced. The button shows on a
 * departure still to sail, for those who may.
 */
export function MoveBookingsButton({ trip, size }: { trip: Departure; size?: 'sm' }) {
  const moving = useMoveBookings(trip.scheduleId);
  return (
    <DisruptionButton
      show={isOpen(trip)}
      icon={<MoveRight aria-hidden="true" />}
      label="Move bookings"
      size={size}
      trip={trip}
      request={moving}
      title={`Move the bookings of the ${trip.departureTime} departure?`}
      description="Each booking gets seats on the departure you choose and a new e-ticket; this departure is then cancelled. This cannot be undone."
    >
      {(close) => <MoveForm trip={trip} moving={moving} onClose={close} />}
    </DisruptionButton>
  );
}
