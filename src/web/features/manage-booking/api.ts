import { queryOptions } from '@tanstack/react-query';
import { SEAT_LOCK_REFRESH_MS } from '#shared/constants.ts';
import { isLanguage } from '#shared/languages.ts';
import {
  MANAGE_GRANT_HEADER,
  MANAGE_LINK_HEADER,
  type ManageRebookQuote,
  type ManageRebookRequest,
  type ManageVerifyResponse,
  type ManageView,
  type RefundAccount,
} from '#shared/manage-api.ts';
import type { SeatMap, Trip, TripLaunch } from '#shared/schemas.ts';
import { i18n } from '#web/i18n/catalogue.ts';
import { api } from '#web/lib/api-client.ts';

// The manage page's calls (#shared/manage-api.ts, docs/decisions/027), and the public trip
// search and seat map it needs to find another departure: a few lines of the booking wizard's
// own, which a feature may not import.

const manageUrl = (reference: string, action = '') =>
  `/api/bookings/${encodeURIComponent(reference)}/manage${action ? `/${action}` : ''}`;

/** What a change carries: the link that opened the page and the grant of a proved code. */
export type Access = { link: string; grant: string };

/** Which journey of a return a change acts on (docs/decisions/037): 1 the outbound, 2 the way back. */
export type ManageJourney = 1 | 2;

const changeHeaders = ({ link, grant }: Access) => ({
  [MANAGE_LINK_HEADER]: link,
  [MANAGE_GRANT_HEADER]: grant,
});

/**
 * The booking as the page shows it. The link only authorises: the booking is the same whichever
 * link reads it, so the key leaves it out (a link renewed by a code keeps the booking on screen).
 */
export const manageViewQuery = (reference: string, link: string) =>
  queryOptions({
    queryKey: ['manage', reference],
    queryFn: ({ signal }) =>
      api.get<ManageView>(manageUrl(reference), { signal, headers: { [MANAGE_LINK_HEADER]: link } }),
  });

/** The same answer whether or not the reference exists; 429 past the per-reference limits. */
export const sendManageCode = (reference: string) =>
  api.post<{ accepted: true }>(manageUrl(reference, 'code'), {
    language: isLanguage(i18n.locale) ? i18n.locale : undefined,
  });

export const verifyManageCode = (reference: string, code: string) =>
  api.post<ManageVerifyResponse>(manageUrl(reference, 'verify'), { code });

export const cancelBooking = (
  reference: string,
  access: Access,
  body: { requestId: string; account?: RefundAccount; journey?: ManageJourney | 'both' },
) => api.post<ManageView>(manageUrl(reference, 'cancel'), body, { headers: changeHeaders(access) });

export const renamePassenger = (
  reference: string,
  access: Access,
  body: { requestId: string; passengerName: string },
) => api.post<ManageView>(manageUrl(reference, 'name'), body, { headers: changeHeaders(access) });

export const saveRefundAccount = (
  reference: string,
  access: Access,
  body: { requestId: string; account: RefundAccount },
) => api.post<ManageView>(manageUrl(reference, 'refund-account'), body, { headers: changeHeaders(access) });

/** A dearer departure goes as multipart, with the slip for the difference. */
export function rebookBooking(
  reference: string,
  access: Access,
  body: ManageRebookRequest,
  slip: Blob | null,
) {
  let payload: ManageRebookRequest | FormData = body;
  if (slip) {
    payload = new FormData();
    payload.append('rebook', JSON.stringify(body));
    payload.append('slip', slip, 'slip.webp');
  }
  return api.post<ManageView>(manageUrl(reference, 'rebook'), payload, { headers: changeHeaders(access) });
}

/**
 * The slip of a booking sent to pay later (docs/decisions/040-pay-later.md), while it waits for
 * its transfer: multipart, the request in `slip-request` and the image in `slip`.
 */
export function addSlip(reference: string, access: Access, body: { requestId: string }, slip: Blob) {
  const form = new FormData();
  form.append('slip-request', JSON.stringify(body));
  form.append('slip', slip, 'slip.webp');
  return api.post<ManageView>(manageUrl(reference, 'slip'), form, { headers: changeHeaders(access) });
}

/** The price of a departure for this booking's party; it only reads, so it is a query. */
export const rebookQuoteQuery = (
  reference: string,
  link: string,
  scheduleId: string,
  travelDate: string,
  journey?: ManageJourney,
) =>
  queryOptions({
    queryKey: ['manage-quote', reference, scheduleId, travelDate, journey ?? 1],
    queryFn: ({ signal }) =>
      api.post<ManageRebookQuote>(
        manageUrl(reference, 'rebook-quote'),
        { scheduleId, travelDate, ...(journey ? { journey } : {}) },
        { signal, headers: { [MANAGE_LINK_HEADER]: link } },
      ),
  });

export const tripsQuery = (date: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['trips', date, from, to],
    queryFn: ({ signal }) =>
      api.get<Trip[]>(`/api/trips?${new URLSearchParams({ date, from, to })}`, { signal }),
  });

/**
 * The booking's own From and To: a seat is sold for the legs between them, so the other
 * departure's free seats and seat map are read for that stretch of it.
 */
export type Stretch = { originId: string; destinationId: string };

/** The stretch as query parameters; none when the booking names no stops (the whole departure). */
const stretchParams = ({ originId, destinationId }: Stretch): Record<string, string> =>
  originId && destinationId ? { originId, destinationId } : {};

export const launchesQuery = (scheduleId: string, date: string, stretch: Stretch) =>
  queryOptions({
    queryKey: ['trip-launches', scheduleId, date, stretch.originId, stretch.destinationId],
    queryFn: ({ signal }) =>
      api.get<TripLaunch[]>(
        `/api/trips/${scheduleId}/launches?${new URLSearchParams({ date, ...stretchParams(stretch) })}`,
        { signal },
      ),
  });

/** The seats as any visitor sees them: nothing is held while the passenger chooses. */
export const seatMapQuery = (scheduleId: string, date: string, launchId: string, stretch: Stretch) =>
  queryOptions({
    queryKey: ['seat-map', scheduleId, date, launchId, stretch.originId, stretch.destinationId, 'manage'],
    queryFn: ({ signal }) =>
      api.get<SeatMap>(
        `/api/trips/${scheduleId}/seats?${new URLSearchParams({ date, launchId, ...stretchParams(stretch) })}`,
        { signal },
      ),
    refetchInterval: SEAT_LOCK_REFRESH_MS,
  });
