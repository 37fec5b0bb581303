import { queryOptions, useMutation } from '@tanstack/react-query';
import { FARE_KINDS, type Fare, type FareInput, type PriceList, priceKey } from '#shared/fares.ts';
import type { ReturnDiscount } from '#shared/return-discounts.ts';
import type { LocationList } from '#shared/setup-api.ts';
import { api } from '#web/lib/api-client.ts';
import { useRefresh } from '#web/lib/staff-mutation.ts';

export const adminFaresQuery = queryOptions({
  queryKey: ['admin', 'fares'],
  queryFn: ({ signal }) => api.get<{ fares: Fare[] }>('/api/admin/fares', { signal }),
  select: (data) => data.fares,
});

/** Each pair's return discount (docs/decisions/037-return-trips.md). */
export const returnDiscountsQuery = queryOptions({
  queryKey: ['admin', 'return-discounts'],
  queryFn: ({ signal }) =>
    api.get<{ discounts: ReturnDiscount[] }>('/api/admin/return-discounts', { signal }),
  select: (data) => data.discounts,
});

/** The places a fare can join: the locations list (the Locations screen's own query). */
export const fareLocationsQuery = queryOptions({
  queryKey: ['admin', 'locations'],
  queryFn: ({ signal }) => api.get<LocationList>('/api/admin/locations', { signal }),
  select: (data) => data.locations,
});

/** One port pair and its own fares, by the price list's field ('localAdultPrice', ...). */
export type FarePair = {
  originId: string;
  destinationId: string;
  fares: Partial<Record<keyof PriceList, Fare>>;
};

/** The fares grouped by pair, in the list's order (by origin, then destination name). */
export function farePairs(fares: readonly Fare[]): FarePair[] {
  const pairs = new Map<string, FarePair>();
  for (const fare of fares) {
    if (fare.category !== 'adult' && fare.category !== 'child') continue;
    const key = `${fare.originId}|${fare.destinationId}`;
    const pair = pairs.get(key) ?? { originId: fare.originId, destinationId: fare.destinationId, fares: {} };
    pair.fares[priceKey(fare.type, fare.category)] = fare;
    pairs.set(key, pair);
  }
  return [...pairs.values()];
}

/** A trip's prices show in the search, the wizard and the counter: those refresh too. */
const CHANGED_VIEWS = [['admin', 'fares'], ['admin', 'return-discounts'], ['admin', 'trips'], ['trips']];

const farePath = (id: string) => `/api/admin/fares/${encodeURIComponent(id)}`;

export type PairChange = {
  originId: string;
  destinationId: string;
  /** What the pair had before (none for a new pair). */
  before: FarePair['fares'];
  /** Each price as typed: '' leaves the kind to the ticket prices. */
  prices: Record<keyof PriceList, string>;
  /** The pair's return discount before and as typed ('' or 0: none). */
  returnDiscount?: { before: string; typed: string };
};

/**
 * Saves a pair's four prices as one change: a price typed where there was none is created, a
 * changed one saved, an emptied one deleted; what did not change is not sent.
 */
export function useSaveFarePair() {
  const refresh = useRefresh(CHANGED_VIEWS);
  return useMutation({
    mutationFn: async ({ originId, destinationId, before, prices, returnDiscount }: PairChange) => {
      for (const { type, category } of FARE_KINDS) {
        const key = priceKey(type, category);
        const typed = prices[key].trim();
        const had = before[key];
        const input: FareInput = { originId, destinationId, type, category, price: typed };
        if (typed && !had) await api.post<Fare>('/api/admin/fares', input);
        else if (typed && had && Number(typed) !== Number(had.price))
          await api.put<Fare>(farePath(had.id), input);
        else if (!typed && had) await api.delete<undefined>(farePath(had.id));
      }
      const percentOff = returnDiscount?.typed.trim() || '0';
      if (returnDiscount && Number(percentOff) !== Number(returnDiscount.before || '0')) {
        await api.put('/api/admin/return-discounts', { originId, destinationId, percentOff });
      }
    },
    onSettled: refresh,
  });
}

/** Deletes every fare of a pair: its tickets cost the ticket prices again. */
export function useDeleteFarePair() {
  const refresh = useRefresh(CHANGED_VIEWS);
  return useMutation({
    mutationFn: async (pair: FarePair) => {
      for (const fare of Object.values(pair.fares)) await api.delete<undefined>(farePath(fare.id));
    },
    onSettled: refresh,
  });
}
