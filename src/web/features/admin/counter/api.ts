import { queryOptions } from '@tanstack/react-query';
import type {
  CashUp,
  CounterDay,
  CounterLock,
  CounterSale,
  CounterSaleRequest,
  PerCurrency,
} from '#shared/counter.ts';
import type { SeatMap } from '#shared/schemas.ts';
import { api } from '#web/lib/api-client.ts';

// Under ['admin', 'trips']: a booking or a schedule changed elsewhere (the live events of
// use-admin-events.ts) refetches the departures and the seat maps the counter shows.
export const counterDayQuery = (date: string | null) =>
  queryOptions({
    queryKey: ['admin', 'trips', 'counter', date ?? 'today'],
    queryFn: ({ signal }) =>
      api.get<CounterDay>(`/api/admin/counter/departures${date ? `?${new URLSearchParams({ date })}` : ''}`, {
        signal,
      }),
  });

/**
 * A launch on a departure, seen from the sale's From -> To: a seat sold for other legs is free
 * for this one.
 */
export type SeatsWhere = {
  scheduleId: string;
  date: string;
  launchId: string;
  originId: string;
  destinationId: string;
};

/** Another seller's or an online passenger's hold shows up within this time without a tap. */
const SEAT_MAP_REFRESH_MS = 10_000;

export const counterSeatsQuery = (where: SeatsWhere) =>
  queryOptions({
    queryKey: [
      'admin',
      'trips',
      'counter-seats',
      where.scheduleId,
      where.date,
      where.launchId,
      where.originId,
      where.destinationId,
    ],
    queryFn: ({ signal }) =>
      api.get<SeatMap>(`/api/admin/counter/seats?${new URLSearchParams(where)}`, { signal }),
    refetchInterval: SEAT_MAP_REFRESH_MS,
  });

export const shiftQuery = queryOptions({
  queryKey: ['admin', 'counter', 'shift'],
  queryFn: ({ signal }) => api.get<{ shift: CashUp | null }>('/api/admin/counter/shift', { signal }),
});

export const saleQuery = (ticketId: string) =>
  queryOptions({
    queryKey: ['admin', 'tickets', 'counter-sale', ticketId],
    queryFn: ({ signal }) =>
      api.get<CounterSale>(`/api/admin/counter/sales/${encodeURIComponent(ticketId)}`, { signal }),
  });

export const lockSeats = (lock: CounterLock) =>
  api.post<{ lockedUntil: string }>('/api/admin/counter/locks', lock);

export const releaseSeats = (lock: CounterLock) => api.delete<unknown>('/api/admin/counter/locks', lock);

export const sell = (sale: CounterSaleRequest) => api.post<CounterSale>('/api/admin/counter/sales', sale);

export const openShift = (floats: PerCurrency) => api.post<CashUp>('/api/admin/counter/shift', { floats });

export const closeShift = (counted: PerCurrency, note: string) =>
  api.post<CashUp>('/api/admin/counter/shift/close', { counted, ...(note.trim() ? { note } : {}) });
