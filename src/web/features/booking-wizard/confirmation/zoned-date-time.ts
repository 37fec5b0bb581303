import { zonedFormat } from '#web/lib/operator-time-zone.ts';

const PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * An instant as the operator's calendar day (YYYY-MM-DD, for formatTravelDate) and clock time
 * ('14:05'), the way a trip's date and time read; null for one that is no instant.
 */
export function zonedDateTime(isoInstant: string, timeZone: string): { date: string; time: string } | null {
  const at = new Date(isoInstant);
  if (Number.isNaN(at.getTime())) return null;
  const parts = zonedFormat(timeZone, PARTS).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}
