import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTrip, TripPassengers } from '#shared/admin-api.ts';
import type {
  CancelDeparture,
  CancelPreview,
  CancelReason,
  DelayDeparture,
  DelayPreview,
  DelayResult,
  Disruption,
  MoveDeparture,
  MovePlan,
} from '#shared/disruptions.ts';
import { MSG } from '#shared/messages/api.ts';
import { api } from '#web/lib/api-client.ts';
import { useStaffMutation } from '#web/lib/staff-mutation.ts';
import { toast } from '#web/lib/toast.ts';

// Under ['admin', 'trips']: the live-events hook refreshes them when a ticket or schedule changes.
export const tripListQuery = (date: string) =>
  queryOptions({
    queryKey: ['admin', 'trips', { date }],
    queryFn: ({ signal }) =>
      api.get<{ trips: AdminTrip[] }>(`/api/admin/trips?date=${encodeURIComponent(date)}`, { signal }),
    staleTime: 10_000,
  });

export const tripPassengersQuery = (scheduleId: string) =>
  queryOptions({
    queryKey: ['admin', 'trips', scheduleId, 'passengers'],
    queryFn: ({ signal }) =>
      api.get<TripPassengers>(`/api/admin/trips/${encodeURIComponent(scheduleId)}/passengers`, { signal }),
    staleTime: 10_000,
  });

export const manifestUrl = (scheduleId: string) =>
  `/api/admin/trips/${encodeURIComponent(scheduleId)}/manifest.csv`;

export type TripStatus = 'scheduled' | 'completed';

export function useTripStatus(scheduleId: string) {
  return useStaffMutation({
    mutationFn: (status: TripStatus) =>
      api.post<AdminTrip>(`/api/admin/schedules/${encodeURIComponent(scheduleId)}/status`, { status }),
    done: (_trip, status) => MSG.tripMarked(status),
    failed: MSG.tripStatusFailed,
    refresh: [
      ['admin', 'trips'],
      ['admin', 'dashboard'],
    ],
  });
}

/** The reason and note a preview writes its sample messages with (none without a reason). */
export type PreviewWhy = { reason?: CancelReason | undefined; note?: string | undefined };

/** A preview's address: its query's parameters, left out when empty. */
const previewUrl = (scheduleId: string, kind: string, params: Record<string, string | undefined>) => {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return `/api/admin/trips/${encodeURIComponent(scheduleId)}/${kind}-preview${query ? `?${query}` : ''}`;
};

// Not under ['admin', 'trips']: the refetch after a cancel would ask for the preview of a
// departure that is no longer cancellable. Asked afresh each time the dialog opens; while the
// reason or note changes, the last answer stays shown until the new one comes.
export const cancelPreviewQuery = (scheduleId: string, why: PreviewWhy = {}) =>
  queryOptions({
    queryKey: ['admin', 'cancel-preview', scheduleId, why],
    queryFn: ({ signal }) => api.get<CancelPreview>(previewUrl(scheduleId, 'cancel', why), { signal }),
    staleTime: 0,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });

/** Who a delay reaches and, for times it would take, what they are told. Like the cancel's. */
export const delayPreviewQuery = (scheduleId: string, why: PreviewWhy & { times?: (string | null)[] }) =>
  queryOptions({
    queryKey: ['admin', 'delay-preview', scheduleId, why],
    queryFn: ({ signal }) =>
      api.get<DelayPreview>(
        previewUrl(scheduleId, 'delay', {
          times: why.times?.map((t) => t ?? '').join(','),
          reason: why.reason,
          note: why.note,
        }),
        { signal },
      ),
    staleTime: 0,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });

export function useCancelDeparture(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelDeparture) =>
      api.post<CancelPreview>(`/api/admin/trips/${encodeURIComponent(scheduleId)}/cancel`, body),
    onSuccess: (done) => {
      const refunds = done.refunds.reduce((sum, r) => sum + r.count, 0);
      toast.success(
        `Departure cancelled: ${done.passengers.length} ${done.passengers.length === 1 ? 'passenger' : 'passengers'} told, ${refunds} ${refunds === 1 ? 'refund' : 'refunds'} requested`,
      );
      refreshAfterDisruption(queryClient);
    },
  });
}

/** The disruptions of one departure, newest first: refreshed with the trip. */
export const tripDisruptionsQuery = (scheduleId: string) =>
  queryOptions({
    queryKey: ['admin', 'trips', scheduleId, 'disruptions'],
    queryFn: ({ signal }) =>
      api.get<{ disruptions: Disruption[] }>(
        `/api/admin/trips/${encodeURIComponent(scheduleId)}/disruptions`,
        { signal },
      ),
    staleTime: 10_000,
  });

/**
 * What a disruption changes: the trips and the schedules (it may be made from either screen),
 * their bookings, the dashboard's counts, the refunds.
 */
function refreshAfterDisruption(queryClient: ReturnType<typeof useQueryClient>) {
  for (const queryKey of [
    ['admin', 'trips'],
    ['admin', 'schedules'],
    ['admin', 'tickets'],
    ['admin', 'dashboard'],
    ['admin', 'refunds'],
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function useDelayDeparture(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DelayDeparture) =>
      api.post<DelayResult>(`/api/admin/trips/${encodeURIComponent(scheduleId)}/delay`, body),
    onSuccess: (done) => {
      toast.success(
        `Departure delayed: ${done.bookings} ${done.bookings === 1 ? 'passenger' : 'passengers'} told`,
      );
      refreshAfterDisruption(queryClient);
    },
  });
}

// Like the cancel's preview: asked afresh each time, never kept. A new departure to move to
// shows nothing of the last one's plan.
export const movePreviewQuery = (scheduleId: string, to: string, why: PreviewWhy = {}) =>
  queryOptions({
    queryKey: ['admin', 'move-preview', scheduleId, to, why],
    queryFn: ({ signal }) => api.get<MovePlan>(previewUrl(scheduleId, 'move', { to, ...why }), { signal }),
    staleTime: 0,
    gcTime: 0,
    placeholderData: (previous, query) => (query?.queryKey[3] === to ? previous : undefined),
  });

export function useMoveBookings(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MoveDeparture) =>
      api.post<MovePlan>(`/api/admin/trips/${encodeURIComponent(scheduleId)}/move`, body),
    onSuccess: (done) => {
      toast.success(`Bookings moved: ${done.moves.length} moved, ${done.cannotMove.length} cancelled`);
      refreshAfterDisruption(queryClient);
    },
  });
}
