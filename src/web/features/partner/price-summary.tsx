import type { PartnerOwnAccount } from '#shared/partners.ts';
import { formatAmount } from '#web/lib/admin-format.ts';
import { moreThan, type PartnerPrice } from './money.ts';

/**
 * What the party will cost the account, worked out from the day's fares as the server does: the
 * public fare, the partner's commission and the net amount booked on account. The server's total
 * is the one charged, and the confirmation shows it.
 */
export function PriceSummary({ price, account }: { price: PartnerPrice; account: PartnerOwnAccount }) {
  const { currency } = account;
  const over = moreThan(price.netAmount, account.creditLeft);
  return (
    <section
      aria-labelledby="partner-price-title"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h3 id="partner-price-title" className="font-semibold text-slate-900">
        Price
      </h3>
      <dl className="space-y-1 text-sm" aria-live="polite">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">Public fare</dt>
          <dd className="tabular-nums text-slate-900">{formatAmount(price.publicAmount, currency)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">Your commission ({Number(account.commissionPercent)} %)</dt>
          <dd className="tabular-nums text-slate-900">− {formatAmount(price.commissionAmount, currency)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-3 border-t border-slate-200 pt-2">
          <dt className="font-semibold text-slate-900">Net, on account</dt>
          <dd data-testid="partner-net" className="text-xl font-bold tabular-nums text-slate-900">
            {formatAmount(price.netAmount, currency)}
          </dd>
        </div>
      </dl>
      {over && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          This is more than the credit left on the account ({formatAmount(account.creditLeft, currency)}): the
          booking will be refused. A payment recorded by the office, or a higher limit, makes room.
        </p>
      )}
    </section>
  );
}
