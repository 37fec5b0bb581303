import type { BoardingResult } from '#shared/boarding.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { deviceId, queuedBoardings, settleBoardings, wipeManifests } from './device-store.ts';

/** Fired on window whenever this device's queue or outcomes change. */
export const QUEUE_CHANGED = 'boarding-queue-changed';

let sending: Promise<void> | null = null;

/**
 * Sends every boarding this device has not sent yet. Idempotent on the server (each boarding
 * has the device's id), so a send cut off halfway is simply sent again. One send at a time; a
 * 401 wipes the passengers' data but keeps the queue for the next sign-in.
 */
export function sendQueued(): Promise<void> {
  sending ??= (async () => {
    try {
      const queued = await queuedBoardings();
      if (queued.length === 0) return;
      const device = await deviceId();
      const { results } = await api.post<{ results: BoardingResult[] }>('/api/admin/boarding/sync', {
        deviceId: device,
        boardings: queued.slice(0, 500),
      });
      await settleBoardings(results, queued);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await wipeManifests();
      // Offline or a server error: the queue stays and goes with the next attempt.
    } finally {
      sending = null;
      window.dispatchEvent(new Event(QUEUE_CHANGED));
    }
  })();
  return sending;
}
