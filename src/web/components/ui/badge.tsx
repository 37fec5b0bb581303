import type { ComponentProps } from 'react';
import { cn, type VariantProps, variants } from '#web/lib/utils.ts';

export const badgeVariants = variants(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-sky-100 text-sky-900',
        success: 'border-transparent bg-green-100 text-green-900',
        warning: 'border-transparent bg-amber-100 text-amber-900',
        orange: 'border-transparent bg-orange-100 text-orange-900',
        destructive: 'border-transparent bg-red-100 text-red-900',
        purple: 'border-transparent bg-purple-100 text-purple-900',
        outline: 'border-slate-300 text-slate-800',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
