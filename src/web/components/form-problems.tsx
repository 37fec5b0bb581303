/**
 * What stops a dialog's form from saving: the problems found while typing (announced as they
 * change, and named by the fields' aria-describedby through `id`), then the server's refusal.
 */
export function FormProblems({
  id,
  problems,
  serverError,
}: {
  id: string;
  problems: readonly string[];
  serverError: string | null;
}) {
  return (
    <>
      <div id={id} aria-live="polite">
        {problems.length > 0 && (
          <ul className="grid gap-1 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
      {serverError && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {serverError}
        </p>
      )}
    </>
  );
}
