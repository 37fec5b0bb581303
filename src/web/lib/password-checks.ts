import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';

export type NewPasswordFields = { next: string; confirm: string };
export const EMPTY_NEW_PASSWORD: NewPasswordFields = { next: '', confirm: '' };
export type PasswordFields = NewPasswordFields & { current: string };
export const EMPTY_PASSWORD_FIELDS: PasswordFields = { current: '', ...EMPTY_NEW_PASSWORD };

/**
 * The new-password checks of docs/product.md section 5 (password change), in its order and words; also
 * what an e-mailed invitation or reset link asks, where the link stands in for the current
 * password. Null when both pass.
 */
export function checkNewPassword(
  fields: NewPasswordFields,
): { field: keyof NewPasswordFields; message: string } | null {
  if (fields.next !== fields.confirm) return { field: 'confirm', message: MSG.passwordsDoNotMatch };
  if (fields.next.length < PASSWORD_MIN_LENGTH) return { field: 'next', message: MSG.passwordTooShort };
  return null;
}

/** The checks of docs/product.md section 5 (password change), in its order; null when all pass. */
export function checkPasswordChange(
  fields: PasswordFields,
): { field: keyof PasswordFields; message: string } | null {
  if (!fields.current) return { field: 'current', message: MSG.currentPasswordRequired };
  return checkNewPassword(fields);
}
