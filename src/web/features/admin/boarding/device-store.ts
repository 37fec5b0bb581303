import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Boarding, BoardingManifest, BoardingResult } from '#shared/boarding.ts';

/*
 * What a boarding device keeps in IndexedDB (docs/decisions/024-offline-boarding.md):
 * - manifests: the departures it boards, with only what boarding needs (no e-mail, phone or
 *   nationality), wiped on sign-out, on a 401, and 24 hours after the departure;
 * - queue: boardings not yet sent, which carry no personal data and survive every wipe;
 * - outcomes: what the server said of boardings that did not count (conflicts, refusals);
 * - meta: this device's id.
 */

type QueuedBoarding = Boarding;

/** What the server said of a boarding that did not count, with where it was boarded. */
export type KeptOutcome = BoardingResult & { scheduleId: string; stop?: number };

interface BoardingDb extends DBSchema {
  manifests: { key: string; value: BoardingManifest };
  queue: { key: string; value: QueuedBoarding };
  outcomes: { key: string; value: KeptOutcome };
  meta: { key: string; value: string };
}

const KEEP_AFTER_DEPARTURE_MS = 24 * 3_600_000;

let opening: Promise<IDBPDatabase<BoardingDb>> | null = null;

function database() {
  opening ??= openDB<BoardingDb>('boarding', 1, {
    upgrade(db) {
      db.createObjectStore('manifests');
      db.createObjectStore('queue');
      db.createObjectStore('outcomes');
      db.createObjectStore('meta');
    },
  });
  return opening;
}

/** This device's id, made once: each boarding carries it, so a conflict says which device won. */
export async function deviceId(): Promise<string> {
  const db = await database();
  const kept = await db.get('meta', 'deviceId');
  if (kept) return kept;
  const made = `device-${crypto.randomUUID()}`;
  await db.put('meta', made, 'deviceId');
  return made;
}

export async function saveManifest(manifest: BoardingManifest): Promise<void> {
  await (await database()).put('manifests', manifest, manifest.scheduleId);
}

export async function readManifest(scheduleId: string): Promise<BoardingManifest | undefined> {
  return (await database()).get('manifests', scheduleId);
}

export async function queueBoarding(boarding: QueuedBoarding): Promise<void> {
  await (await database()).put('queue', boarding, boarding.id);
}

export async function queuedBoardings(): Promise<QueuedBoarding[]> {
  return (await database()).getAll('queue');
}

/** Drops sent boardings, and keeps what the server said of those that did not count. */
export async function settleBoardings(results: BoardingResult[], sent: QueuedBoarding[]): Promise<void> {
  const db = await database();
  const tx = db.transaction(['queue', 'outcomes'], 'readwrite');
  const bySent = new Map(sent.map((b) => [b.id, b]));
  for (const r of results) {
    await tx.objectStore('queue').delete(r.id);
    const boarding = bySent.get(r.id);
    if (r.outcome !== 'boarded' && boarding)
      await tx
        .objectStore('outcomes')
        .put({ ...r, scheduleId: boarding.scheduleId, stop: boarding.stop }, r.id);
  }
  await tx.done;
}

export async function outcomesOf(scheduleId: string) {
  return (await (await database()).getAll('outcomes')).filter((o) => o.scheduleId === scheduleId);
}

/** The passengers' data goes; boardings not yet sent stay, to be sent at the next sign-in. */
export async function wipeManifests(): Promise<void> {
  const db = await database();
  await db.clear('manifests');
  await db.clear('outcomes');
}

/** The earliest a wall-clock time can happen anywhere (UTC+14). */
const EARLIEST_ZONE_MS = 14 * 3_600_000;

/**
 * When the departure left, as an instant: the server works it out in the operator's time zone
 * (`departsAt`), so the device's own time zone changes nothing. A copy kept before manifests
 * carried it is taken at the earliest instant its date and time could mean.
 */
function departedAt(manifest: BoardingManifest): number {
  const at = Date.parse(manifest.departsAt ?? '');
  if (Number.isFinite(at)) return at;
  return Date.parse(`${manifest.travelDate}T${manifest.departureTime || '00:00'}Z`) - EARLIEST_ZONE_MS;
}

/** Until when a device may keep (and show) a departure's manifest; NaN for one it cannot date. */
function expiresAt(manifest: BoardingManifest): number {
  return departedAt(manifest) + KEEP_AFTER_DEPARTURE_MS;
}

/** Whether a manifest's time on this device is up (or it cannot be dated). */
export function isExpired(manifest: BoardingManifest, now = Date.now()): boolean {
  return !(expiresAt(manifest) > now);
}

/** Drops the manifests of departures more than 24 hours gone (and any it cannot date). */
export async function wipeExpired(now = Date.now()): Promise<void> {
  const db = await database();
  for (const manifest of await db.getAll('manifests')) {
    if (isExpired(manifest, now)) await db.delete('manifests', manifest.scheduleId);
  }
}

/** The longest an open screen waits before it checks a manifest's expiry again. */
const EXPIRY_RECHECK_MS = 10 * 60_000;

/**
 * Calls `onExpired` once `manifest` expires, for a screen that holds it in memory: the store's
 * own wipe does not reach what a screen left open still shows. A timer set for the expiry would
 * be enough on a clock that keeps time, but a phone asleep fires it late and a clock set forward
 * jumps past it, so it is checked again at least every 10 minutes. Returns the cancel.
 */
export function onManifestExpiry(manifest: BoardingManifest, onExpired: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const left = expiresAt(manifest) - Date.now();
    if (!(left > 0)) {
      onExpired();
      return;
    }
    timer = setTimeout(check, Math.min(left, EXPIRY_RECHECK_MS));
  };
  check();
  return () => clearTimeout(timer);
}
