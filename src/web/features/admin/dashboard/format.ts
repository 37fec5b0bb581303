import type { AdminTicket } from '#shared/admin-api.ts';
import { UNKNOWN_LOCATION } from '#shared/messages/api.ts';

/** 'Malé → Rasdhoo'; a deleted stop reads 'Unknown Location' (docs/product.md section 10.18). */
export function formatRoute(ticket: Pick<AdminTicket, 'from' | 'to'>): string {
  return `${ticket.from?.name ?? UNKNOWN_LOCATION} → ${ticket.to?.name ?? UNKNOWN_LOCATION}`;
}
