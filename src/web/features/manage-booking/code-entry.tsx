import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { OneTimeCodeInput } from '#web/components/one-time-code-input.tsx';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useLanguage } from '#web/i18n/texts.tsx';
import { useSecondsUntil } from '#web/lib/use-seconds-until.ts';
import { manageErrorText } from './errors.ts';
import type { ManageSession } from './session.ts';
import { useManageTexts } from './texts.ts';
import type { Change } from './use-change.ts';

/** A problem in the passenger's words, read out as it appears. */
export function ErrorAlert({ error }: { error: unknown }) {
  const t = useManageTexts();
  const language = useLanguage();
  if (!error) return null;
  return (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {manageErrorText(t, error, language)}
    </p>
  );
}

/**
 * "Send a code" to the booking's own address, then the code's field. The asking is the page's
 * (one limit per reference), the code typed is the form's.
 */
export function CodeEntry({
  session,
  email,
  code,
  onCodeChange,
  onSend,
  inputId,
}: {
  session: ManageSession;
  /** The booking's masked address, when the page knows it. */
  email?: string;
  code: string;
  onCodeChange: (code: string) => void;
  /** Asking for a code answers an objection that there was none. */
  onSend: () => void;
  inputId: string;
}) {
  const t = useManageTexts();
  const { sending, sentAt, cooldownUntil, maxedOut, error } = session.code;
  const cooldown = useSecondsUntil(cooldownUntil);
  const hintId = `${inputId}-sent`;
  return (
    <div className="grid gap-3">
      <Button
        variant="secondary"
        className="h-auto min-h-11 w-full whitespace-normal py-2 sm:w-fit"
        onClick={() => {
          onSend();
          void session.sendCode();
        }}
        disabled={sending || cooldown > 0 || maxedOut}
      >
        {sending ? <Spinner /> : <Mail aria-hidden="true" />}
        {sending
          ? t('manage.sendingCode')
          : cooldown > 0
            ? t('manage.sendAgainIn', { n: cooldown })
            : sentAt
              ? t('manage.sendNewCode')
              : t('manage.sendCode')}
      </Button>
      <p id={hintId} aria-live="polite" className="text-sm text-slate-700 empty:hidden">
        {sentAt ? (email ? t('manage.codeSentTo', { email }) : t('manage.codeSent')) : ''}
      </p>
      <ErrorAlert error={error} />
      {sentAt ? (
        <div className="grid gap-2">
          <Label htmlFor={inputId}>{t('manage.codeLabel')}</Label>
          <OneTimeCodeInput
            id={inputId}
            className="max-w-48 text-center font-mono text-lg tracking-[0.3em] sm:text-lg"
            aria-describedby={hintId}
            value={code}
            onValueChange={onCodeChange}
          />
        </div>
      ) : null}
    </div>
  );
}

/** The submit of a change: a code unless one was proved a moment ago, progress, and the outcome. */
export function ConfirmChange({
  session,
  change,
  email,
  label,
  variant = 'default',
  idPrefix,
  children,
}: {
  session: ManageSession;
  change: Change;
  email: string;
  label: string;
  variant?: ButtonProps['variant'];
  idPrefix: string;
  children?: ReactNode;
}) {
  const t = useManageTexts();
  return (
    <div className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      {session.hasGrant ? (
        <p className="text-sm text-slate-700">{t('manage.confirmReady')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {email ? t('manage.confirmIntro', { email }) : t('manage.confirmIntroNoEmail')}
          </p>
          <CodeEntry
            session={session}
            email={email}
            code={change.code}
            onCodeChange={change.setCode}
            onSend={change.clearProblem}
            inputId={`${idPrefix}-code`}
          />
        </>
      )}
      {children}
      <ErrorAlert error={change.error} />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          variant={variant}
          size="lg"
          className="h-auto min-h-12 w-full whitespace-normal py-2 sm:w-auto"
          disabled={change.busy}
        >
          {change.busy ? <Spinner /> : null}
          {change.busy ? t('manage.saving') : label}
        </Button>
        <span role="status" className="sr-only">
          {change.busy ? t('manage.saving') : ''}
        </span>
      </div>
    </div>
  );
}
