import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Boarding, BoardingManifest } from '#shared/boarding.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import {
  type KeptOutcome,
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
 */
export function useBoardingDevice(scheduleId: string) {
  const online = useOnline();
  const [kept, setKept] = useState<BoardingManifest | null | undefined>(undefined);
  const [queue, setQueue] = useState<Boarding[]>([]);
  const [outcomes, setOutcomes] = useState<KeptOutcome[]>([]);
  const fresh = useQuery({
    ...boardingManifestQuery(scheduleId),
    networkMode: 'always',
    retry: false,
    refetchInterval: online ? REFRESH_MS : false,
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
      if (live) setKept((current) => current ?? stored ?? null);
    })();
    void reloadQueue();
    return () => {
      live = false;
    };
  }, [scheduleId, reloadQueue]);

  useEffect(() => {
    if (fresh.data) {
      setKept(fresh.data);
      void saveManifest(fresh.data);
    }
  }, [fresh.data]);

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
    void sendQueued().then(() => refetch());
  }, [online, refetch]);

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
    loading: kept === undefined || (kept === null && fresh.isPending),
    error: kept === null ? fresh.error : null,
    online,
    queue,
    outcomes,
    board,
    refresh: refetch,
  };
}
