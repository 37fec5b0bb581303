import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { SeatView } from '#web/components/seat-map/seat-grid.tsx';
import { type SeatsWhere, seatsQuery } from './api.ts';

const NOWHERE: SeatsWhere = { scheduleId: '', date: '', launchId: '', originId: '', destinationId: '' };

const seatList = (labels: readonly string[]) =>
  labels.length === 1 ? `Seat ${labels[0]} was` : `Seats ${labels.join(', ')} were`;

/**
 * The seats chosen for a party. A partner holds none while it names the guests (its allotment's
 * seats are its own already): a seat someone else takes meanwhile is dropped with a word, when
 * the map shows it taken or when the booking is refused for it. A new departure, launch, From or
 * To starts the choice again: a seat is booked for the legs between them.
 */
export function useSeatChoice(where: SeatsWhere | null, needed: number) {
  const queryClient = useQueryClient();
  const query = seatsQuery(where ?? NOWHERE);
  const map = useQuery({ ...query, enabled: where !== null });
  const [selected, setSelected] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const whereKey = where ? Object.values(where).join('|') : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new place, a new choice.
  useEffect(() => {
    setSelected([]);
    setProblem(null);
  }, [whereKey]);

  /** A tap on a seat; false when it was not chosen (every guest with a seat has one). */
  const toggle = (label: string): boolean => {
    setProblem(null);
    if (selected.includes(label)) {
      setSelected(selected.filter((s) => s !== label));
      return false;
    }
    if (selected.length >= needed) {
      if (needed !== 1) {
        setProblem(
          needed === 0
            ? 'Add the party’s tickets first, then choose their seats.'
            : 'Every guest has a seat. Tap a chosen seat to free it, or add a ticket.',
        );
        return false;
      }
      // One seat: a tap on another moves it there.
      setSelected([label]);
      return true;
    }
    setSelected([...selected, label]);
    return true;
  };

  const drop = (labels: readonly string[]) => {
    setSelected((seats) => seats.filter((s) => !labels.includes(s)));
    setProblem(`${seatList(labels)} taken meanwhile: choose again.`);
  };

  // A chosen seat the map now shows taken (booked or held by someone else) is dropped.
  const lost = (map.data?.seats ?? [])
    .filter((s) => (s.state === 'occupied' || s.state === 'locked') && selected.includes(s.label))
    .map((s) => s.label)
    .join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the lost seats change.
  useEffect(() => {
    if (lost) drop(lost.split(','));
  }, [lost]);

  const seats = useMemo(
    () =>
      (map.data?.seats ?? []).map((s) => ({
        label: s.label,
        // The partner's allotment ('mine') is free for it to book.
        view: (s.state === 'occupied' || s.state === 'locked'
          ? 'occupied'
          : selected.includes(s.label)
            ? 'selected'
            : 'available') as SeatView,
      })),
    [map.data, selected],
  );
  const allotted = (map.data?.seats ?? []).filter((s) => s.state === 'mine').map((s) => s.label);

  return {
    map,
    seats,
    selected,
    /** The partner's allotment on this launch, and until when it is held. */
    allotment: { seats: allotted, until: map.data?.lockedUntil ?? null },
    problem,
    toggle,
    /** The booking was refused for these seats: drop them and show the map as it is now. */
    lose: (labels: readonly string[]) => {
      drop(labels);
      void queryClient.invalidateQueries({ queryKey: query.queryKey });
    },
    /** Booked: the seats are the booking's now, no longer a choice. */
    booked: () => setSelected([]),
  };
}
