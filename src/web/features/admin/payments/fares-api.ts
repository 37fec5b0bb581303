import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  FARE_CATEGORIES,
  FARE_KINDS,
  type Fare,
  type FareCategory,
  type FareInput,
  type PriceList,
  priceKey,
  type TicketType,
} from '#shared/fares.ts';
import type { ReturnDiscount } from '#shared/return-discounts.ts';
import { TICKET_TYPES } from '#shared/schemas.ts';
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

/** A category's own fares on a pair, by ticket type. */
export type TypeFares = Partial<Record<TicketType, Fare>>;

/**
 * One port pair and its own fares: the adult's and child's by the price list's field
 * ('localAdultPrice', ...), the infant's and each concession's by its code, then by ticket type
 * (docs/decisions/036-fare-categories.md).
 */
export type FarePair = {
  originId: string;
  destinationId: string;
  fares: Partial<Record<keyof PriceList, Fare>>;
  categoryFares: Record<string, TypeFares>;
};

const isListCategory = (category: string): category is FareCategory =>
  (FARE_CATEGORIES as readonly string[]).includes(category);

/** The fares grouped by pair, in the list's order (by origin, then destination name). */
export function farePairs(fares: readonly Fare[]): FarePair[] {
  const pairs = new Map<string, FarePair>();
  for (const fare of fares) {
    const key = `${fare.originId}|${fare.destinationId}`;
    const pair = pairs.get(key) ?? {
      originId: fare.originId,
      destinationId: fare.destinationId,
      fares: {},
      categoryFares: {},
    };
    if (isListCategory(fare.category)) pair.fares[priceKey(fare.type, fare.category)] = fare;
    else pair.categoryFares[fare.category] = { ...pair.categoryFares[fare.category], [fare.type]: fare };
    pairs.set(key, pair);
  }
  return [...pairs.values()];
}

/** A trip's prices show in the search, the wizard and the counter: those refresh too. */
const CHANGED_VIEWS = [['admin', 'fares'], ['admin', 'return-discounts'], ['admin', 'trips'], ['trips']];

const farePath = (id: string) => `/api/admin/fares/${encodeURIComponent(id)}`;

/** A category's two prices as typed, by ticket type: '' leaves it to the category's default. */
export type TypedTypePrices = Record<TicketType, string>;

export type PairChange = {
  originId: string;
  destinationId: string;
  /** What the pair had before (none for a new pair). */
  before: FarePair['fares'];
  /** Each price as typed: '' leaves the kind to the ticket prices. */
  prices: Record<keyof PriceList, string>;
  /** What the pair had before for the infant and the concessions, by code (none for a new pair). */
  categoriesBefore?: FarePair['categoryFares'];
  /**
   * The infant's and the concessions' prices as typed, by code; a code not here is left as it
   * is (a concession the dialog does not show keeps its fares).
   */
  categoryPrices?: Record<string, TypedTypePrices>;
  /** The pair's return discount before and as typed ('' or 0: none). */
  returnDiscount?: { before: string; typed: string };
};

/** One price of the change: what the pair had and what was typed. */
type PriceChange = { input: FareInput; had: Fare | undefined };

/** One request of a pair's change. */
export type FareRequest =
  | { method: 'post'; input: FareInput }
  | { method: 'put'; id: string; input: FareInput }
  | { method: 'delete'; id: string };

/**
 * The requests a pair's change makes, in order: the four prices, then the infant's and each
 * concession's typed. A price typed where there was none is created, a changed one saved, an
 * emptied one deleted; what did not change is not sent.
 */
export function fareRequests(change: PairChange): FareRequest[] {
  const { originId, destinationId } = change;
  const prices: PriceChange[] = FARE_KINDS.map(({ type, category }) => {
    const key = priceKey(type, category);
    return {
      input: { originId, destinationId, type, category, price: change.prices[key].trim() },
      had: change.before[key],
    };
  });
  for (const [category, typed] of Object.entries(change.categoryPrices ?? {})) {
    for (const type of TICKET_TYPES) {
      prices.push({
        input: { originId, destinationId, type, category, price: typed[type].trim() },
        had: change.categoriesBefore?.[category]?.[type],
      });
    }
  }
  return prices.flatMap(({ input, had }): FareRequest[] => {
    if (input.price && !had) return [{ method: 'post', input }];
    if (input.price && had && Number(input.price) !== Number(had.price))
      return [{ method: 'put', id: had.id, input }];
    if (!input.price && had) return [{ method: 'delete', id: had.id }];
    return [];
  });
}

/**
 * Saves a pair's prices as one change (`fareRequests`), then its return discount.
 */
export function useSaveFarePair() {
  const refresh = useRefresh(CHANGED_VIEWS);
  return useMutation({
    mutationFn: async (change: PairChange) => {
      const { originId, destinationId, returnDiscount } = change;
      for (const request of fareRequests(change)) {
        if (request.method === 'post') await api.post<Fare>('/api/admin/fares', request.input);
        else if (request.method === 'put') await api.put<Fare>(farePath(request.id), request.input);
        else await api.delete<undefined>(farePath(request.id));
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
      const fares = [
        ...Object.values(pair.fares),
        ...Object.values(pair.categoryFares).flatMap((byType) => Object.values(byType)),
      ];
      for (const fare of fares) await api.delete<undefined>(farePath(fare.id));
    },
    onSettled: refresh,
  });
}
