import type { TextId } from '#shared/messages/catalogues.ts';
import { apiErrorText, hasCodeText } from '#web/i18n/msg.ts';
import type { Translate } from '#web/i18n/texts.tsx';
import { ApiError } from '#web/lib/api-client.ts';

/** A form's own objection, already in the passenger's language: nothing was sent. */
export class FormProblem extends Error {
  override name = 'FormProblem';
}

/** The manage API's own refusals (src/server/lib/manage-errors.ts and the manage services), in the passenger's words. */
const MANAGE_CODES: Readonly<Record<string, TextId>> = {
  manage_link_invalid: 'manage.linkInvalid',
  manage_grant_required: 'manage.errorGrant',
  manage_not_allowed: 'manage.errorNotAllowed',
  invalid_code: 'manage.errorCode',
  slip_required: 'manage.errorSlip',
  extra_payment_under_review: 'manage.errorExtraUnderReview',
  extra_payment_again: 'manage.errorExtraAgain',
};

/**
 * What to tell the passenger about a failed step. In English the server's own message, which is
 * written for people and names the particulars (the taken seats, why a change is refused); in
 * Dhivehi the catalogue's text for the error's code (docs/product.md section 14), else a general one.
 */
export function manageErrorText(t: Translate, error: unknown, language: string): string {
  if (error instanceof FormProblem) return error.message;
  if (!(error instanceof ApiError) || error.status === 0) return apiErrorText(t, error);
  if (language === 'en') return error.message;
  const id = MANAGE_CODES[error.code];
  if (id) return t(id);
  return hasCodeText(error) ? apiErrorText(t, error) : t('manage.errorFailed');
}
