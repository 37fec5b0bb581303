import { Store } from 'lucide-react';
import type { SaleChannel } from '#shared/constants.ts';
import { Badge } from './ui/badge.tsx';

/** Marks a ticket sold at the counter on the jetty; an online booking shows nothing. */
export function ChannelBadge({ channel }: { channel: SaleChannel }) {
  if (channel !== 'counter') return null;
  return (
    <Badge variant="purple" data-channel="counter">
      <Store aria-hidden="true" className="size-3.5" />
      <span className="sr-only">Sold at: </span>
      <span>Counter</span>
    </Badge>
  );
}
