import { type FormEvent, useState } from 'react';
import { type AccountDraft, AccountFields, EMPTY_ACCOUNT, parseAccount } from './account-fields.tsx';
import { saveRefundAccount } from './api.ts';
import { ConfirmChange } from './code-entry.tsx';
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
    if (!given) return change.refuse(t('manage.accountIncomplete'));
    void change.submit(
      (access, requestId) => saveRefundAccount(session.reference, access, { requestId, account: given }),
      () => 'manage.accountDone',
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={change.busy}>
      <p className="text-sm text-slate-700">{t('manage.accountIntro')}</p>
      <AccountFields
        idPrefix="refund-account"
        required
        value={account}
        onChange={(next) => {
          change.edited();
          setAccount(next);
        }}
      />
      <ConfirmChange
        session={session}
        change={change}
        email={view.emailMasked}
        label={t('manage.accountConfirm')}
        idPrefix="account"
      />
    </form>
  );
}
