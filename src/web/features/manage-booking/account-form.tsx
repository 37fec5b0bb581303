import { type FormEvent, useState } from 'react';
import {
  type AccountDraft,
  AccountFields,
  accountProblems,
  EMPTY_ACCOUNT,
  parseAccount,
} from './account-fields.tsx';
import { saveRefundAccount } from './api.ts';
import { CodeStep, ConfirmChange } from './code-entry.tsx';
import { useManageTexts } from './texts.ts';
import { type ChangeFormProps, useChange } from './use-change.ts';

/** Where the refunds still without an account go (the API takes one account per booking). */
export function AccountForm({ view, session, onChanged }: ChangeFormProps) {
  const t = useManageTexts();
  const change = useChange(session, onChanged);
  const [account, setAccount] = useState<AccountDraft>(EMPTY_ACCOUNT);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const given = parseAccount(account);
    void change.submit(
      accountProblems(t, account),
      (access, requestId) =>
        saveRefundAccount(session.reference, access, { requestId, account: given ?? account }),
      () => 'manage.accountDone',
    );
  };

  return (
    <form ref={change.formRef} onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={change.busy}>
      <CodeStep session={session} change={change} email={view.emailMasked} idPrefix="account" />
      <p className="text-sm text-slate-700">{t('manage.accountIntro')}</p>
      <AccountFields
        idPrefix="refund-account"
        required
        value={account}
        errors={change.fields}
        onChange={(next, field) => {
          change.edited(field);
          setAccount(next);
        }}
      />
      <ConfirmChange session={session} change={change} label={t('manage.accountConfirm')} />
    </form>
  );
}
