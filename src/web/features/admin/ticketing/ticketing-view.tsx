import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { formatDay, isIsoDate } from '#web/lib/dates.ts';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { TripList } from './trip-list.tsx';
import { TripManagement } from './trip-management.tsx';

/** docs/product.md Ticketing: the day's trips, and one trip's management under `?trip=`. */
export function TicketingView() {
  const [params, setParams] = useUrlParams();
  const today = useOperatorToday();
  const dateParam = params.get('date');
  const date = isIsoDate(dateParam) ? dateParam : today;
  const trip = params.get('trip');

  if (trip) {
    return (
      <div className="mt-4">
        <TripManagement
          scheduleId={trip}
          onBack={() => setParams({ trip: null }, { replace: false })}
          onOpenTrip={(id) => setParams({ trip: id }, { replace: false })}
        />
      </div>
    );
  }

  return (
    <div className="mt-6 flex flex-col gap-5">
      <div className="flex flex-wrap items-end gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="grid gap-2">
          <Label htmlFor="ticketing-date">Travel date</Label>
          <Input
            id="ticketing-date"
            type="date"
            className="w-48"
            value={date ?? ''}
            onChange={(event) => setParams({ date: event.target.value || null }, { replace: true })}
          />
        </div>
        <p className="pb-3 text-sm text-slate-600">{date ? formatDay(date) : null}</p>
      </div>
      <TripList date={date} onOpen={(scheduleId) => setParams({ trip: scheduleId }, { replace: false })} />
    </div>
  );
}
