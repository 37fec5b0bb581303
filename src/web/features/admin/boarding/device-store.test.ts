import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { BoardingManifest } from '#shared/boarding.ts';
import {
  deviceId,
  onManifestExpiry,
  queueBoarding,
  queuedBoardings,
  readManifest,
  saveManifest,
  settleBoardings,
  wipeExpired,
  wipeManifests,
} from './device-store.ts';

// The device's IndexedDB rules (docs/decisions/024), on an in-memory IndexedDB: the browser
// tests exercise the same code in Chromium.

/** A departure at 08:00 in the Maldives (UTC+5), as the server sends it. */
const manifest = (scheduleId: string, travelDate: string, departureTime = '08:00'): BoardingManifest => ({
  scheduleId,
  travelDate,
  departureTime,
  departsAt: new Date(Date.parse(`${travelDate}T${departureTime}:00+05:00`)).toISOString(),
  launches: ['Sea Breeze'],
  stops: [],
  keys: [],
  passengers: [],
  revoked: [],
  generatedAt: new Date().toISOString(),
});
const boarding = (id: string) => ({
  id,
  ticketId: '22222222-2222-4222-8222-222222222222',
  scheduleId: 'today',
  stop: 0,
  persons: 1,
  deliberate: false,
  deviceTime: new Date().toISOString(),
});

describe('what a boarding device keeps', () => {
  it('keeps one device id', async () => {
    const first = await deviceId();
    expect(first).toMatch(/^device-[0-9a-f-]{36}$/);
    expect(await deviceId()).toBe(first);
  });

  it('drops a departure 24 hours after it left, and keeps a later one', async () => {
    // 08:00 in the Maldives is 03:00 UTC, whatever time zone this device (or this run) is set to.
    const departed = Date.parse('2026-11-20T03:00:00Z');
    await saveManifest(manifest('old', '2026-11-20'));
    await saveManifest(manifest('today', '2026-11-21'));
    await wipeExpired(departed + 24 * 3_600_000 - 1);
    expect(await readManifest('old')).toBeDefined();
    await wipeExpired(departed + 24 * 3_600_000 + 1);
    expect(await readManifest('old')).toBeUndefined();
    expect(await readManifest('today')).toBeDefined();
    await wipeManifests();
  });

  it('dates a copy kept before manifests carried the instant at the earliest it could mean', async () => {
    const { departsAt: _dropped, ...old } = manifest('legacy', '2026-11-20');
    await saveManifest(old as BoardingManifest);
    // 08:00 at UTC+14 is 18:00 UTC the day before: gone 24 hours after that.
    const earliest = Date.parse('2026-11-19T18:00:00Z');
    await wipeExpired(earliest + 24 * 3_600_000 - 1);
    expect(await readManifest('legacy')).toBeDefined();
    await wipeExpired(earliest + 24 * 3_600_000 + 1);
    expect(await readManifest('legacy')).toBeUndefined();
  });

  it('wipes the passengers on sign-out, and keeps the boardings not yet sent', async () => {
    await saveManifest(manifest('today', '2026-11-21'));
    await queueBoarding(boarding('b1'));
    await queueBoarding(boarding('b2'));
    await wipeManifests();
    expect(await readManifest('today')).toBeUndefined();
    expect((await queuedBoardings()).map((b) => b.id).sort()).toEqual(['b1', 'b2']);
  });

  it('forgets sent boardings once the server has answered', async () => {
    const sent = await queuedBoardings();
    await settleBoardings(
      sent.map((b) => ({
        id: b.id,
        ticketId: b.ticketId,
        outcome: 'boarded' as const,
        accepted: 1,
        firstBoarding: null,
      })),
      sent,
    );
    expect(await queuedBoardings()).toEqual([]);
  });

  it('tells an open screen to drop a manifest within 10 minutes of its expiry, even after the clock jumps', () => {
    vi.useFakeTimers();
    try {
      // 08:00 in the Maldives on 2026-11-20 is 03:00 UTC: kept until 03:00 UTC the next day.
      const expiry = Date.parse('2026-11-21T03:00:00Z');
      vi.setSystemTime(expiry - 3 * 3_600_000);
      const expired = vi.fn();
      const stop = onManifestExpiry(manifest('old', '2026-11-20'), expired);
      vi.advanceTimersByTime(3 * 3_600_000 - 1);
      expect(expired).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(expired).toHaveBeenCalledTimes(1);
      stop();

      // A phone asleep past the expiry wakes with its clock ahead and its timers late: the next
      // re-check, at most 10 minutes on, finds the copy expired.
      vi.setSystemTime(expiry - 3_600_000);
      const late = vi.fn();
      const stopLate = onManifestExpiry(manifest('old', '2026-11-20'), late);
      vi.setSystemTime(expiry + 60_000);
      vi.advanceTimersByTime(10 * 60_000);
      expect(late).toHaveBeenCalledTimes(1);
      stopLate();

      // A copy already expired goes at once; a stopped watch calls nobody.
      const already = vi.fn();
      onManifestExpiry(manifest('old', '2026-11-20'), already)();
      expect(already).toHaveBeenCalledTimes(1);
      vi.setSystemTime(expiry - 60_000);
      const stopped = vi.fn();
      onManifestExpiry(manifest('old', '2026-11-20'), stopped)();
      vi.advanceTimersByTime(24 * 3_600_000);
      expect(stopped).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
