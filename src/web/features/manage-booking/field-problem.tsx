/** A field's problem, said under it (its id names it in the field's aria-describedby). */
export function FieldProblem({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="text-sm text-red-800">
      {message}
    </p>
  ) : null;
}

/** What a group of controls in error carries: marked invalid and described by its problem. */
export const problemProps = (id: string, message: string | undefined) =>
  message ? { 'aria-invalid': true as const, 'aria-describedby': id } : {};
