/*
 * A departure's seats leg by leg (docs/decisions/032-seats-per-leg.md): a seat is sold for the
 * legs of its passenger's stretch, so one seat may carry one passenger from the first stop and
 * another from a later one. Leg i runs from stop i to stop i+1. Admin only.
 */

/** A booking as the seat view needs it: its seats on its launch, for the legs [fromStop, toStop). */
export type SeatHolder = {
  ticketId: string;
  reference: string;
  name: string;
  seats: readonly string[];
  /** The launch's name (null: unknown); a seat label is a seat of one launch. */
  launch: string | null;
  fromStop: number;
  toStop: number;
};

export type SeatLegs = {
  launch: string | null;
  seat: string;
  /** Everyone the seat carries, in route order of their From. */
  occupants: SeatHolder[];
  /** Per leg, who is in the seat (null: free on that leg). */
  legs: (SeatHolder | null)[];
};

/** Seat labels in the order a cabin reads: 2A before 10A. */
const bySeat = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * Each seat any booking holds, with its occupant on each of the `legCount` legs: launches in the
 * order given (`launchOrder`; others after, by name), seats in cabin order.
 */
export function seatsByLeg(
  holders: readonly SeatHolder[],
  legCount: number,
  launchOrder: readonly string[] = [],
): SeatLegs[] {
  const seats = new Map<string, SeatLegs>();
  for (const h of holders) {
    for (const seat of h.seats) {
      const key = JSON.stringify([h.launch, seat]);
      const entry = seats.get(key) ?? { launch: h.launch, seat, occupants: [], legs: [] };
      entry.occupants.push(h);
      seats.set(key, entry);
    }
  }
  const launchRank = (l: string | null) => {
    const i = l === null ? -1 : launchOrder.indexOf(l);
    return i < 0 ? launchOrder.length : i;
  };
  return [...seats.values()]
    .map((s) => {
      const occupants = [...s.occupants].sort((a, b) => a.fromStop - b.fromStop);
      const legs = Array.from(
        { length: legCount },
        (_, i) => occupants.find((o) => o.fromStop <= i && i < o.toStop) ?? null,
      );
      return { ...s, occupants, legs };
    })
    .sort(
      (a, b) =>
        launchRank(a.launch) - launchRank(b.launch) ||
        (a.launch ?? '').localeCompare(b.launch ?? '') ||
        bySeat(a.seat, b.seat),
    );
}
