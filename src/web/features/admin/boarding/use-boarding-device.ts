import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Boarding, BoardingManifest } from '#shared/boarding.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import {
  isExpired,
  type KeptOutcome,
  onManifestExpiry,
  outcomesOf,
  queueBoarding,
  queuedBoardings,
  readManifest,
  saveManifest,
  wipeExpired,
  wipeManifests,
} from './device-store.ts';
import { QUEUE_CHANGED, sendQueued } from './sync.ts';

const REFRESH_MS = 30_000;

export const boardingManifestQuery = (scheduleId: string) => ({
  queryKey: ['admin', 'boarding', 'manifest', scheduleId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<BoardingManifest>(`/api/admin/boarding/${encodeURIComponent(scheduleId)}/manifest`, { signal }),
});

/** Whether the browser believes it is online; the badge and the sync follow it. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

/**
 * One departure on this device: its manifest (the network's when it answers, else the copy kept
 * in IndexedDB), this device's boardings not yet sent, and what the server said of those that
 * did not count. Boarding queues first and sends when it can, so it works with no signal.
 * 24 hours after the departure the manifest goes from memory as from the store, even on a
 * screen left open (`expired`); the boardings not yet sent stay and are still sent.
 */
export function useBoardingDevice(scheduleId: string) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [kept, setKept] = useState<BoardingManifest | null | undefined>(undefined);
  const [expired, setExpired] = useState(false);
  const [queue, setQueue] = useState<Boarding[]>([]);
  const [outcomes, setOutcomes] = useState<KeptOutcome[]>([]);
  const fresh = useQuery({
    ...boardingManifestQuery(scheduleId),
    networkMode: 'always',
    retry: false,
    enabled: !expired,
    refetchInterval: online && !expired ? REFRESH_MS : false,
  });

  const reloadQueue = useCallback(async () => {
    setQueue((await queuedBoardings()).filter((b) => b.scheduleId === scheduleId));
    setOutcomes(await outcomesOf(scheduleId));
  }, [scheduleId]);

  useEffect(() => {
    let live = true;
    void (async () => {
      await wipeExpired();
      const stored = await readManifest(scheduleId);
      // The kept copy only stands in until the network answers: on a busy device the server's
      // manifest can arrive first, and must not be replaced by an older copy, or by none.
      if (live) setKept((current) => current ?? (stored && !isExpired(stored) ? stored : null));
    })();
    void reloadQueue();
    return () => {
      live = false;
    };
  }, [scheduleId, reloadQueue]);

  useEffect(() => {
    if (!fresh.data) return;
    // A server that still answers (its day not over, or this device's clock ahead) does not
    // bring back what this device may no longer hold.
    if (isExpired(fresh.data)) setExpired(true);
    else {
      setKept(fresh.data);
      void saveManifest(fresh.data);
    }
  }, [fresh.data]);

  useEffect(() => {
    if (!kept) return;
    return onManifestExpiry(kept, () => {
      setExpired(true);
      setKept(null);
      queryClient.removeQueries({ queryKey: boardingManifestQuery(scheduleId).queryKey, exact: true });
      void wipeExpired();
    });
  }, [kept, queryClient, scheduleId]);

  useEffect(() => {
    if (fresh.error instanceof ApiError && fresh.error.status === 401) {
      void wipeManifests();
      setKept(null);
    }
  }, [fresh.error]);

  useEffect(() => {
    const onChange = () => void reloadQueue();
    window.addEventListener(QUEUE_CHANGED, onChange);
    return () => window.removeEventListener(QUEUE_CHANGED, onChange);
  }, [reloadQueue]);

  // Back online (or at the next sign-in): send what waits, then fetch the manifest again.
  const { refetch } = fresh;
  useEffect(() => {
    if (!online) return;
    void sendQueued().then(() => (expired ? undefined : refetch()));
  }, [online, refetch, expired]);

  const board = useCallback(
    async (boarding: Omit<Boarding, 'id' | 'deviceTime' | 'scheduleId'>) => {
      await queueBoarding({
        ...boarding,
        id: crypto.randomUUID(),
        scheduleId,
        deviceTime: new Date().toISOString(),
      });
      await reloadQueue();
      if (navigator.onLine) void sendQueued().then(() => refetch());
    },
    [scheduleId, reloadQueue, refetch],
  );

  const manifest = kept ?? null;
  return {
    manifest,
    expired,
    loading: !expired && (kept === undefined || (kept === null && fresh.isPending)),
    error: kept === null && !expired ? fresh.error : null,
    online,
    queue,
    outcomes,
    board,
    refresh: refetch,
  };
}
