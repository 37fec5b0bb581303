import { Bot, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AuditEntry } from '#shared/admin-api.ts';
import { formatInstant } from '#web/lib/dates.ts';
import { humanize } from '#web/lib/humanize.ts';
import { actionLabel } from './action-label.ts';
import { type ChangeSummary, describeChange, type FieldChange } from './describe-change.ts';

/** Who an entry's actor is: null is the system itself or a visitor who was not signed in. */
export const SYSTEM_ACTOR = 'System';

const SHAPE_CAPTION: Record<ChangeSummary['shape'], string> = {
  update: 'Changes',
  after: 'Recorded values',
  before: 'Values before',
  none: '',
};

function Value({ children }: { children: string | null }) {
  if (children === null) return <span className="text-slate-600 italic">none</span>;
  return <span className="font-mono text-sm break-words whitespace-pre-wrap text-slate-900">{children}</span>;
}

function FieldLine({ change }: { change: FieldChange }) {
  let value: ReactNode;
  if (change.kind === 'value') {
    value = <Value>{change.value}</Value>;
  } else {
    value = (
      <>
        <Value>{change.before}</Value>{' '}
        <span aria-hidden="true" className="text-slate-500">
          →
        </span>
        <span className="sr-only"> changed to</span> <Value>{change.after}</Value>
      </>
    );
  }
  return (
    <li className="min-w-0 break-words">
      <span className="font-medium text-slate-700">{change.field}:</span> {value}
    </li>
  );
}

function Changes({ entryId, summary }: { entryId: string; summary: ChangeSummary }) {
  if (summary.shape === 'none') return null;
  const captionId = `audit-${entryId}-changes`;
  return (
    <div className="mt-3 rounded-lg bg-slate-50 px-3 py-2.5 text-sm">
      <p id={captionId} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {SHAPE_CAPTION[summary.shape]}
      </p>
      {summary.fields.length === 0 ? (
        <p className="mt-1 text-slate-700">No field changed.</p>
      ) : (
        <ul aria-labelledby={captionId} className="mt-1 flex flex-col gap-1">
          {summary.fields.map((change) => (
            <FieldLine key={change.field} change={change} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function AuditEntryItem({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const ActorIcon = entry.actorEmail ? UserRound : Bot;
  return (
    // Focusable by script only: "Load more" moves focus to the first entry it brought.
    <li tabIndex={-1} className="min-w-0 p-4 sm:px-5" data-entry-id={entry.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold text-slate-900">{actionLabel(entry.action)}</h3>
        <time dateTime={entry.at} className="text-sm text-slate-600 tabular-nums">
          {formatInstant(entry.at, timeZone)}
        </time>
      </div>
      {/* Who, then what: a line each on a phone, one line with a dot between them wider up. */}
      <p className="mt-1 flex flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-2">
        <span className="inline-flex min-w-0 items-center gap-1.5 break-all">
          <ActorIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <span className="sr-only">By </span>
          {entry.actorEmail ?? SYSTEM_ACTOR}
        </span>
        <span aria-hidden="true" className="hidden text-slate-400 sm:inline">
          ·
        </span>
        <span className="min-w-0">
          {humanize(entry.entity)}
          {entry.entityId ? (
            <>
              {' '}
              <span className="font-mono text-xs break-all text-slate-600">{entry.entityId}</span>
            </>
          ) : null}
        </span>
      </p>
      <Changes entryId={entry.id} summary={describeChange(entry.before, entry.after)} />
    </li>
  );
}
