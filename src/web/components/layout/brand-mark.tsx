import { Ship } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';

type BrandMarkProps = { logoUrl: string | null; className?: string };

/** The uploaded logo, or a ship badge until one is set. Decorative: the app name is always next to it. */
export function BrandMark({ logoUrl, className }: BrandMarkProps) {
  if (logoUrl) {
    return (
      <img
        src={logoUrl}
        alt=""
        width={36}
        height={36}
        className={cn('size-9 rounded-lg object-contain', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-9 place-items-center rounded-lg bg-gradient-to-br from-sky-500 to-sky-700 text-white shadow-sm',
        className,
      )}
    >
      <Ship className="size-5" strokeWidth={2.25} />
    </span>
  );
}
