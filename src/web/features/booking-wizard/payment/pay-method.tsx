import type { PublicSettings } from '#shared/schemas.ts';
import type { Translate } from '#web/i18n/texts.tsx';
import { cn } from '#web/lib/utils.ts';

/** The operator's offer to pay later, as GET /api/settings/public gives it. */
type PayLaterOffer = PublicSettings['payLater'];

/** How the passenger pays: the slip now, a transfer the statement confirms, or a card online. */
export type PayMethod = 'slip' | 'later' | 'card';

const NOTE_ID = 'pay-later-note';
const CARD_NOTE_ID = 'pay-card-note';

/**
 * How the passenger pays, while the operator offers another way than the slip: the slip now (the
 * default); a transfer that the bank statement confirms, without a slip
 * (docs/decisions/040-pay-later.md); or a card on the gateway's page (docs/decisions/042). Radios
 * in a fieldset, each a whole card to tap; the one chosen, when it is not the slip, has a short
 * note under the group on what follows.
 */
export function PayMethodChoice({
  t,
  offer,
  card,
  method,
  onChange,
  disabled,
}: {
  t: Translate;
  /** Paying later, when the operator offers it. */
  offer: PayLaterOffer | null;
  /** Whether a card gateway is configured. */
  card: boolean;
  method: PayMethod;
  onChange: (method: PayMethod) => void;
  disabled: boolean;
}) {
  const options: { value: PayMethod; label: string; note: string }[] = [
    { value: 'slip', label: t('payment.methodSlipNow'), note: '' },
    ...(offer ? [{ value: 'later' as const, label: t('payment.methodPayLater'), note: NOTE_ID }] : []),
    ...(card ? [{ value: 'card' as const, label: t('payment.methodCard'), note: CARD_NOTE_ID }] : []),
  ];
  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-2" disabled={disabled}>
        <legend className="mb-2 font-semibold text-slate-900">{t('payment.methodLegend')}</legend>
        {options.map(({ value, label, note }) => (
          <label
            key={value}
            className={cn(
              'flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600',
              method === value ? 'border-sky-700 bg-sky-50' : 'border-slate-200',
            )}
          >
            <input
              type="radio"
              id={`pay-method-${value}`}
              name="payment-method"
              value={value}
              checked={method === value}
              aria-describedby={note && method === value ? note : undefined}
              onChange={() => onChange(value)}
              className="size-5 shrink-0 accent-sky-700"
            />
            <span className="font-medium text-slate-900">{label}</span>
          </label>
        ))}
      </fieldset>
      {method === 'later' && offer ? (
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
      {method === 'card' && card ? (
        <div
          id={CARD_NOTE_ID}
          className="grid gap-1 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-slate-800"
          data-testid="pay-card-note"
        >
          <p className="font-medium text-slate-900">{t('payment.cardRedirect')}</p>
          <p>{t('payment.cardConfirmed')}</p>
        </div>
      ) : null}
    </div>
  );
}
