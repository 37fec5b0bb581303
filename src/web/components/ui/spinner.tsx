import { Loader2 } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';

/**
 * Work in progress: the one spinner of the app. Decorative (aria-hidden): the text or the
 * busy state next to it says what is happening.
 */
export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden="true" className={cn('animate-spin', className)} />;
}
