import { queryOptions } from '@tanstack/react-query';
import type { Party } from '#shared/fare.ts';
import type { Trip } from '#shared/schemas.ts';
import { ApiError, api } from '#web/lib/api-client.ts';

// What the first step and the wizard itself ask; the later steps' requests (and letting held
// seats go) are in steps-api.ts, which loads with them (not on /booking's first load).
export { publicSettingsQuery } from '#web/lib/operator-time-zone.ts';
export { locationsQuery } from '#web/lib/public-queries.ts';

/** The trips of a date between two places, each with the fare of `party` (none: one local adult). */
export const tripsQuery = (date: string, from: string, to: string, party?: SearchParty) =>
  queryOptions({
    queryKey: ['trips', date, from, to, party],
    queryFn: ({ signal }) =>
      api.get<Trip[]>(`/api/trips?${new URLSearchParams({ date, from, to, ...partyParams(party) })}`, {
        signal,
      }),
  });

/**
 * The wizard's party: the price list's kinds and, by code, the concessions chosen; `returning: 1`
 * when the trips are a return's way back, so each carries the return discount.
 */
type SearchParty = Omit<Party, 'concessionTickets'> & {
  concessions?: Record<string, { local: number; foreigner: number }> | undefined;
  returning?: number;
};

/** The party as query parameters: only the kinds it has, the concessions as 'senior:local:1,...'. */
function partyParams(party: SearchParty | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  const { concessions, ...kinds } = party ?? {};
  for (const [kind, count] of Object.entries(kinds)) if (count > 0) params[kind] = String(count);
  // Both types of each: a count of 0 prices nothing (kept short, on /booking's first load).
  const chosen = Object.entries(concessions ?? {}).map(
    ([code, c]) => `${code}:local:${c.local},${code}:foreigner:${c.foreigner}`,
  );
  if (chosen.length > 0) params.concessions = chosen.join(',');
  return params;
}

export { ApiError };
