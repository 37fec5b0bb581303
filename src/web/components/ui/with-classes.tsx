import type { ComponentProps, ElementType } from 'react';
import { cn } from '#web/lib/utils.ts';

/**
 * `Component` drawn with the `base` classes, then the caller's own `className` (which wins where
 * they clash): the styled parts of the dialogs and menus.
 */
export function withClasses<C extends ElementType>(Component: C, base: string) {
  const Element: ElementType = Component;
  return function Styled({ className, ...props }: ComponentProps<C>) {
    return <Element className={cn(base, className)} {...props} />;
  };
}
