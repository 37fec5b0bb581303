import { Banknote, CalendarClock, ChevronDown, PenLine, XCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { T } from '#web/i18n/texts.tsx';
import { cn } from '#web/lib/utils.ts';
import { AccountForm } from './account-form.tsx';
import { CancelForm } from './cancel-form.tsx';
import { Money } from './money.tsx';
import { NameForm } from './name-form.tsx';
import { RebookForm } from './rebook-form.tsx';
import { useManageTexts } from './texts.ts';
import type { ChangeFormProps, OnChanged } from './use-change.ts';

type Action = 'rebook' | 'name' | 'account' | 'cancel';

/** One action: a heading that opens its form below it (one form open at a time). */
function ActionPanel({
  id,
  title,
  icon,
  open,
  onToggle,
  children,
}: {
  id: Action;
  title: string;
  icon: ReactNode;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`manage-${id}-panel`}
          onClick={onToggle}
          className="flex min-h-14 w-full items-center gap-3 rounded-lg px-1 py-3 text-start text-base font-semibold text-slate-900 hover:text-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        >
          <span aria-hidden="true" className="text-sky-700 [&_svg]:size-5">
            {icon}
          </span>
          <span className="flex-1">{title}</span>
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
          />
        </button>
      </h3>
      {open ? (
        <div id={`manage-${id}-panel`} className="pt-1 pb-6">
          {children}
        </div>
      ) : null}
    </li>
  );
}

/** What the passenger may do with the booking now, as the view allows it. */
export function ManageActions({ view, session, onChanged }: ChangeFormProps) {
  const t = useManageTexts();
  const [open, setOpen] = useState<Action | null>(null);
  const done: OnChanged = (next, notice) => {
    setOpen(null);
    onChanged(next, notice);
  };
  const props = { view, session, onChanged: done };
  const canRebook = view.rebook.allowed && Boolean(view.originId && view.destinationId);
  const needsAccount = view.refunds.some((r) => r.status === 'requested' && r.account === null);
  const panel = (id: Action) => ({ id, open: open === id, onToggle: () => setOpen(open === id ? null : id) });

  return (
    <section aria-labelledby="manage-actions-title">
      <Card>
        <CardHeader className="pb-2">
          <h2 id="manage-actions-title" className="text-lg font-semibold text-slate-900">
            {t('manage.actionsTitle')}
          </h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          {view.extraAmount && !view.rebook.allowed ? (
            // The server refuses it too (extra_payment_under_review): said here before anyone tries.
            <p className="flex gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
              <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <span>
                <T
                  id="manage.rebookAfterReview"
                  values={{ amount: <Money amount={view.extraAmount} currency={view.currency} /> }}
                />
              </span>
            </p>
          ) : null}
          {canRebook || view.nameChangeAllowed || needsAccount || view.cancel.allowed ? (
            <ul className="divide-y divide-slate-200">
              {canRebook ? (
                <ActionPanel {...panel('rebook')} title={t('manage.rebookTitle')} icon={<CalendarClock />}>
                  <RebookForm {...props} />
                </ActionPanel>
              ) : null}
              {view.nameChangeAllowed ? (
                <ActionPanel {...panel('name')} title={t('manage.nameTitle')} icon={<PenLine />}>
                  <NameForm {...props} />
                </ActionPanel>
              ) : null}
              {needsAccount ? (
                <ActionPanel {...panel('account')} title={t('manage.accountTitle')} icon={<Banknote />}>
                  <AccountForm {...props} />
                </ActionPanel>
              ) : null}
              {view.cancel.allowed ? (
                <ActionPanel {...panel('cancel')} title={t('manage.cancelTitle')} icon={<XCircle />}>
                  <CancelForm {...props} />
                </ActionPanel>
              ) : null}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">{t('manage.noActions')}</p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
