import { Banknote } from 'lucide-react';
import type { ManageRefund, RefundReason } from '#shared/manage-api.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { T } from '#web/i18n/texts.tsx';
import { formatMoney } from './format.ts';
import { useManageTexts } from './texts.ts';

const REASON: Record<RefundReason, TextId> = {
  operator_cancelled: 'manage.reasonOperatorCancelled',
  passenger_cancelled: 'manage.reasonPassengerCancelled',
  cheaper_rebooking: 'manage.reasonCheaperRebooking',
  rejected_extra_payment: 'manage.reasonRejectedExtraPayment',
  paid_no_seat: 'manage.reasonPaidNoSeat',
};

/** What the office owes back on this booking, and where it goes. */
export function RefundsList({ refunds }: { refunds: readonly ManageRefund[] }) {
  const t = useManageTexts();
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby="manage-refunds-title">
      <Card>
        <CardHeader className="pb-3">
          <h2
            id="manage-refunds-title"
            className="flex items-center gap-2 text-lg font-semibold text-slate-900"
          >
            <Banknote aria-hidden="true" className="size-5 text-sky-700" />
            {t('manage.refundsTitle')}
          </h2>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {refunds.map((refund) => (
              <li key={refund.id} className="grid gap-1.5 p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <span className="font-medium text-slate-900">{t(REASON[refund.reason])}</span>
                  <bdi dir="ltr" className="text-lg font-bold tabular-nums text-slate-900">
                    {formatMoney(refund.amount, refund.currency)}
                  </bdi>
                </div>
                <div>
                  <Badge variant={refund.status === 'refunded' ? 'success' : 'warning'}>
                    {refund.status === 'refunded' ? t('manage.refundRefunded') : t('manage.refundRequested')}
                  </Badge>
                </div>
                <p className="text-sm text-slate-700">
                  {refund.account ? (
                    <T
                      id="manage.refundAccount"
                      values={{
                        bank: <bdi>{refund.account.bankName}</bdi>,
                        name: <bdi>{refund.account.accountName}</bdi>,
                        last4: <bdi dir="ltr">{refund.account.last4}</bdi>,
                      }}
                    />
                  ) : (
                    t('manage.refundNoAccount')
                  )}
                </p>
                {refund.status === 'requested' && !refund.paymentVerified ? (
                  <p className="text-sm text-slate-600">{t('manage.refundAfterPayment')}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
