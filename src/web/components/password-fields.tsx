import { type FormEvent, useId, useState } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/** What stops a password form: the field it is about (none: the form as a whole) and what it says. */
export type PasswordProblem<Name extends string> = { field: Name | null; message: string } | null;

/**
 * The state and the fields of a password form (the Settings screen's change, an invitation's or
 * a reset link's new password): the values typed, the one problem, each field marked invalid and
 * described by that problem when it is about it, and the problem's alert.
 */
export function usePasswordFields<Name extends string>(empty: Record<Name, string>) {
  const id = useId();
  const [values, setValues] = useState(empty);
  const [problem, setProblem] = useState<PasswordProblem<Name>>(null);
  const errorId = `${id}-error`;

  /** One password field: its label, the input, and a hint under it when there is one. */
  const field = (name: Name, label: string, autoComplete: string, hint?: string) => {
    const inputId = `${id}-${name}`;
    const hintId = `${inputId}-hint`;
    const isAbout = problem?.field === name;
    return (
      <div className="space-y-2">
        <Label htmlFor={inputId}>{label}</Label>
        <Input
          id={inputId}
          type="password"
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => setValues((old) => ({ ...old, [name]: event.target.value }))}
          aria-invalid={isAbout ? true : undefined}
          aria-describedby={
            [hint ? hintId : null, isAbout ? errorId : null].filter(Boolean).join(' ') || undefined
          }
        />
        {hint ? (
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    );
  };

  const alert = problem ? (
    <p
      id={errorId}
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {problem.message}
    </p>
  ) : null;

  /** The form's submit: the values are checked first (`check`); a problem stops them, else `send` takes them. */
  const submit =
    (
      check: (typed: Record<Name, string>) => PasswordProblem<Name>,
      send: (typed: Record<Name, string>) => void,
    ) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const found = check(values);
      setProblem(found);
      if (!found) send(values);
    };

  return { values, clear: () => setValues(empty), setProblem, field, alert, submit };
}
