import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '#web/lib/utils.ts';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** Visible label; when given the box and the text are wrapped so the whole row is clickable. */
  label?: ReactNode;
  /** Secondary text under the label, linked as the description. */
  description?: ReactNode;
  /** Classes for the wrapping row (only used with a label). */
  containerClassName?: string;
};

const boxClasses =
  'size-4 shrink-0 cursor-pointer rounded border-slate-400 accent-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:cursor-not-allowed disabled:opacity-50';

/** The platform's own checkbox, styled; keyboard and screen-reader support come for free. */
export function Checkbox({ className, label, description, containerClassName, id, ...props }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = `${inputId}-description`;
  if (label === undefined) {
    return <input type="checkbox" id={id} className={cn(boxClasses, className)} {...props} />;
  }
  return (
    <div className={cn('flex items-start gap-3', containerClassName)}>
      <input
        type="checkbox"
        id={inputId}
        aria-describedby={description === undefined ? undefined : descriptionId}
        className={cn(boxClasses, 'peer mt-0.5', className)}
        {...props}
      />
      <div className="grid gap-0.5 peer-disabled:opacity-60">
        <label htmlFor={inputId} className="cursor-pointer text-sm font-medium leading-tight text-slate-800">
          {label}
        </label>
        {description === undefined ? null : (
          <span id={descriptionId} className="text-xs text-slate-600">
            {description}
          </span>
        )}
      </div>
    </div>
  );
}
