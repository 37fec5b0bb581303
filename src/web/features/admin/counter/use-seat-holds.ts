import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CounterLock } from '#shared/counter.ts';
import type { SeatView } from '#web/components/seat-map/seat-grid.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { counterSeatsQuery, lockSeats, releaseSeats } from './api.ts';

/** Where seats are held: a launch on a departure, sold from one stop to another. */
export type HoldPlace = Omit<CounterLock, 'seats' | 'destinationId'> & { destinationId: string };

const keyOf = (place: HoldPlace | null) =>
  place
    ? [place.scheduleId, place.travelDate, place.launchId, place.originId, place.destinationId].join('|')
    : '';

/**
 * The seats of the sale being made, held as they are tapped (POST /api/admin/counter/locks), so
 * another seller or an online passenger cannot take them meanwhile; let go when tapped again,
 * when the departure, launch, From or To changes (a seat is sold for the legs between them), and
 * when the sale is abandoned. A seat the server refuses (taken a moment before) is dropped with
 * the server's words, and the map refreshed.
 */
export function useSeatHolds(place: HoldPlace | null, needed: number, onRefused: () => void) {
  const queryClient = useQueryClient();
  const where = place
    ? {
        scheduleId: place.scheduleId,
        date: place.travelDate,
        launchId: place.launchId,
        originId: place.originId,
        destinationId: place.destinationId,
      }
    : null;
  const seatsQuery = counterSeatsQuery(
    where ?? { scheduleId: '', date: '', launchId: '', originId: '', destinationId: '' },
  );
  const map = useQuery({ ...seatsQuery, enabled: where !== null });
  const [selected, setSelected] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // The seats this screen holds now, and where: read by the releases, which outlive renders.
  const held = useRef<{ place: HoldPlace | null; seats: Set<string> }>({ place: null, seats: new Set() });
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const release = useCallback((at: HoldPlace, seats: string[]) => {
    if (seats.length === 0) return;
    for (const seat of seats) held.current.seats.delete(seat);
    // Not kept is not lost: an unreleased hold ends by itself (SEAT_HOLD_SECONDS).
    releaseSeats({ ...at, seats }).catch(() => undefined);
  }, []);

  const placeKey = keyOf(place);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the place is read through its key.
  useEffect(() => {
    held.current = { place, seats: new Set() };
    setSelected([]);
    setProblem(null);
    return () => {
      const { place: at, seats } = held.current;
      if (at) release(at, [...seats]);
    };
  }, [placeKey, release]);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: seatsQuery.queryKey }),
    [queryClient, seatsQuery.queryKey],
  );

  const hold = async (label: string) => {
    if (!place) return;
    held.current.seats.add(label);
    try {
      await lockSeats({ ...place, seats: [label] });
      // Tapped again while the hold was on its way: let it go at once.
      if (!selectedRef.current.includes(label) && keyOf(held.current.place) === keyOf(place)) {
        release(place, [label]);
      }
    } catch (error) {
      held.current.seats.delete(label);
      setSelected((seats) => seats.filter((s) => s !== label));
      setProblem(errorMessage(error));
      if (error instanceof ApiError && error.code === 'seats_unavailable') void refresh();
      onRefused();
    }
  };

  /** A tap on a seat; false when it was not chosen (every ticket already has its seat). */
  const toggle = (label: string): boolean => {
    if (!place) return false;
    setProblem(null);
    if (selected.includes(label)) {
      setSelected(selected.filter((s) => s !== label));
      release(place, [label]);
      return false;
    }
    if (selected.length >= needed) {
      if (needed !== 1) {
        setProblem(
          needed === 0
            ? 'Add a ticket first, then choose its seat.'
            : `Every ticket has its seat. Tap a chosen seat to free it, or add a ticket.`,
        );
        return false;
      }
      // One ticket: a tap on another seat moves it there.
      release(place, selected);
      setSelected([label]);
    } else {
      setSelected([...selected, label]);
    }
    void hold(label);
    return true;
  };

  // A seat held here but shown taken (the hold ran out and someone else took it) is dropped.
  const lost = (map.data?.seats ?? [])
    .filter((s) => (s.state === 'occupied' || s.state === 'locked') && selected.includes(s.label))
    .map((s) => s.label)
    .join(', ');
  useEffect(() => {
    if (!lost) return;
    const labels = lost.split(', ');
    setSelected((seats) => seats.filter((s) => !labels.includes(s)));
    for (const seat of labels) held.current.seats.delete(seat);
    setProblem(`Seat ${lost} was taken meanwhile: choose another.`);
  }, [lost]);

  const seats = useMemo(
    () =>
      (map.data?.seats ?? []).map((s) => ({
        label: s.label,
        view: (s.state === 'occupied' || s.state === 'locked'
          ? 'occupied'
          : selected.includes(s.label)
            ? 'selected'
            : 'available') as SeatView,
      })),
    [map.data, selected],
  );

  return {
    map,
    seats,
    selected,
    problem,
    toggle,
    /** The sale went through: its seats are sold, not to be released. */
    sold: () => {
      held.current.seats.clear();
      setSelected([]);
      void refresh();
    },
    /** The server says these were taken: drop them and show the map as it is now. */
    lose: (labels: readonly string[]) => {
      setSelected((seats) => seats.filter((s) => !labels.includes(s)));
      for (const seat of labels) held.current.seats.delete(seat);
      void refresh();
    },
  };
}
