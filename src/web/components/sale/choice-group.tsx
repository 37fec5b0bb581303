import { Check } from 'lucide-react';

/**
 * One choice of a few, as large buttons for a finger (native radios: arrow keys move between
 * them). The chosen one is filled and ticked, so colour is not the only sign.
 */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid auto-cols-fr grid-flow-col gap-2">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className="flex h-11 cursor-pointer items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2 text-center text-sm font-semibold text-slate-900 has-checked:border-sky-700 has-checked:bg-sky-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-sky-700"
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
              />
              {checked && <Check aria-hidden="true" className="size-4 shrink-0" />}
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
