import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';

export type PasswordFields = { current: string; next: string; confirm: string };
export const EMPTY_PASSWORD_FIELDS: PasswordFields = { current: '', next: '', confirm: '' };

/** The checks of SPEC.md section 5 (password change), in its order; null when all pass. */
export function checkPasswordChange(
  fields: PasswordFields,
): { field: keyof PasswordFields; message: string } | null {
  if (!fields.current) return { field: 'current', message: MSG.currentPasswordRequired };
  if (fields.next !== fields.confirm) return { field: 'confirm', message: MSG.passwordsDoNotMatch };
  if (fields.next.length < PASSWORD_MIN_LENGTH) return { field: 'next', message: MSG.passwordTooShort };
  return null;
}
