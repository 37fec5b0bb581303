import type { TextId } from '#shared/messages/catalogues.ts';
import { SLIP_REFUSALS } from '#web/components/slip-picker.tsx';
import { apiErrorText, hasCodeText } from '#web/i18n/msg.ts';
import type { Translate } from '#web/i18n/texts.tsx';
import { ApiError, type ClientErrorCode } from '#web/lib/api-client.ts';

/** Whether the server refused the slip itself (its type, its size, its pixels, or none sent). */
export const isUploadError = (error: unknown): error is ApiError =>
  error instanceof ApiError && SLIP_REFUSALS.has(error.code);

/**
 * docs/product.md section 8's texts for the submit refusals whose text differs from what the code says
 * elsewhere (#web/i18n/msg.ts), by the code the server answers.
 */
const SUBMIT_TEXTS: Readonly<Partial<Record<ClientErrorCode, TextId>>> = {
  // Any other invalid field.
  validation_error: 'msg.checkRequiredFields',
  // A booking the server cannot place on the trip the wizard chose.
  invalid_schedule: 'msg.invalidSchedule',
  trip_not_found: 'msg.invalidSchedule',
};

/**
 * docs/product.md section 8 "Booking submit failures": the text for what the server answered, by its
 * code, in the passenger's language (`t` of a screen that loads the `msg` texts). A code with a
 * passenger text of its own (docs/product.md section 5's submit rules, the fair-hold limits, a departure
 * that closed meanwhile) gets that text, whatever the server's message says.
 */
export function submitErrorMessage(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return t('msg.submitFailed');
  const { code, message } = error;
  if (SLIP_REFUSALS.has(code))
    return t('msg.uploadError', { m: hasCodeText(error) ? apiErrorText(t, error) : message });
  // A network failure, a non-JSON answer (code http_NNN) or a server fault: nothing to explain.
  if (error.status === 0 || error.status >= 500) return t('msg.submitFailed');
  const id = SUBMIT_TEXTS[code];
  if (id) return t(id);
  if (hasCodeText(error)) return apiErrorText(t, error);
  // docs/product.md: any other short message is shown as is.
  if (error.status >= 400 && !code.startsWith('http_') && message && message.length < 100) return message;
  return t('msg.submitFailed');
}
