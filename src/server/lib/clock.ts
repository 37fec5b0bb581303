/** Injectable clock so tests can move time (seat holds, code expiry) without sleeping. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** YYYY-MM-DD of an instant in the operator's time zone (ARCHITECTURE.md section 2.9). */
export function dateInZone(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
