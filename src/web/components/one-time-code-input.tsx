import type { ComponentProps } from 'react';
import { EMAIL_CODE_LENGTH } from '#shared/constants.ts';
import { Input } from '#web/components/ui/input.tsx';

const COMPLETE_CODE = new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`);

/** Whether `value` is a whole e-mailed code (its digits, all of them), worth sending to be checked. */
export const isCompleteCode = (value: string) => COMPLETE_CODE.test(value);

/**
 * The field of a code sent by e-mail (the booking's address check, the manage page): digits only,
 * at most the code's length, left to right in a Dhivehi page too; the phone offers its number
 * pad and the code from the mail (autocomplete one-time-code).
 */
export function OneTimeCodeInput({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (code: string) => void;
}) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      dir="ltr"
      maxLength={EMAIL_CODE_LENGTH}
      pattern={`\\d{${EMAIL_CODE_LENGTH}}`}
      placeholder="123456"
      {...props}
      value={value}
      onChange={(e) => onValueChange(e.target.value.replace(/\D/g, '').slice(0, EMAIL_CODE_LENGTH))}
    />
  );
}
