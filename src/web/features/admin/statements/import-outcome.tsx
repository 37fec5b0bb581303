import { CircleCheck, CopyCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { StatementImportResult } from '#shared/statements.ts';
import { importResultSentence } from './wording.ts';

export type ImportOutcome =
  | { kind: 'result'; result: StatementImportResult }
  | { kind: 'refused'; text: string };

/**
 * What the last import came to: its result in words (announced politely), or why the file was
 * refused (an alert). Focus moves to it, so a keyboard reader continues from the outcome.
 */
export function ImportOutcomeNote({ outcome }: { outcome: ImportOutcome | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const nothingNew = outcome?.kind === 'result' && outcome.result.imported === 0;
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);
  return (
    <>
      {/* Always there, so the result is announced as it arrives. */}
      <div role="status">
        {outcome?.kind === 'result' && (
          <div
            ref={ref}
            tabIndex={-1}
            data-testid="import-result"
            className={`flex items-start gap-2 rounded-xl border p-3 text-sm outline-none focus-visible:outline-2 focus-visible:outline-sky-600 ${
              nothingNew
                ? 'border-slate-200 bg-slate-50 text-slate-800'
                : 'border-green-200 bg-green-50 text-green-900'
            }`}
          >
            {/* A file imported before is not news to celebrate: said plainly, not as a success. */}
            {nothingNew ? (
              <CopyCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            ) : (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            )}
            <p>{importResultSentence(outcome.result)}</p>
          </div>
        )}
      </div>
      {outcome?.kind === 'refused' && (
        <div
          ref={ref}
          tabIndex={-1}
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 outline-none focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            {outcome.text} <span className="font-semibold">Nothing of the file was imported.</span>
          </p>
        </div>
      )}
    </>
  );
}
