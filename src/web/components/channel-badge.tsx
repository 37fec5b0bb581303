import { Handshake, Store } from 'lucide-react';
import type { SaleChannel } from '#shared/constants.ts';
import { Badge } from './ui/badge.tsx';

/**
 * Marks a ticket sold at the counter on the jetty, or booked on a partner's account (with the
 * partner's name when known); an online booking shows nothing.
 */
export function ChannelBadge({
  channel,
  partnerName,
}: {
  channel: SaleChannel;
  partnerName?: string | null | undefined;
}) {
  if (channel === 'counter') {
    return (
      <Badge variant="purple" data-channel="counter">
        <Store aria-hidden="true" className="size-3.5" />
        <span className="sr-only">Sold at: </span>
        <span>Counter</span>
      </Badge>
    );
  }
  if (channel !== 'partner') return null;
  return (
    <Badge
      variant="outline"
      data-channel="partner"
      className="max-w-full min-w-0"
      title={partnerName ?? undefined}
    >
      <Handshake aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">Booked by: </span>
      <span className="truncate">
        Partner{partnerName ? <span className="font-normal"> · {partnerName}</span> : null}
      </span>
    </Badge>
  );
}
