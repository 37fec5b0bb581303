import { LAUNCH_DEFAULT_CAPACITY, LAUNCH_MAX_CAPACITY, LAUNCH_MIN_CAPACITY } from '#shared/constants.ts';

/** docs/product.md section 5: a capacity outside 1 to 200, or not a whole number, falls back to 50. */
export function parseCapacity(text: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!trimmed || !Number.isInteger(value) || value < LAUNCH_MIN_CAPACITY || value > LAUNCH_MAX_CAPACITY) {
    return LAUNCH_DEFAULT_CAPACITY;
  }
  return value;
}

/**
 * Seat labels resized to `capacity`: extras are cut from the end; new seats get number labels
 * continuing from the count (skipping a number some other seat already carries).
 */
export function resizeSeats(labels: readonly string[], capacity: number): string[] {
  if (capacity <= labels.length) return labels.slice(0, capacity);
  const next = [...labels];
  const taken = new Set(labels.map((l) => l.trim()));
  let n = labels.length;
  while (next.length < capacity) {
    n += 1;
    const label = String(n);
    if (taken.has(label)) continue;
    taken.add(label);
    next.push(label);
  }
  return next;
}

export const numberedSeats = (capacity: number): string[] =>
  Array.from({ length: capacity }, (_, i) => String(i + 1));

/** Row letters as spreadsheets name columns: A..Z, then AA, AB ... */
export function rowName(index: number): string {
  let name = '';
  let n = index + 1;
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** A1, A2 ... then B1 ...: `perRow` seats in each lettered row. */
export function rowSeats(capacity: number, perRow: number): string[] {
  const width = Math.max(1, Math.floor(perRow));
  return Array.from({ length: capacity }, (_, i) => `${rowName(Math.floor(i / width))}${(i % width) + 1}`);
}

/** The labels (trimmed) that appear more than once, in first-seen order. */
export function duplicateLabels(labels: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const raw of labels) {
    const label = raw.trim();
    if (!label) continue;
    if (seen.has(label)) repeated.add(label);
    seen.add(label);
  }
  return [...repeated];
}
