import type { Trip } from '#shared/schemas.ts';
import type { Translate } from '#web/i18n/texts.tsx';
import { formatTravelDate } from '#web/lib/dates.ts';
import { cn } from '#web/lib/utils.ts';
import { usePlaceName } from '../texts.ts';

/**
 * One departure's rows of a summary list (step 5's, the confirmation's): the route, its date,
 * time, launch and seats. A return has two, each route named by `heading` (Outbound, Return)
 * where a single trip reads 'Trip'. `t` is a screen's with the payment and date texts.
 */
export function JourneyRows({
  t,
  trip,
  launchName,
  seats,
  heading,
}: {
  t: Translate;
  trip: Trip | null | undefined;
  /** Absent: no launch row (a confirmation saved before it was kept). */
  launchName: string | undefined;
  seats: string[];
  heading?: string;
}) {
  const placeName = usePlaceName();
  // The way back's rows stand apart from the outbound's above them.
  const first = cn('text-slate-600', heading && 'mt-2 font-semibold text-slate-900 first:mt-0');
  return (
    <>
      <dt className={first}>{heading ?? t('payment.summaryTrip')}</dt>
      <dd className={cn('font-medium text-slate-900', heading && 'mt-2 first-of-type:mt-0')}>
        {trip ? t('payment.tripRoute', { from: placeName(trip.from), to: placeName(trip.to) }) : '–'}
      </dd>
      <dt className="text-slate-600">{t('payment.summaryDate')}</dt>
      <dd className="font-medium text-slate-900">{trip ? formatTravelDate(trip.travelDate) : '–'}</dd>
      <dt className="text-slate-600">{t('payment.summaryTime')}</dt>
      <dd className="font-medium text-slate-900">
        <bdi dir="ltr">{trip?.passengerDepartureTime || trip?.departureTime || '–'}</bdi>
      </dd>
      {launchName !== undefined ? (
        <>
          <dt className="text-slate-600">{t('payment.summaryLaunch')}</dt>
          <dd className="font-medium text-slate-900">{launchName || '–'}</dd>
        </>
      ) : null}
      <dt className="text-slate-600">{t('payment.summarySeats')}</dt>
      <dd className="font-medium text-slate-900">
        <bdi dir="ltr">{seats.join(', ')}</bdi>
      </dd>
    </>
  );
}
