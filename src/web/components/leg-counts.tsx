/** Persons on board per leg of a departure: passengers plus crew, with both named. */
export function LegCounts({
  legs,
  testId,
}: {
  legs: readonly { from: string; to: string; passengers: number; crew: number }[];
  testId: string;
}) {
  return (
    <ul className="mt-2 space-y-1 text-sm text-slate-800" data-testid={testId}>
      {legs.map((l) => (
        <li key={`${l.from}→${l.to}`} className="flex justify-between gap-3">
          <span>
            {l.from} → {l.to}
          </span>
          <span className="font-semibold tabular-nums">
            {l.passengers + l.crew} ({l.passengers} {l.passengers === 1 ? 'passenger' : 'passengers'},{' '}
            {l.crew} crew)
          </span>
        </li>
      ))}
    </ul>
  );
}
