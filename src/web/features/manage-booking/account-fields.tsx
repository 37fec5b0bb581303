import { type RefundAccount, refundAccountSchema } from '#shared/manage-api.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useManageTexts } from './texts.ts';

export type AccountDraft = Record<keyof RefundAccount, string>;
export const EMPTY_ACCOUNT: AccountDraft = { bankName: '', accountName: '', accountNumber: '' };

export const isBlank = (draft: AccountDraft) => Object.values(draft).every((v) => v.trim() === '');

/** The account as the API takes it, or null when a field is missing or too short. */
export function parseAccount(draft: AccountDraft): RefundAccount | null {
  const parsed = refundAccountSchema.safeParse(draft);
  return parsed.success ? parsed.data : null;
}

/** The bank account a refund goes to: bank, holder and number. */
export function AccountFields({
  idPrefix,
  value,
  onChange,
  required = false,
}: {
  idPrefix: string;
  value: AccountDraft;
  onChange: (next: AccountDraft) => void;
  required?: boolean;
}) {
  const t = useManageTexts();
  const field = (key: keyof AccountDraft) => ({
    id: `${idPrefix}-${key}`,
    value: value[key],
    required,
    onChange: (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value }),
  });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-bankName`}>{t('manage.bankName')}</Label>
        <Input {...field('bankName')} autoComplete="off" maxLength={100} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-accountName`}>{t('manage.accountName')}</Label>
        <Input {...field('accountName')} autoComplete="name" maxLength={100} />
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor={`${idPrefix}-accountNumber`}>{t('manage.accountNumber')}</Label>
        <Input {...field('accountNumber')} autoComplete="off" dir="ltr" maxLength={40} spellCheck={false} />
      </div>
    </div>
  );
}
