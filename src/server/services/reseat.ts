/**
 * Seats for a party moved to another vessel (docs/decisions/026): the same labels when they
 * are all free there; else the free block of seats side by side (in the vessel's seat order)
 * nearest to where the party sat; else, when no block is long enough, the free seats nearest
 * to it, apart. Null when the vessel has too few free seats.
 */
export function chooseSeats(opts: {
  /** The target vessel's seat labels, in its order (row by row). */
  labels: readonly string[];
  /** Which of them are free for the legs the party travels (seats are sold per leg). */
  free: ReadonlySet<string>;
  /** The party's seats on the departure they leave. */
  seats: readonly string[];
  /** Where the party sat, as a position in the old vessel's seat order (0 when unknown). */
  near: number;
}): { seats: string[]; together: boolean } | null {
  const { labels, free, seats } = opts;
  const size = seats.length;
  if (seats.every((s) => labels.includes(s) && free.has(s))) return { seats: [...seats], together: true };
  const open = labels.map((label, index) => ({ label, index })).filter((s) => free.has(s.label));
  if (open.length < size) return null;
  const distance = (index: number) => Math.abs(index - opts.near);
  let best: { start: number; seats: string[] } | null = null;
  for (let i = 0; i + size <= labels.length; i++) {
    const block = labels.slice(i, i + size);
    if (!block.every((s) => free.has(s))) continue;
    if (!best || distance(i) < distance(best.start)) best = { start: i, seats: block };
  }
  if (best) return { seats: best.seats, together: true };
  const nearest = [...open].sort((a, b) => distance(a.index) - distance(b.index) || a.index - b.index);
  return {
    seats: nearest
      .slice(0, size)
      .sort((a, b) => a.index - b.index)
      .map((s) => s.label),
    together: false,
  };
}
