import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

/**
 * One fact of a card's description list, shown as an icon and a value: the term is the icon's
 * name for screen readers ("Departure", "Launches").
 */
export function IconFact({
  icon: Icon,
  term,
  className,
  valueClassName,
  children,
}: {
  icon: LucideIcon;
  term: string;
  className?: string;
  valueClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <dt>
        <Icon aria-hidden="true" className="size-4 text-slate-500" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
