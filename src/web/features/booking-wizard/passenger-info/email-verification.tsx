import { BadgeCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { EMAIL_CODE_MAX_SENDS } from '#shared/constants.ts';
import { FieldError, fieldErrorProps } from '#web/components/field-error.tsx';
import { isCompleteCode, OneTimeCodeInput } from '#web/components/one-time-code-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { apiErrorText, MSG_TEXTS } from '#web/i18n/msg.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { toast } from '#web/lib/toast.ts';
import { useSecondsUntil } from '#web/lib/use-seconds-until.ts';
import { ApiError } from '../api.ts';
import { PASSENGER_TEXTS } from '../step-texts.ts';
import { sendEmailCode, verifyEmailCode } from '../steps-api.ts';
import type { StepProps } from '../wizard-state.ts';
import { FIELD_IDS, type FieldReporting } from './field-errors.ts';

/** docs/product.md section 4: not verified -> code sent (60 s cooldown, attempts counted) -> verified. */
export function EmailVerification({ state, dispatch, errors, report, clear }: StepProps & FieldReporting) {
  const t = useTexts(PASSENGER_TEXTS, MSG_TEXTS);
  const { email } = state.passengerInfo;
  const { isVerified, isProcessing, cooldownUntil, attemptCount } = state.emailVerification;
  const [code, setCode] = useState('');
  const cooldown = useSecondsUntil(cooldownUntil);
  const maxedOut = attemptCount >= EMAIL_CODE_MAX_SENDS;

  const send = async () => {
    const address = email.trim();
    if (!address) return void report({ email: (tr) => tr('msg.emailRequired') });
    if (maxedOut) return void toast.error(t('msg.otpMaxAttempts'));
    if (cooldown > 0) return void toast.error(t('msg.otpCooldown', { n: cooldown }));
    dispatch({ type: 'emailProcessing', isProcessing: true });
    try {
      const result = await sendEmailCode(address);
      dispatch({ type: 'emailCodeSent', ...result, now: Date.now() });
      clear('email');
      toast.success(t('msg.codeSent'));
    } catch (error) {
      // The API's refusal in the passenger's language (a cooldown, the attempts used up, a
      // malformed address ...), under the address.
      dispatch({
        type: 'emailCodeLimited',
        cooldownSeconds: error instanceof ApiError ? error.details.retryAfterSeconds : undefined,
        maxedOut: error instanceof ApiError && error.code === 'otp_max_attempts',
        now: Date.now(),
      });
      report({
        email: (tr) => (error instanceof ApiError ? apiErrorText(tr, error) : tr('msg.codeSendFailed')),
      });
    }
  };

  const verify = async () => {
    const value = code.trim();
    if (!isCompleteCode(value)) return void report({ code: (tr) => tr('msg.otpCodeFormat') });
    dispatch({ type: 'emailProcessing', isProcessing: true });
    try {
      const { verificationToken } = await verifyEmailCode(email.trim(), value);
      dispatch({ type: 'emailVerified', verificationToken });
      clear('email', 'code');
      setCode('');
      toast.success(t('msg.emailVerified'));
    } catch (error) {
      dispatch({ type: 'emailProcessing', isProcessing: false });
      // A wrong code is said under the code, where the passenger types it again.
      report({ code: (tr) => (error instanceof ApiError ? apiErrorText(tr, error) : tr('msg.codeInvalid')) });
    }
  };

  const codeSent = attemptCount > 0;
  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor="passenger-email">{t('passenger.emailAddress')}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={FIELD_IDS.email}
            type="email"
            autoComplete="email"
            dir="ltr"
            required
            value={email}
            {...fieldErrorProps(FIELD_IDS.email, errors.email, 'email-status')}
            onChange={(e) => {
              clear('email', 'code');
              dispatch({ type: 'passengerChanged', info: { email: e.target.value } });
            }}
          />
          {isVerified ? null : (
            <Button
              variant="secondary"
              className="h-11 sm:w-40"
              onClick={send}
              disabled={isProcessing || cooldown > 0 || maxedOut}
            >
              <Send aria-hidden="true" />
              {cooldown > 0
                ? t('passenger.resendIn', { n: cooldown })
                : codeSent
                  ? t('passenger.resendCode')
                  : t('passenger.sendCode')}
            </Button>
          )}
        </div>
        <FieldError fieldId={FIELD_IDS.email} error={errors.email} />
        <p id="email-status" className="text-sm" aria-live="polite">
          {isVerified ? (
            <span className="flex items-center gap-1 font-medium text-green-800">
              <BadgeCheck aria-hidden="true" className="size-4" /> {t('passenger.emailVerified')}
            </span>
          ) : maxedOut ? (
            <span className="text-red-700">{t('msg.otpMaxAttempts')}</span>
          ) : (
            <span className="text-slate-600">{t('passenger.codeHint')}</span>
          )}
        </p>
      </div>
      {!isVerified && codeSent ? (
        <div className="grid gap-2">
          <Label htmlFor="email-code">{t('passenger.verificationCode')}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <OneTimeCodeInput
              id={FIELD_IDS.code}
              value={code}
              {...fieldErrorProps(FIELD_IDS.code, errors.code)}
              onValueChange={(next) => {
                clear('code');
                setCode(next);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void verify();
                }
              }}
            />
            <Button className="h-11 sm:w-40" onClick={verify} disabled={isProcessing}>
              {t('passenger.verify')}
            </Button>
          </div>
          <FieldError fieldId={FIELD_IDS.code} error={errors.code} />
        </div>
      ) : null}
    </div>
  );
}
