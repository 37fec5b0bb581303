// The e-ticket's part of the HTTP API (docs/decisions/023), apart from schemas.ts so the public
// first load does not carry it.
import { z } from 'zod';
import { bookingLookupSchema } from './schemas.ts';

/**
 * `GET /api/t/:token`, the e-ticket (docs/decisions/023): the booking as Check Booking shows
 * it, with the whole name, and the signed code its QR shows while the booking is confirmed
 * (null otherwise). Only the link's holder reads it; a reference alone never does.
 */
export const eTicketSchema = bookingLookupSchema.extend({
  code: z.string().nullable(),
  /**
   * Each journey's own signed code, in the order of `journeys` (docs/decisions/037-return-trips.md):
   * a return's link, of either journey, shows both; a single trip's one is `code`.
   */
  journeyCodes: z.array(z.object({ journey: z.number().int(), code: z.string().nullable() })).optional(),
});
export type ETicket = z.infer<typeof eTicketSchema>;

export const eTicketParamsSchema = z.object({ token: z.string().max(100) });
