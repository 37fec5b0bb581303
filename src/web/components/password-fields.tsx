import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/** What stops a password form: the field it is about (none: the form as a whole) and what it says. */
export type PasswordProblem<Name extends string> = { field: Name | null; message: string } | null;

/**
 * The state and the fields of a password form (the Settings screen's change, an invitation's or
 * a reset link's new password): the values typed and the one problem. A problem about a field is
 * said under that field, which is marked invalid, described by it and given the focus; a problem
 * about the form as a whole is the form's alert (`alert`, placed by the form).
 */
export function usePasswordFields<Name extends string>(empty: Record<Name, string>) {
  const id = useId();
  const [values, setValues] = useState(empty);
  const [problem, setProblemState] = useState<PasswordProblem<Name>>(null);
  // Bumped by each problem found, so the same problem found twice takes the focus again.
  const [shown, setShown] = useState(0);
  const inputs = useRef(new Map<Name, HTMLInputElement>());
  const errorId = `${id}-error`;

  const setProblem = (next: PasswordProblem<Name>) => {
    setProblemState(next);
    if (next) setShown((n) => n + 1);
  };

  // After the render that shows the problem: the field it is about takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` changes with each problem set.
  useEffect(() => {
    if (problem?.field) inputs.current.get(problem.field)?.focus();
  }, [shown]);

  /** One password field: its label, the input, a hint and its problem under it. */
  const field = (name: Name, label: string, autoComplete: string, hint?: string) => {
    const inputId = `${id}-${name}`;
    const hintId = `${inputId}-hint`;
    const fieldErrorId = `${inputId}-error`;
    const isAbout = problem?.field === name;
    return (
      <div className="space-y-2">
        <Label htmlFor={inputId}>{label}</Label>
        <Input
          ref={(element) => {
            if (element) inputs.current.set(name, element);
            else inputs.current.delete(name);
          }}
          id={inputId}
          type="password"
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => setValues((old) => ({ ...old, [name]: event.target.value }))}
          aria-invalid={isAbout ? true : undefined}
          aria-describedby={
            [hint ? hintId : null, isAbout ? fieldErrorId : null].filter(Boolean).join(' ') || undefined
          }
        />
        {hint ? (
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
        {isAbout ? (
          <p id={fieldErrorId} role="alert" className="text-sm text-red-800">
            {problem.message}
          </p>
        ) : null}
      </div>
    );
  };

  const alert =
    problem && !problem.field ? (
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
