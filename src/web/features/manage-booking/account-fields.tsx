import { type RefundAccount, refundAccountSchema } from '#shared/manage-api.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import type { Translate } from '#web/i18n/texts.tsx';
import { useManageTexts } from './texts.ts';
import type { FieldErrors } from './use-change.ts';

export type AccountDraft = Record<keyof RefundAccount, string>;
export const EMPTY_ACCOUNT: AccountDraft = { bankName: '', accountName: '', accountNumber: '' };

export const isBlank = (draft: AccountDraft) => Object.values(draft).every((v) => v.trim() === '');

/** The account as the API takes it, or null when a field is missing or too short. */
export function parseAccount(draft: AccountDraft): RefundAccount | null {
  const parsed = refundAccountSchema.safeParse(draft);
  return parsed.success ? parsed.data : null;
}

const FIELD_PROBLEM: Record<keyof AccountDraft, TextId> = {
  bankName: 'manage.bankNameNeeded',
  accountName: 'manage.accountNameNeeded',
  accountNumber: 'manage.accountNumberNeeded',
};

/** What is wrong with each field of the account (the API's rules), by field. */
export function accountProblems(t: Translate, draft: AccountDraft): FieldErrors {
  const parsed = refundAccountSchema.safeParse(draft);
  if (parsed.success) return {};
  const keys = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  return Object.fromEntries(
    (Object.keys(FIELD_PROBLEM) as (keyof AccountDraft)[])
      .filter((key) => keys.has(key))
      .map((key) => [key, t(FIELD_PROBLEM[key])]),
  );
}

/** The bank account a refund goes to: bank, holder and number, each with its problem under it. */
export function AccountFields({
  idPrefix,
  value,
  onChange,
  errors = {},
  required = false,
}: {
  idPrefix: string;
  value: AccountDraft;
  onChange: (next: AccountDraft, field: keyof AccountDraft) => void;
  errors?: FieldErrors;
  required?: boolean;
}) {
  const t = useManageTexts();
  const field = (key: keyof AccountDraft) => ({
    value: value[key],
    required,
    onChange: (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value }, key),
  });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField id={`${idPrefix}-bankName`} label={t('manage.bankName')} error={errors.bankName}>
        {(control) => <Input {...control} {...field('bankName')} autoComplete="off" maxLength={100} />}
      </FormField>
      <FormField id={`${idPrefix}-accountName`} label={t('manage.accountName')} error={errors.accountName}>
        {(control) => <Input {...control} {...field('accountName')} autoComplete="name" maxLength={100} />}
      </FormField>
      <div className="sm:col-span-2">
        <FormField
          id={`${idPrefix}-accountNumber`}
          label={t('manage.accountNumber')}
          error={errors.accountNumber}
        >
          {(control) => (
            <Input
              {...control}
              {...field('accountNumber')}
              autoComplete="off"
              dir="ltr"
              maxLength={40}
              spellCheck={false}
            />
          )}
        </FormField>
      </div>
    </div>
  );
}
