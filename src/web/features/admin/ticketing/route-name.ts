import type { AdminTrip } from '#shared/admin-api.ts';
import { UNKNOWN_LOCATION } from '#shared/messages/api.ts';

/** 'Malé → Maafushi': a trip's first and last stop. */
export const routeName = (trip: Pick<AdminTrip, 'from' | 'to'>) =>
  `${trip.from?.name ?? UNKNOWN_LOCATION} → ${trip.to?.name ?? UNKNOWN_LOCATION}`;
