import { useSearchParams } from 'react-router';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { formatDay, operatorToday } from '../../lib/admin-format.ts';
import { TripList } from './trip-list.tsx';
import { TripManagement } from './trip-management.tsx';

const isIsoDate = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** SPEC.md Ticketing: the day's trips, and one trip's management under `?trip=`. */
export function TicketingView() {
  const [params, setParams] = useSearchParams();
  const dateParam = params.get('date');
  const date = isIsoDate(dateParam) ? dateParam : operatorToday();
  const trip = params.get('trip');

  const update = (changes: Record<string, string | null>, replace: boolean) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace },
    );
  };

  if (trip) {
    return (
      <div className="mt-4">
        <TripManagement scheduleId={trip} onBack={() => update({ trip: null }, false)} />
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
            value={date}
            onChange={(event) => update({ date: event.target.value || null }, true)}
          />
        </div>
        <p className="pb-3 text-sm text-slate-600">{formatDay(date)}</p>
      </div>
      <TripList date={date} onOpen={(scheduleId) => update({ trip: scheduleId }, false)} />
    </div>
  );
}
