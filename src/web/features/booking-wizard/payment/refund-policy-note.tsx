import { Undo2 } from 'lucide-react';
import type { RefundPolicy } from '#shared/refund-policy.ts';
import type { Translate } from '#web/i18n/texts.tsx';

/**
 * What the passenger gets back if they cancel the booking themselves (the operator's policy,
 * docs/decisions/027), shown on step 5 before they submit: one line per tier, then the rest.
 */
export function RefundPolicyNote({ policy, t }: { policy: RefundPolicy; t: Translate }) {
  // Keyed by hours, which the tiers never repeat (#shared/refund-policy.ts).
  const lines =
    policy.length === 0
      ? [{ key: 'none', text: t('payment.refundNone') }]
      : [
          ...policy.map(({ hoursBefore, percent }) => ({
            key: String(hoursBefore),
            text:
              hoursBefore === 0
                ? t('payment.refundTierAny', { percent })
                : t('payment.refundTier', { hours: hoursBefore, percent }),
          })),
          { key: 'later', text: t('payment.refundLater') },
        ];
  return (
    <section
      aria-labelledby="refund-heading"
      className="grid gap-2 rounded-xl border border-slate-200 p-4 text-sm"
      data-testid="refund-policy"
    >
      <h3 id="refund-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <Undo2 aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
        {t('payment.refundHeading')}
      </h3>
      <ul className="grid list-disc gap-1 ps-5 text-slate-700">
        {lines.map((line) => (
          <li key={line.key}>{line.text}</li>
        ))}
      </ul>
    </section>
  );
}
