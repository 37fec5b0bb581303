import { zonedFormat } from './operator-time-zone.ts';

/**
 * HH:MM of an ISO instant in the operator's time zone (useOperatorTimeZone), wherever the device
 * is set: when a stop closed, when a passenger boarded.
 */
export function formatClock(isoInstant: string, timeZone: string): string {
  return zonedFormat(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(isoInstant),
  );
}
