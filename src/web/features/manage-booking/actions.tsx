import { ArrowRight, Banknote, CalendarClock, ChevronRight, PenLine, X, XCircle } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import type { ManageView } from '#shared/manage-api.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import type { BookingJourney } from '#shared/schemas.ts';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { useOperatorText } from '#web/i18n/operator-text.ts';
import { T } from '#web/i18n/texts.tsx';
import { formatTravelDate } from '#web/lib/dates.ts';
import { cn } from '#web/lib/utils.ts';
import { AccountForm } from './account-form.tsx';
import type { ManageJourney } from './api.ts';
import { CancelForm } from './cancel-form.tsx';
import { Money } from './money.tsx';
import { NameForm } from './name-form.tsx';
import { RebookForm } from './rebook-form.tsx';
import { useManageTexts } from './texts.ts';
import type { ChangeFormProps, OnChanged } from './use-change.ts';

type Action = 'rebook' | 'name' | 'account' | 'cancel' | `${'rebook' | 'cancel'}-${ManageJourney | 'both'}`;

/**
 * One action: a button that opens its dialog, where the code is sent and asked for, then the
 * action's own fields and confirm; the change completes there (one dialog open at a time).
 */
function ActionDialog({
  title,
  subtitle,
  icon,
  open,
  onOpenChange,
  wide = false,
  completed,
  children,
}: {
  title: string;
  /** Which journey the action is on: read out with the button, shown in the dialog's title. */
  subtitle?: string;
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
          <span className="flex-1">
            {title}
            {subtitle ? <span className="sr-only">, {subtitle}</span> : null}
          </span>
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
              {subtitle ? <span className="font-normal text-slate-600">· {subtitle}</span> : null}
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

/** A journey's state as the passenger reads it. */
function statusText(status: string, awaitingTransfer: boolean): TextId {
  if (status === 'confirmed') return 'manage.journeyConfirmed';
  // Sent to pay later (docs/decisions/040-pay-later.md): no slip to check yet.
  if (status === 'pending')
    return awaitingTransfer ? 'manage.journeyAwaitingTransfer' : 'manage.journeyPending';
  if (status === 'completed') return 'manage.journeyCompleted';
  if (status === 'cancelled') return 'manage.journeyRejected';
  return 'manage.journeyCancelled';
}

type JourneyChanges = NonNullable<ManageView['journeyChanges']>[number];

/** The view as one journey of a return: its departure, seats, stretch and what it allows now. */
function journeyView(view: ManageView, journey: BookingJourney, changes: JourneyChanges): ManageView {
  return {
    ...view,
    travelDate: journey.travelDate,
    departureTime: journey.departureTime,
    seatNumbers: journey.seats,
    originId: journey.from.id || null,
    destinationId: journey.to.id || null,
    cancel: changes.cancel,
    rebook: changes.rebook,
  };
}

/** One journey of a return: where and when, its seats and state, and its own changes. */
function JourneyGroup({
  journey,
  changes,
  awaitingTransfer,
  children,
}: {
  journey: BookingJourney;
  changes: JourneyChanges | undefined;
  /** The booking was sent to pay later and still waits for its transfer. */
  awaitingTransfer: boolean;
  children: ReactNode;
}) {
  const t = useManageTexts();
  const place = useOperatorText();
  const id = `manage-journey-${journey.journey}`;
  const cancelled = !['pending', 'confirmed', 'completed'].includes(journey.ticketStatus);
  const any = Boolean(changes?.cancel.allowed || changes?.rebook.allowed);
  return (
    <section aria-labelledby={id} className="grid gap-2 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-base font-semibold text-slate-900">
          {t(journey.journey === 2 ? 'manage.journeyReturn' : 'manage.journeyOutbound')}
        </h3>
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-sm font-medium',
            cancelled ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-slate-800',
          )}
        >
          {t(statusText(journey.ticketStatus, awaitingTransfer))}
        </span>
      </div>
      <p className="text-sm text-slate-800">
        {formatTravelDate(journey.travelDate)} · {journey.departureTime.slice(0, 5)}
      </p>
      <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-800">
        <span>{place(journey.from.name, journey.from.nameDv)}</span>
        <ArrowRight aria-label="→" className="size-4 shrink-0 text-slate-500 rtl:rotate-180" />
        <span>{place(journey.to.name, journey.to.nameDv)}</span>
      </p>
      {journey.seats.length > 0 ? (
        <p className="text-sm text-slate-700">
          {t('manage.journeySeats', { seats: journey.seats.join(', ') })}
        </p>
      ) : null}
      {any ? (
        <ul className="divide-y divide-slate-200">{children}</ul>
      ) : (
        <p className="text-sm text-slate-600">{t('manage.journeyNoActions')}</p>
      )}
    </section>
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
  // A return (docs/decisions/037): each journey is rebooked or cancelled on its own, or both at once.
  const changes = view.journeyChanges ?? [];
  const isReturn = view.journeys.length > 1 && changes.length === view.journeys.length;
  const cancellable = changes.filter((c) => c.cancel.allowed);
  const bothView: ManageView = {
    ...view,
    cancel: {
      allowed: cancellable.length > 1,
      free: false,
      percent: 0,
      amount: centsToMoney(cancellable.reduce((sum, c) => sum + toCents(c.cancel.amount), 0n)),
    },
  };
  const general = view.nameChangeAllowed || needsAccount || bothView.cancel.allowed;

  if (isReturn) {
    return (
      <section aria-labelledby="manage-actions-title">
        <Card>
          <CardHeader className="pb-2">
            <h2 id="manage-actions-title" className="text-lg font-semibold text-slate-900">
              {t('manage.actionsTitle')}
            </h2>
          </CardHeader>
          <CardContent className="grid gap-3">
            {view.journeys.map((journey) => {
              const own = changes.find((c) => c.journey === journey.journey);
              const n = journey.journey === 2 ? 2 : 1;
              const subtitle = t(n === 2 ? 'manage.journeyReturn' : 'manage.journeyOutbound');
              const mine = own ? journeyView(view, journey, own) : view;
              const mineProps: ChangeFormProps = { view: mine, session, onChanged: done };
              return (
                <JourneyGroup
                  key={journey.journey}
                  journey={journey}
                  changes={own}
                  awaitingTransfer={view.slipAllowed}
                >
                  {own?.rebook.allowed && journey.from.id && journey.to.id ? (
                    <ActionDialog
                      {...dialog(`rebook-${n}`)}
                      wide
                      title={t('manage.rebookJourney')}
                      subtitle={subtitle}
                      icon={<CalendarClock />}
                    >
                      <RebookForm {...mineProps} journey={n} />
                    </ActionDialog>
                  ) : null}
                  {own?.cancel.allowed ? (
                    <ActionDialog
                      {...dialog(`cancel-${n}`)}
                      title={t('manage.cancelJourney')}
                      subtitle={subtitle}
                      icon={<XCircle />}
                    >
                      <CancelForm {...mineProps} journey={n} />
                    </ActionDialog>
                  ) : null}
                </JourneyGroup>
              );
            })}
            {general ? (
              <ul className="divide-y divide-slate-200">
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
                {bothView.cancel.allowed ? (
                  <ActionDialog {...dialog('cancel-both')} title={t('manage.cancelBoth')} icon={<XCircle />}>
                    <CancelForm {...props} view={bothView} journey="both" />
                  </ActionDialog>
                ) : null}
              </ul>
            ) : null}
          </CardContent>
        </Card>
      </section>
    );
  }

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
