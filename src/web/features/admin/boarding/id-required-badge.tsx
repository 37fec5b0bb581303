import { IdCard } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';

/**
 * The amber "ID required" of a party with a concession that needs an ID shown at boarding
 * (docs/decisions/036-fare-categories.md): on its row of the list and on its check.
 */
export function IdRequiredBadge({ className }: { className?: string }) {
  return (
    <span
      data-testid="id-required"
      className={cn(
        'inline-flex items-center gap-1 rounded bg-amber-200 px-2 py-0.5 text-sm font-semibold text-amber-950',
        className,
      )}
    >
      <IdCard aria-hidden="true" className="size-4" />
      ID required
    </span>
  );
}
