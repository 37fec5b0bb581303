import type { AdminTicket } from '#shared/admin-api.ts';
import { NOT_SPECIFIED, UNKNOWN_LOCATION } from '#shared/messages.ts';

const travelDateFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-11-22' -> 'Sun, 22 Nov 2026'. A travel date is a calendar day, so it is read as UTC. */
export function formatTravelDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate || NOT_SPECIFIED;
  return travelDateFormat.format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))),
  );
}

/** 'Malé → Rasdhoo'; a deleted stop reads 'Unknown Location' (ARCHITECTURE.md section 8.18). */
export function formatRoute(ticket: Pick<AdminTicket, 'from' | 'to'>): string {
  return `${ticket.from?.name ?? UNKNOWN_LOCATION} → ${ticket.to?.name ?? UNKNOWN_LOCATION}`;
}
