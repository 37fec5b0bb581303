import { queryOptions } from '@tanstack/react-query';
import type { Party } from '#shared/fare.ts';
import type { Trip } from '#shared/schemas.ts';
import { ApiError, api } from '#web/lib/api-client.ts';

// What the first step and the wizard itself ask; the later steps' requests (and letting held
// seats go) are in steps-api.ts, which loads with them (not on /booking's first load).
export { publicSettingsQuery } from '#web/lib/operator-time-zone.ts';
export { locationsQuery } from '#web/lib/public-queries.ts';

/** The trips of a date between two places, each with the fare of `party` (none: one local adult). */
export const tripsQuery = (date: string, from: string, to: string, party?: Party) =>
  queryOptions({
    queryKey: ['trips', date, from, to, party],
    queryFn: ({ signal }) =>
      api.get<Trip[]>(`/api/trips?${new URLSearchParams({ date, from, to, ...partyParams(party) })}`, {
        signal,
      }),
  });

/** The party as query parameters: only the kinds it has. */
function partyParams(party: Party | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [kind, count] of Object.entries(party ?? {})) if (count > 0) params[kind] = String(count);
  return params;
}

export { ApiError };
