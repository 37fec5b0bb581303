import { keepFilesOffline } from '#web/lib/keep-offline.ts';

/** The cache the service worker serves offline (src/web/sw.ts): e-tickets opened on this device. */
const TICKETS = 'e-tickets';

/**
 * Keeps an opened e-ticket for a jetty with no signal: its answer and the files its page loaded
 * beyond the shell. Only the e-ticket page calls this, so admin code and other answers are
 * never kept here.
 */
export function keepOffline(token: string): Promise<void> {
  return keepFilesOffline(TICKETS, [`/api/t/${encodeURIComponent(token)}`]);
}
