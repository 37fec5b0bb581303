import { useQuery } from '@tanstack/react-query';
import { AlarmClock, FileSpreadsheet, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import type { Partner, PartnerStatement } from '#shared/partners.ts';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { formatDay } from '#web/lib/dates.ts';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { cn } from '#web/lib/utils.ts';
import { STATEMENT_FORMATS, type StatementFormat, statementsQuery, statementUrl } from './api.ts';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const MONTH_NAME = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-11' -> 'November 2026'. */
export const monthName = (month: string) => MONTH_NAME.format(new Date(`${month}-01T00:00:00Z`));

const FORMAT_LOOK: Record<StatementFormat, { label: string; icon: typeof FileText }> = {
  pdf: { label: 'PDF', icon: FileText },
  xlsx: { label: 'XLSX', icon: FileSpreadsheet },
};

/** The two downloads of one month, each named for screen readers with the month. */
function Downloads({
  partnerId,
  month,
  disabled = false,
  describedBy,
}: {
  partnerId: string;
  month: string;
  disabled?: boolean;
  describedBy?: string | undefined;
}) {
  return (
    <span className="flex gap-2">
      {STATEMENT_FORMATS.map((format) => {
        const { label, icon: Icon } = FORMAT_LOOK[format];
        const content = (
          <>
            <Icon aria-hidden="true" />
            {label}
            <span className="sr-only">
              {' '}
              of the statement for {MONTH.test(month) ? monthName(month) : 'the month'}
            </span>
          </>
        );
        return disabled ? (
          <Button key={format} size="sm" variant="outline" disabled aria-describedby={describedBy}>
            {content}
          </Button>
        ) : (
          <Button key={format} asChild size="sm" variant="outline">
            <a href={statementUrl(partnerId, month, format)} download aria-describedby={describedBy}>
              {content}
            </a>
          </Button>
        );
      })}
    </span>
  );
}

function StatementRow({ partner, statement }: { partner: Partner; statement: PartnerStatement }) {
  const money = (amount: string) => formatAmount(amount, statement.currency);
  return (
    <li
      data-month={statement.month}
      className={cn(
        'relative grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center',
        statement.overdue && 'bg-red-50/60 pl-3',
      )}
    >
      {statement.overdue ? (
        <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1 bg-red-600" />
      ) : null}
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold text-slate-900">{monthName(statement.month)}</span>
          <span className="font-mono text-xs text-slate-600">{statement.number}</span>
          {statement.overdue ? (
            <Badge variant="destructive">
              <AlarmClock aria-hidden="true" className="size-3.5" />
              Overdue
            </Badge>
          ) : null}
        </p>
        <p className="text-sm text-slate-700">
          <span className="sr-only">Closing balance: </span>
          <span className="font-semibold tabular-nums text-slate-900">{money(statement.closingBalance)}</span>
          {' · '}due {formatDay(statement.dueOn)}
          {' · '}
          {statement.mailedAt ? 'mailed' : 'not mailed'}
        </p>
        <p className="text-xs text-slate-600 tabular-nums">
          Charged {money(statement.charged)} (commission {money(statement.commission)}), cancelled{' '}
          {money(statement.cancelled)}, paid {money(statement.paid)}
        </p>
      </div>
      <Downloads partnerId={partner.id} month={statement.month} />
    </li>
  );
}

/** The monthly statements sent so far, and any month's statement as it stands now. */
export function PartnerStatements({ partner }: { partner: Partner }) {
  const id = useId();
  const statements = useQuery(statementsQuery(partner.id));
  const thisMonth = (useOperatorToday() ?? '').slice(0, 7);
  // This month until another is chosen; cleared, the field says what it needs.
  const [month, setMonth] = useState<string | null>(null);
  const chosen = month ?? thisMonth;
  const valid = MONTH.test(chosen);
  const problemId = `${id}-month-problem`;

  return (
    <Card role="region" aria-labelledby="partner-statements-title">
      <CardHeader className="p-4 sm:p-6">
        <h3 id="partner-statements-title" className="text-lg font-semibold text-slate-900">
          Statements
        </h3>
        <CardDescription>
          Mailed on the 1st for the month before. Any month downloads as it stands now.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <div className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-month`}>Month</Label>
            <Input
              id={`${id}-month`}
              type="month"
              className="w-44 bg-white"
              max={thisMonth || undefined}
              value={chosen}
              aria-invalid={valid ? undefined : true}
              aria-describedby={valid ? undefined : problemId}
              onChange={(event) => setMonth(event.target.value)}
            />
          </div>
          <Downloads
            partnerId={partner.id}
            month={chosen}
            disabled={!valid}
            describedBy={valid ? undefined : problemId}
          />
          {valid ? null : (
            <p id={problemId} className="basis-full text-sm text-red-800">
              Choose a month such as 2026-11.
            </p>
          )}
        </div>
        {statements.isPending ? (
          <LoadingNote>Loading statements…</LoadingNote>
        ) : statements.isError ? (
          <ErrorNote error={statements.error} />
        ) : statements.data.length === 0 ? (
          <p className="text-sm text-slate-600">No statement has been sent yet.</p>
        ) : (
          <ul aria-labelledby="partner-statements-title" className="divide-y divide-slate-100">
            {statements.data.map((statement) => (
              <StatementRow key={statement.month} partner={partner} statement={statement} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
