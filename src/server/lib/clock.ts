/** Injectable clock so tests can move time (seat holds, code expiry) without sleeping. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

// Making an Intl.DateTimeFormat costs far more than using one (it showed in the profile of
// every trip search), so each is made once per zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function formatIn(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = make();
    cache.set(timeZone, format);
  }
  return format;
}

/** YYYY-MM-DD of an instant in the operator's time zone (docs/product.md section 11.9). */
export function dateInZone(at: Date, timeZone: string): string {
  const parts = formatIn(
    dayFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A database `time` ('09:20:00') as HH:MM, or null when there is none. */
export const hhmm = (time: string | null): string | null => (time ? time.slice(0, 5) : null);

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** HH:MM (24-hour) of an instant in the operator's time zone. */
export function timeInZone(at: Date, timeZone: string): string {
  return formatIn(
    timeFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ).format(at);
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The operator zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = formatIn(
    clockFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  ).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock date and time (`HH:MM` or `HH:MM:SS`) happen in the operator's zone. */
export function instantInZone(isoDate: string, time: string, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = isoDate.split('-').map(Number);
  const [hh = 0, mm = 0, ss = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  const first = wall - zoneOffsetMs(new Date(wall), timeZone);
  // Near a daylight-saving change the offset at the answer can differ from the first guess's.
  const second = wall - zoneOffsetMs(new Date(first), timeZone);
  return new Date(second);
}
