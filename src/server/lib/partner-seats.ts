/*
 * A partner's seats (docs/decisions/043-partner-accounts.md): an allotment holds its seats as
 * seat locks of one session per partner, until its release time. Every other session sees them
 * taken, as any live lock; the partner's bookings and seat maps read them as the partner's own.
 */

/** The seat-lock session an allotment's seats are held under, and a partner's bookings read as theirs. */
export const allotmentSession = (partnerId: string) => `allot:${partnerId}`;
