import { Children, type ComponentProps, cloneElement, isValidElement, type ReactElement } from 'react';
import { cn, type VariantProps, variants } from '#web/lib/utils.ts';

export const buttonVariants = variants(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-sky-700 text-white shadow-sm hover:bg-sky-800',
        secondary: 'bg-sky-100 text-sky-900 hover:bg-sky-200',
        outline: 'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-100',
        ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
        link: 'text-sky-700 underline-offset-4 hover:underline',
        // For dark ocean backgrounds such as the home hero.
        light: 'bg-white text-sky-900 shadow-sm hover:bg-sky-50 focus-visible:outline-white',
        'outline-light':
          'border border-white/70 bg-white/5 text-white hover:bg-white/15 focus-visible:outline-white',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-12 px-6 text-base [&_svg]:size-5',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (a link, usually) with the button's look. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) {
    const child = Children.only(props.children);
    if (!isValidElement<{ className?: string }>(child)) throw new Error('Button asChild needs one element');
    const { children: _children, ...rest } = props;
    return cloneElement(child as ReactElement<Record<string, unknown>>, {
      ...rest,
      className: cn(buttonVariants({ variant, size }), className, child.props.className),
    });
  }
  return (
    <button type={type ?? 'button'} className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}
