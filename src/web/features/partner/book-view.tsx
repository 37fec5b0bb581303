import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PartnerBooking, PartnerOwnAccount } from '#shared/partners.ts';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { DeparturePicker } from '#web/components/sale/departure-picker.tsx';
import { isIsoDate } from '#web/lib/dates.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { departuresQuery } from './api.ts';
import { BookingConfirmation } from './booking-confirmation.tsx';
import { BookingForm } from './booking-form.tsx';

const DEPARTURE_TITLE = 'partner-departure-title';

/**
 * A new booking: the day's departures (the date and the departure kept in the address, so a
 * reload keeps them), the party's form, then the booking's confirmation.
 */
export function BookView({ account, onList }: { account: PartnerOwnAccount; onList: () => void }) {
  const [params, setParams] = useUrlParams();
  const dateParam = params.get('date');
  const day = useQuery(departuresQuery(isIsoDate(dateParam) ? dateParam : null));
  const departureId = params.get('departure');
  const departure = day.data?.departures.find((d) => d.scheduleId === departureId);
  const [booked, setBooked] = useState<PartnerBooking | null>(null);
  // A new form (and a new sale id) after every booking.
  const [formNumber, setFormNumber] = useState(0);
  const focusDeparture = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: after a choice, once it shows.
  useEffect(() => {
    if (!focusDeparture.current) return;
    focusDeparture.current = false;
    document.getElementById(DEPARTURE_TITLE)?.focus();
  }, [departure]);

  if (booked) {
    return (
      <BookingConfirmation
        booking={booked}
        onAnother={() => {
          setBooked(null);
          setFormNumber((n) => n + 1);
          // The next party most often travels on the same departure: back to its form.
          requestAnimationFrame(() => document.getElementById(DEPARTURE_TITLE)?.focus());
        }}
        onList={onList}
      />
    );
  }
  if (day.isPending) return <LoadingNote>Loading departures…</LoadingNote>;
  if (day.isError) return <ErrorNote error={day.error} />;
  return (
    <div className="space-y-6">
      <DeparturePicker
        idPrefix="partner"
        day={day.data}
        date={day.data.date}
        chosen={departure}
        onDate={(date) => setParams({ date: date || null, departure: null })}
        onChoose={(id) => {
          focusDeparture.current = true;
          setParams({ departure: id });
        }}
      />
      {departure && (
        <BookingForm
          key={`${departure.scheduleId}-${formNumber}`}
          departure={departure}
          day={day.data}
          account={account}
          onBooked={setBooked}
        />
      )}
    </div>
  );
}
