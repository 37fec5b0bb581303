import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminMeQuery } from './use-admin-auth.ts';

const TICKET_KEYS = [
  ['admin', 'tickets'],
  ['admin', 'dashboard'],
  ['admin', 'trips'],
  // A cancel or a move queues refunds; a refunded marking closes one.
  ['admin', 'refunds'],
] as const;
const SCHEDULE_KEYS = [
  ['admin', 'trips'],
  ['admin', 'dashboard'],
] as const;

/**
 * Keeps the admin screens live: one Server-Sent Events stream while the admin layout is
 * mounted; a ticket or schedule change elsewhere refetches the queries that show it.
 * EventSource reconnects by itself after a dropped connection, so errors are not handled here
 * (and not logged: a server restart is not a page error).
 */
export function useAdminEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/admin/events');
    const invalidate = (keys: readonly (readonly string[])[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const onTicket = () => invalidate(TICKET_KEYS);
    const onSchedule = () => invalidate(SCHEDULE_KEYS);
    // Someone boarded, or boarding closed at a stop: boarding screens and Ticketing's counts.
    const onBoarding = () =>
      invalidate([
        ['admin', 'boarding'],
        ['admin', 'trips'],
      ]);
    // This person's access changed (deactivated, a new role, a password reset): who is signed in,
    // and with which permissions, is asked again, and the layout follows the answer.
    const onSession = () => void queryClient.invalidateQueries({ queryKey: adminMeQuery.queryKey });
    // Changes made while the stream was down are not replayed: refetch after a reconnect.
    let opened = false;
    const onOpen = () => {
      if (opened) invalidate(TICKET_KEYS);
      opened = true;
    };
    source.addEventListener('open', onOpen);
    source.addEventListener('ticket', onTicket);
    source.addEventListener('schedule', onSchedule);
    source.addEventListener('boarding', onBoarding);
    source.addEventListener('session', onSession);
    return () => {
      source.removeEventListener('session', onSession);
      source.removeEventListener('open', onOpen);
      source.removeEventListener('ticket', onTicket);
      source.removeEventListener('schedule', onSchedule);
      source.removeEventListener('boarding', onBoarding);
      source.close();
    };
  }, [queryClient]);
}
