import { type ReactNode, useRef } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { useFocusOnStepChange } from './step-focus.ts';

/** The frame of every step: its title as the page's second-level heading, then the content. */
export function StepCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnStepChange(heading);
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <h2
          ref={heading}
          tabIndex={-1}
          className="outline-none text-xl font-semibold text-slate-900 sm:text-2xl"
        >
          {title}
        </h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
      {footer ? (
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 p-4 sm:flex-row sm:justify-between sm:p-6">
          {footer}
        </div>
      ) : null}
    </Card>
  );
}
