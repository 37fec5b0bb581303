import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Currency } from '#shared/constants.ts';
import type { PublicSettings } from '#shared/schemas.ts';
import { useOperatorText } from '#web/i18n/operator-text.ts';
import { T } from '#web/i18n/texts.tsx';
import { publicSettingsQuery } from '#web/lib/operator-time-zone.ts';
import { Money } from './money.tsx';
import { useManageTexts } from './texts.ts';

/**
 * The operator's account for `currency`, or null until all of it is entered: the rule of
 * bankAccountFor (#shared/payment.ts), which step 5 of the booking uses. Not imported: shared by
 * two pages it would become a file of its own, one more name in the booking page's first load.
 */
function bankAccount(settings: PublicSettings | undefined, currency: Currency) {
  if (!settings) return null;
  const usd = currency === 'USD';
  const bank = (usd ? settings.bankNameUsd : settings.bankName).trim();
  const holder = (usd ? settings.accountHolderUsd : settings.accountHolder).trim();
  const number = (usd ? settings.accountNumberUsd : settings.accountNumber).trim();
  return bank && holder && number ? { bank, holder, number } : null;
}

/**
 * Where a transfer is paid: the operator's account in the booking's currency, for a dearer
 * rebooking's difference or a booking that waits for its transfer (docs/decisions/040, 042).
 */
export function PayInto({
  amount,
  currency: asked,
  children,
}: {
  amount: string;
  currency: string;
  children?: ReactNode;
}) {
  const t = useManageTexts();
  const operatorText = useOperatorText();
  const settings = useQuery(publicSettingsQuery);
  const currency = asked === 'USD' ? 'USD' : ('MVR' satisfies Currency);
  const bank = bankAccount(settings.data, currency);
  if (settings.isPending) return null;
  if (!bank) return <p className="text-sm text-red-700">{t('msg.paymentDetailsMissing')}</p>;
  const bankNameDv = currency === 'MVR' ? settings.data?.bankNameDv : settings.data?.bankNameUsdDv;
  return (
    <div className="grid gap-1 text-sm text-slate-800">
      <p>
        <T id="manage.payInto" values={{ amount: <Money amount={amount} currency={currency} /> }} />
      </p>
      <ul className="grid gap-0.5 rounded-xl border border-slate-200 bg-white p-3">
        <li>{t('manage.payBank', { bank: operatorText(bank.bank, bankNameDv) })}</li>
        <li>{t('manage.payHolder', { holder: bank.holder })}</li>
        <li>
          <T
            id="manage.payNumber"
            values={{
              number: (
                <bdi dir="ltr" className="font-mono font-semibold select-all">
                  {bank.number}
                </bdi>
              ),
            }}
          />
        </li>
      </ul>
      {children ? <p className="text-slate-600">{children}</p> : null}
    </div>
  );
}
