import { useQuery } from '@tanstack/react-query';
import { formatAmount } from '#web/lib/admin-format.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { accountQuery } from './api.ts';

/**
 * What the account owes and may still book, read again after every booking and cancellation (they
 * invalidate every partner query). A balance below 0 is money in credit.
 */
export function AccountFigures() {
  const account = useQuery(accountQuery);
  if (account.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(account.error)}
      </p>
    );
  }
  const currency = account.data?.currency ?? '';
  const figure = (amount: string | undefined) =>
    amount === undefined ? '…' : formatAmount(amount, currency);
  return (
    <dl aria-label="Your account" aria-busy={account.isPending} className="grid grid-cols-3 gap-2 text-sm">
      <div className="min-w-0 rounded-lg bg-slate-50 px-2 py-1.5 sm:px-3">
        <dt className="text-xs text-slate-600">Balance</dt>
        <dd data-testid="partner-balance" className="font-semibold text-slate-900 tabular-nums">
          {figure(account.data?.balance)}
        </dd>
      </div>
      <div className="min-w-0 rounded-lg bg-slate-50 px-2 py-1.5 sm:px-3">
        <dt className="text-xs text-slate-600">Credit limit</dt>
        <dd className="font-semibold text-slate-900 tabular-nums">{figure(account.data?.creditLimit)}</dd>
      </div>
      <div className="min-w-0 rounded-lg bg-emerald-50 px-2 py-1.5 sm:px-3">
        <dt className="text-xs text-slate-600">Credit left</dt>
        <dd data-testid="partner-credit-left" className="font-semibold text-emerald-900 tabular-nums">
          {figure(account.data?.creditLeft)}
        </dd>
      </div>
    </dl>
  );
}
