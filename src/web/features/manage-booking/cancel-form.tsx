import { type FormEvent, useState } from 'react';
import type { ManageView } from '#shared/manage-api.ts';
import { T } from '#web/i18n/texts.tsx';
import {
  type AccountDraft,
  AccountFields,
  accountProblems,
  EMPTY_ACCOUNT,
  isBlank,
  parseAccount,
} from './account-fields.tsx';
import { cancelBooking, type ManageJourney } from './api.ts';
import { CodeStep, ConfirmChange } from './code-entry.tsx';
import { Money } from './money.tsx';
import { useManageTexts } from './texts.ts';
import { type ChangeFormProps, useChange } from './use-change.ts';

/** The refund policy's tiers as lines, longest notice first, then what is left after the last. */
function PolicyLines({ policy }: { policy: ManageView['refundPolicy'] }) {
  const t = useManageTexts();
  if (policy.length === 0) return <p className="text-sm text-slate-700">{t('manage.policyNone')}</p>;
  const last = policy[policy.length - 1];
  return (
    <ul className="grid gap-1 text-sm text-slate-700">
      {policy.map((tier) => (
        <li key={tier.hoursBefore} className="flex gap-2">
          <span aria-hidden="true">•</span>
          {tier.hoursBefore > 0
            ? t('manage.policyTier', { hours: tier.hoursBefore, percent: tier.percent })
            : t('manage.policyTierAny', { percent: tier.percent })}
        </li>
      ))}
      {last && last.hoursBefore > 0 ? (
        <li className="flex gap-2">
          <span aria-hidden="true">•</span>
          {t('manage.policyLater')}
        </li>
      ) : null}
    </ul>
  );
}

/**
 * Cancels the booking, or with `journey` one journey of a return (or `both`): `view` is then the
 * journey's (its refund now in `cancel`), and for `both` its `cancel.amount` is the sum.
 */
export function CancelForm({
  view,
  session,
  onChanged,
  journey,
}: ChangeFormProps & { journey?: ManageJourney | 'both' }) {
  const t = useManageTexts();
  const change = useChange(session, onChanged);
  const [account, setAccount] = useState<AccountDraft>(EMPTY_ACCOUNT);
  const amount = <Money amount={view.cancel.amount} currency={view.currency} />;
  const refundDue = view.cancel.free || Number(view.cancel.amount) > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The account is optional: once begun, each of its fields is needed.
    const begun = refundDue && !isBlank(account);
    const given = begun ? parseAccount(account) : null;
    void change.submit(
      begun ? accountProblems(t, account) : {},
      (access, requestId) =>
        cancelBooking(session.reference, access, {
          requestId,
          ...(given ? { account: given } : {}),
          ...(journey ? { journey } : {}),
        }),
      () => (journey === 1 || journey === 2 ? 'manage.cancelJourneyDone' : 'manage.cancelDone'),
    );
  };

  return (
    <form ref={change.formRef} onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={change.busy}>
      <CodeStep session={session} change={change} email={view.emailMasked} idPrefix="cancel" />
      <div className="grid gap-2">
        <h4 className="text-sm font-semibold text-slate-900">{t('manage.policyTitle')}</h4>
        <PolicyLines policy={view.refundPolicy} />
      </div>
      <p className="rounded-xl border border-sky-200 bg-sky-50 p-3 text-sm font-medium text-sky-950">
        {journey === 'both' ? (
          <T id="manage.cancelBothNow" values={{ amount }} />
        ) : view.cancel.free ? (
          <T id="manage.cancelFree" values={{ amount }} />
        ) : refundDue ? (
          <T id="manage.cancelNow" values={{ percent: view.cancel.percent, amount }} />
        ) : (
          t('manage.cancelNothing')
        )}
      </p>
      <p className="text-sm text-slate-700">{t('manage.cancelWarning')}</p>
      {refundDue ? (
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-sm font-semibold text-slate-900">
            {t('manage.refundAccountLegend')}
          </legend>
          <AccountFields
            idPrefix="cancel-account"
            value={account}
            errors={change.fields}
            onChange={(next, field) => {
              change.edited(field);
              setAccount(next);
            }}
          />
        </fieldset>
      ) : null}
      <ConfirmChange
        session={session}
        change={change}
        label={t('manage.cancelConfirm')}
        variant="destructive"
      />
    </form>
  );
}
