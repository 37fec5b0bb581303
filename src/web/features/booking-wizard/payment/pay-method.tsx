import type { PublicSettings } from '#shared/schemas.ts';
import type { Translate } from '#web/i18n/texts.tsx';
import { cn } from '#web/lib/utils.ts';

/** The operator's offer to pay later, as GET /api/settings/public gives it. */
type PayLaterOffer = PublicSettings['payLater'];

const NOTE_ID = 'pay-later-note';

/**
 * How the passenger pays (docs/decisions/040-pay-later.md), while the operator offers paying
 * later: the slip now (the default), or a transfer that the bank statement confirms, without a
 * slip. Two radios in a fieldset, each a whole card to tap; the second, once chosen, has a short
 * note under it on how long the seats are held and what the transfer should say.
 */
export function PayMethodChoice({
  t,
  offer,
  payLater,
  onChange,
  disabled,
}: {
  t: Translate;
  offer: PayLaterOffer;
  payLater: boolean;
  onChange: (payLater: boolean) => void;
  disabled: boolean;
}) {
  const options = [
    { later: false, id: 'pay-method-slip', label: t('payment.methodSlipNow') },
    { later: true, id: 'pay-method-later', label: t('payment.methodPayLater') },
  ];
  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-2" disabled={disabled}>
        <legend className="mb-2 font-semibold text-slate-900">{t('payment.methodLegend')}</legend>
        {options.map(({ later, id, label }) => (
          <label
            key={id}
            className={cn(
              'flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600',
              payLater === later ? 'border-sky-700 bg-sky-50' : 'border-slate-200',
            )}
          >
            <input
              type="radio"
              id={id}
              name="payment-method"
              value={later ? 'later' : 'slip'}
              checked={payLater === later}
              aria-describedby={later && payLater ? NOTE_ID : undefined}
              onChange={() => onChange(later)}
              className="size-5 shrink-0 accent-sky-700"
            />
            <span className="font-medium text-slate-900">{label}</span>
          </label>
        ))}
      </fieldset>
      {payLater ? (
        <div
          id={NOTE_ID}
          className="grid gap-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-slate-800"
          data-testid="pay-later-note"
        >
          {/* No icon: a shared one is a chunk of its own, one more for /booking's first load to list. */}
          <p className="font-medium text-slate-900">
            {t('payment.payLaterHold', { holdHours: offer.holdHours, cutoffHours: offer.cutoffHours })}
          </p>
          <ul className="grid list-disc gap-1 ps-5">
            <li>{t('payment.payLaterRemark')}</li>
            <li>{t('payment.payLaterRelease')}</li>
            <li>{t('payment.payLaterSlipLater')}</li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
