import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { type DelayPreview as DelayPreviewData, delayDepartureSchema } from '#shared/disruptions.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatDay } from '#web/lib/dates.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { delayPreviewQuery, useDelayDeparture } from './api.ts';
import {
  AffectedPassengers,
  CallList,
  type Departure,
  DisruptionButton,
  DisruptionForm,
  Facts,
  isOpen,
  issueOf,
  NobodyNote,
  PREVIEW_SETTLE_MS,
  Preview,
  passengerFacts,
  previewMessages,
  useDisruptionForm,
} from './disruption-parts.tsx';

/** Who the delay reaches: like a cancel's preview, without refunds (a delay refunds nothing). */
function DelayPreview({ trip, preview }: { trip: Departure; preview: DelayPreviewData }) {
  if (preview.passengers.length === 0) {
    return <NobodyNote>No bookings on this departure: nobody to tell.</NobodyNote>;
  }
  return (
    <div className="grid gap-4">
      <Facts items={passengerFacts('delay', preview)} />
      <AffectedPassengers passengers={preview.passengers} />
      <CallList
        trip={trip}
        callers={preview.callList}
        printSubtitle={`Departure delayed, ${formatDay(trip.travelDate)}, ${trip.departureTime}`}
      />
    </div>
  );
}

/** One time per stop, in route order, prefilled with the current ones; the last may stay empty. */
function TimesField({
  trip,
  times,
  problem,
  disabled,
  onChange,
}: {
  trip: Departure;
  times: string[];
  problem: string | null;
  disabled: boolean;
  onChange: (index: number, time: string) => void;
}) {
  const id = useId();
  const stops = orderedStops(trip);
  return (
    <fieldset className="grid gap-2" aria-describedby={problem ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">New departure times</legend>
      <ol className="grid gap-2 sm:grid-cols-2">
        {stops.map((stop, i) => {
          const last = i === stops.length - 1;
          return (
            <li key={stop.stopOrder} className="grid gap-1">
              <Label htmlFor={timeInputId(id, i)}>
                {stop.name}
                {last && <span className="font-normal text-slate-600"> (optional)</span>}
              </Label>
              <Input
                id={timeInputId(id, i)}
                data-stop-time
                type="time"
                className="tabular-nums"
                value={times[i] ?? ''}
                required={!last}
                disabled={disabled}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-now-${i} ${id}-error` : `${id}-now-${i}`}
                onChange={(e) => onChange(i, e.target.value)}
              />
              <span id={`${id}-now-${i}`} className="text-xs text-slate-600">
                Now {stop.departureTime ?? 'none'}
              </span>
            </li>
          );
        })}
      </ol>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

const focusTimes = () => document.querySelector<HTMLInputElement>('input[data-stop-time]')?.focus();
const timeInputId = (id: string, index: number) => `${id}-time-${index}`;
const orderedStops = (trip: Departure) => [...trip.stops].sort((a, b) => a.stopOrder - b.stopOrder);

/** The times as the delay takes them, when they are well formed; the server checks the rest. */
const newTimes = (times: string[]) => {
  const parsed = delayDepartureSchema.shape.times.safeParse(times.map((t) => t || null));
  return parsed.success ? parsed.data : undefined;
};

function DelayForm({
  trip,
  delaying,
  onClose,
}: {
  trip: Departure;
  delaying: ReturnType<typeof useDelayDeparture>;
  onClose: () => void;
}) {
  const [times, setTimes] = useState(() => orderedStops(trip).map((s) => s.departureTime ?? ''));
  const [timesProblem, setTimesProblem] = useState<string | null>(null);
  const disruption = useDisruptionForm(delaying, delayDepartureSchema, onClose);
  const { busy, reason, note } = disruption;
  // Settled as a string: a new array each render would never settle.
  const settledTimes = useDebouncedValue(
    newTimes(times)
      ?.map((t) => t ?? '')
      .join(','),
    PREVIEW_SETTLE_MS,
  );
  const previewTimes = settledTimes?.split(',').map((t) => t || null);
  const preview = useQuery(delayPreviewQuery(trip.scheduleId, { times: previewTimes, reason, note }));
  // The server's word on the times (wrong count, backwards, unchanged) goes under them.
  const serverTimes =
    delaying.error instanceof ApiError && delaying.error.code === 'delay_times'
      ? delaying.error.message
      : null;
  // Once the inputs are enabled again: a disabled input cannot take focus.
  useEffect(() => {
    if (serverTimes) focusTimes();
  }, [serverTimes]);

  return (
    <DisruptionForm
      {...disruption.form({ times: times.map((t) => t || null) }, (issues) => {
        const timeIssue = issueOf(issues, 'times');
        setTimesProblem(timeIssue);
        if (timeIssue) focusTimes();
      })}
      messages={
        preview.isSuccess && preview.data.passengers.length > 0
          ? previewMessages(preview, {
              ready: Boolean(reason && previewTimes),
              waitingFor: 'Give the new times and a reason',
              stillNone:
                'The message shows once the new times differ from the old ones and do not go backwards along the route.',
            })
          : null
      }
      refusal={serverTimes ? null : delaying.error}
      progress="Delaying the departure and telling its passengers…"
      cancelLabel="Keep the times"
      submitDisabled={!preview.isSuccess}
      submitIcon={<Clock aria-hidden="true" />}
      submitLabel="Delay departure"
    >
      <TimesField
        trip={trip}
        times={times}
        problem={timesProblem ?? serverTimes}
        disabled={busy}
        onChange={(index, time) => {
          setTimes((old) => old.map((t, i) => (i === index ? time : t)));
          setTimesProblem(null);
        }}
      />

      <Preview query={preview} loading="Finding who is affected…">
        {(data) => <DelayPreview trip={trip} preview={data} />}
      </Preview>
    </DisruptionForm>
  );
}

/**
 * Delaying a departure (docs/decisions/026): the new time of each stop, who is told, why. The
 * bookings keep their seats and e-tickets; Check Booking and the e-ticket show the new time. The
 * button shows on a departure still to sail, for those who may.
 */
export function DelayDepartureButton({ trip, size }: { trip: Departure; size?: 'sm' }) {
  const delaying = useDelayDeparture(trip.scheduleId);
  return (
    <DisruptionButton
      show={isOpen(trip)}
      icon={<Clock aria-hidden="true" />}
      label="Delay departure"
      size={size}
      trip={trip}
      request={delaying}
      title={`Delay the ${trip.departureTime} departure?`}
      description="Every booking keeps its seats and e-ticket; each passenger is told the new time."
    >
      {(close) => <DelayForm trip={trip} delaying={delaying} onClose={close} />}
    </DisruptionButton>
  );
}
