import { useSyncExternalStore } from 'react';
import { type AdminTicket, APPROVAL_UNDO_SECONDS } from '#shared/admin-api.ts';

/** The approval that can still be taken back: the last one made in this tab. */
export type Undoable = { ticketId: string; reference: string; until: number };

// The server counts its window from the moment it approved; the answer reaches us a little
// later, so the offer ends a little earlier than the window does.
const MARGIN_MS = 2_000;

let current: Undoable | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: Undoable | null) {
  current = next;
  clearTimeout(timer);
  if (next) timer = setTimeout(() => set(null), next.until - Date.now());
  for (const listener of listeners) listener();
}

export function offerUndo(ticket: AdminTicket): void {
  set({
    ticketId: ticket.id,
    reference: ticket.reference,
    until: Date.now() + APPROVAL_UNDO_SECONDS * 1000 - MARGIN_MS,
  });
}

export function clearUndo(ticketId: string): void {
  if (current?.ticketId === ticketId) set(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The approval that can still be undone, or null once its time is up. */
export function useUndoable(): Undoable | null {
  return useSyncExternalStore(subscribe, () => current);
}
