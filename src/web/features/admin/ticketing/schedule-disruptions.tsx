import type { AdminSchedule } from '#shared/setup-api.ts';
import { CancelDepartureButton } from './cancel-departure-dialog.tsx';
import { DelayDepartureButton } from './delay-departure-dialog.tsx';
import type { Departure } from './disruption-parts.tsx';
import { MoveBookingsButton } from './move-bookings-dialog.tsx';

/** A schedule as the disruption dialogs take a departure: its stops in order, first and last. */
export function departureOfSchedule(schedule: AdminSchedule): Departure {
  const stops = [...schedule.routeStops].sort((a, b) => a.stopOrder - b.stopOrder);
  const end = (stop: (typeof stops)[number] | undefined) =>
    stop ? { id: stop.locationId, name: stop.name } : null;
  return {
    scheduleId: schedule.id,
    travelDate: schedule.travelDate,
    departureTime: schedule.departureTime,
    status: schedule.status,
    from: end(stops[0]),
    to: end(stops.at(-1)),
    stops,
  };
}

/**
 * Delay, move and cancel on a schedule's card (the Schedules screen; docs/decisions/026), with
 * Ticketing's dialogs: each button shows only where the departure allows it, and only to the
 * staff who may manage disruptions.
 */
export function ScheduleDisruptionActions({ schedule }: { schedule: AdminSchedule }) {
  const departure = departureOfSchedule(schedule);
  return (
    <>
      <DelayDepartureButton trip={departure} size="sm" />
      <MoveBookingsButton trip={departure} size="sm" />
      <CancelDepartureButton trip={departure} size="sm" />
    </>
  );
}
