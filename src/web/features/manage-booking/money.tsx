import { formatMoney } from './format.ts';

/** An amount inside a sentence: kept left to right, so a Dhivehi sentence's full stop stays after it. */
export function Money({ amount, currency }: { amount: string; currency: string }) {
  return (
    <bdi dir="ltr" className="whitespace-nowrap">
      {formatMoney(amount, currency)}
    </bdi>
  );
}
