import { Banknote, CalendarClock, ChevronRight, PenLine, X, XCircle } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
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

/**
 * One action: a button that opens its dialog, where the code is sent and asked for, then the
 * action's own fields and confirm; the change completes there (one dialog open at a time).
 */
function ActionDialog({
  title,
  icon,
  open,
  onOpenChange,
  wide = false,
  completed,
  children,
}: {
  title: string;
  icon: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Room for a seat map. */
  wide?: boolean;
  /** The dialog closes on a completed change: the focus then goes to the page's notice. */
  completed: { current: boolean };
  children: ReactNode;
}) {
  const t = useManageTexts();
  return (
    <li>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogTrigger className="flex min-h-14 w-full items-center gap-3 rounded-lg px-1 py-3 text-start text-base font-semibold text-slate-900 hover:text-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600">
          <span aria-hidden="true" className="text-sky-700 [&_svg]:size-5">
            {icon}
          </span>
          <span className="flex-1">{title}</span>
          <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-500 rtl:rotate-180" />
        </DialogTrigger>
        <DialogContent
          hideClose
          aria-describedby={undefined}
          className={cn('gap-5 p-5 sm:p-6', wide && 'max-w-2xl')}
          onCloseAutoFocus={(event) => {
            if (completed.current) event.preventDefault();
            completed.current = false;
          }}
        >
          <div className="flex items-start justify-between gap-3">
            <DialogTitle className="flex items-center gap-2">
              <span aria-hidden="true" className="text-sky-700 [&_svg]:size-5">
                {icon}
              </span>
              {title}
            </DialogTitle>
            <DialogClose className="-m-1.5 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-600">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">{t('manage.close')}</span>
            </DialogClose>
          </div>
          {children}
        </DialogContent>
      </Dialog>
    </li>
  );
}

/** What the passenger may do with the booking now, as the view allows it. */
export function ManageActions({ view, session, onChanged }: ChangeFormProps) {
  const t = useManageTexts();
  const [open, setOpen] = useState<Action | null>(null);
  const completed = useRef(false);
  const done: OnChanged = (next, notice) => {
    completed.current = true;
    setOpen(null);
    onChanged(next, notice);
  };
  const props: ChangeFormProps = { view, session, onChanged: done };
  const canRebook = view.rebook.allowed && Boolean(view.originId && view.destinationId);
  const needsAccount = view.refunds.some((r) => r.status === 'requested' && r.account === null);
  const dialog = (id: Action) => ({
    open: open === id,
    onOpenChange: (next: boolean) => setOpen(next ? id : null),
    completed,
  });

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
                <ActionDialog
                  {...dialog('rebook')}
                  wide
                  title={t('manage.rebookTitle')}
                  icon={<CalendarClock />}
                >
                  <RebookForm {...props} />
                </ActionDialog>
              ) : null}
              {view.nameChangeAllowed ? (
                <ActionDialog {...dialog('name')} title={t('manage.nameTitle')} icon={<PenLine />}>
                  <NameForm {...props} />
                </ActionDialog>
              ) : null}
              {needsAccount ? (
                <ActionDialog {...dialog('account')} title={t('manage.accountTitle')} icon={<Banknote />}>
                  <AccountForm {...props} />
                </ActionDialog>
              ) : null}
              {view.cancel.allowed ? (
                <ActionDialog {...dialog('cancel')} title={t('manage.cancelTitle')} icon={<XCircle />}>
                  <CancelForm {...props} />
                </ActionDialog>
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
