import { useQuery } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { type CancelPreview, cancelDepartureSchema } from '#shared/disruptions.ts';
import { formatAmount } from '#web/lib/admin-format.ts';
import { formatDay } from '#web/lib/dates.ts';
import { cancelPreviewQuery, useCancelDeparture } from './api.ts';
import {
  AffectedPassengers,
  CallList,
  type Departure,
  DisruptionButton,
  DisruptionForm,
  Facts,
  NobodyNote,
  Preview,
  passengerFacts,
  plural,
  previewMessages,
  Section,
  useDisruptionForm,
} from './disruption-parts.tsx';

/** A departure that can still be cancelled: not run, not cancelled already. */
export const isCancellable = (trip: Pick<Departure, 'status'>) =>
  trip.status !== 'completed' && trip.status !== 'cancelled';

/** Who the cancel reaches, before anything is done: counts, refunds, passengers, the call list. */
function PreviewSummary({ trip, preview }: { trip: Departure; preview: CancelPreview }) {
  if (preview.passengers.length === 0) {
    return <NobodyNote>No bookings on this departure: nobody to tell and nothing to refund.</NobodyNote>;
  }
  const when = `${formatDay(preview.travelDate)}, ${preview.departureTime}`;
  return (
    <div className="grid gap-4">
      <Facts items={passengerFacts('cancel', preview)} />

      <Section title="Full refunds requested">
        {preview.refunds.length === 0 ? (
          <p className="text-sm text-slate-700">None.</p>
        ) : (
          <ul className="grid gap-1 text-sm text-slate-800">
            {preview.refunds.map((r) => (
              <li key={r.currency}>
                <span className="font-semibold tabular-nums">{formatAmount(r.amount, r.currency)}</span>{' '}
                <span className="text-slate-600">({plural(r.count, 'booking', 'bookings')})</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <AffectedPassengers passengers={preview.passengers} />
      <CallList trip={trip} callers={preview.callList} printSubtitle={`Departure cancelled, ${when}`} />
    </div>
  );
}

function CancelForm({
  trip,
  cancelling,
  onCancel,
}: {
  trip: Departure;
  cancelling: ReturnType<typeof useCancelDeparture>;
  onCancel: () => void;
}) {
  const disruption = useDisruptionForm(cancelling, cancelDepartureSchema, onCancel);
  const { reason, note } = disruption;
  const preview = useQuery(cancelPreviewQuery(trip.scheduleId, { reason, note }));

  return (
    <DisruptionForm
      {...disruption.form()}
      messages={
        preview.isSuccess && preview.data.passengers.length > 0
          ? previewMessages(preview, { ready: Boolean(reason), waitingFor: 'Choose a reason' })
          : null
      }
      progress="Cancelling the departure and telling its passengers…"
      cancelLabel="Keep the departure"
      submitVariant="destructive"
      submitDisabled={!preview.isSuccess}
      submitIcon={<Ban aria-hidden="true" />}
      submitLabel="Cancel departure"
    >
      <Preview query={preview} loading="Finding who is affected…">
        {(data) => <PreviewSummary trip={trip} preview={data} />}
      </Preview>
    </DisruptionForm>
  );
}

/**
 * Cancelling a departure (docs/decisions/026): first who it reaches, then why. Every booking is
 * cancelled by the operator, each passenger is told and a full refund is requested; the server
 * refuses a departure already run or cancelled, in its own words. The button shows on a
 * cancellable departure, for those who may cancel.
 */
export function CancelDepartureButton({ trip, size }: { trip: Departure; size?: 'sm' }) {
  const cancelling = useCancelDeparture(trip.scheduleId);
  return (
    <DisruptionButton
      show={isCancellable(trip)}
      icon={<Ban aria-hidden="true" />}
      label="Cancel departure"
      size={size}
      className="text-red-800 hover:bg-red-50 hover:text-red-900"
      trip={trip}
      request={cancelling}
      title={`Cancel the ${trip.departureTime} departure?`}
      description="Every booking is cancelled and its seats freed; each passenger is told and a full refund is requested. This cannot be undone."
    >
      {(close) => <CancelForm trip={trip} cancelling={cancelling} onCancel={close} />}
    </DisruptionButton>
  );
}
