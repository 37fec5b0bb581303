/** The person at the counter: their id, their name for the cash-up, and their session's locks. */
export type Seller = { id: string; name: string; sessionId: string; mayVoidAnySale: boolean };

/** The seat-lock session of a signed-in staff member: their locks belong to their session. */
export const staffLockSession = (sessionId: string) => `staff:${sessionId}`;
