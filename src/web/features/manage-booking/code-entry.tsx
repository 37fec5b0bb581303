import { Mail } from 'lucide-react';
import { useEffect } from 'react';
import { FormField } from '#web/components/form-field.tsx';
import { OneTimeCodeInput } from '#web/components/one-time-code-input.tsx';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
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

/** Asking for a code (again): its label follows the sending, the wait and the last code sent. */
function SendCodeButton({
  session,
  onSend,
  first,
  variant = 'secondary',
}: {
  session: ManageSession;
  onSend?: (() => void) | undefined;
  /** The label before any code went out. */
  first: string;
  variant?: ButtonProps['variant'];
}) {
  const t = useManageTexts();
  const { sending, sentAt, cooldownUntil, maxedOut } = session.code;
  const cooldown = useSecondsUntil(cooldownUntil);
  return (
    <Button
      type="button"
      variant={variant}
      className="h-auto min-h-11 w-full whitespace-normal py-2 sm:w-fit"
      onClick={() => {
        onSend?.();
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
            : first}
    </Button>
  );
}

/** The code's field, its problem said under it. */
function CodeField({
  inputId,
  code,
  error,
  describedBy,
  onCodeChange,
}: {
  inputId: string;
  code: string;
  error: string | undefined;
  describedBy: string;
  onCodeChange: (code: string) => void;
}) {
  const t = useManageTexts();
  return (
    <FormField id={inputId} label={t('manage.codeLabel')} error={error} describedBy={describedBy}>
      {(control) => (
        <OneTimeCodeInput
          {...control}
          className="max-w-48 text-center font-mono text-lg tracking-[0.3em] sm:text-lg"
          value={code}
          onValueChange={onCodeChange}
        />
      )}
    </FormField>
  );
}

/**
 * Opening the booking: "Send a code" to the booking's own address, then the code's field. The
 * asking is the page's (one limit per reference), the code typed is the form's.
 */
export function CodeEntry({
  session,
  code,
  error,
  onCodeChange,
  onSend,
  inputId,
}: {
  session: ManageSession;
  code: string;
  /** The code's problem, said under its field. */
  error: string | undefined;
  onCodeChange: (code: string) => void;
  onSend: () => void;
  inputId: string;
}) {
  const t = useManageTexts();
  const hintId = `${inputId}-sent`;
  return (
    <div className="grid gap-3">
      <SendCodeButton session={session} onSend={onSend} first={t('manage.sendCode')} />
      <p id={hintId} aria-live="polite" className="text-sm text-slate-700 empty:hidden">
        {session.code.sentAt ? t('manage.codeSent') : ''}
      </p>
      <ErrorAlert error={session.code.error} />
      {session.code.sentAt ? (
        <CodeField
          inputId={inputId}
          code={code}
          error={error}
          describedBy={hintId}
          onCodeChange={onCodeChange}
        />
      ) : null}
    </div>
  );
}

/**
 * A change's code, first in its dialog: sent as the dialog opens, or as soon as the wait
 * between codes is over (a code sent a moment ago and still unused is asked for instead), then
 * its field. A code proved a moment ago (the page holds its grant) needs none.
 */
export function CodeStep({
  session,
  change,
  email,
  idPrefix,
}: {
  session: ManageSession;
  change: Change;
  email: string;
  idPrefix: string;
}) {
  const t = useManageTexts();
  const { sending, sentAt, cooldownUntil, maxedOut, error } = session.code;
  const needed = !session.hasGrant;
  const waiting = useSecondsUntil(cooldownUntil) > 0;
  const { sendCode } = session;
  useEffect(() => {
    if (needed && !sentAt && !sending && !waiting && !maxedOut && !error) void sendCode();
  }, [needed, sentAt, sending, waiting, maxedOut, error, sendCode]);

  if (!needed) {
    return (
      <p className="rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-950">
        {t('manage.confirmReady')}
      </p>
    );
  }
  const inputId = `${idPrefix}-code`;
  const hintId = `${inputId}-sent`;
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <p id={hintId} aria-live="polite" className="text-sm text-slate-700">
        {sending && !sentAt
          ? t('manage.sendingCode')
          : sentAt
            ? email
              ? t('manage.codeSentTo', { email })
              : t('manage.codeSent')
            : email
              ? t('manage.confirmIntro', { email })
              : t('manage.confirmIntroNoEmail')}
      </p>
      <ErrorAlert error={error} />
      {sentAt ? (
        <CodeField
          inputId={inputId}
          code={change.code}
          error={change.fields.code}
          describedBy={hintId}
          onCodeChange={change.setCode}
        />
      ) : null}
      {sentAt || error || waiting ? (
        <SendCodeButton
          session={session}
          onSend={() => change.fixed('code')}
          first={t('manage.sendCode')}
          variant="outline"
        />
      ) : null}
    </div>
  );
}

/**
 * The submit of a change, with what went wrong that belongs to no field. There is none until a
 * code went out (or a grant is held): no button asks for what the page cannot yet check.
 */
export function ConfirmChange({
  session,
  change,
  label,
  variant = 'default',
  busy = change.busy,
}: {
  session: ManageSession;
  change: Change;
  label: string;
  variant?: ButtonProps['variant'];
  busy?: boolean;
}) {
  const t = useManageTexts();
  const ready = session.hasGrant || session.code.sentAt !== null;
  return (
    <div className="grid gap-4">
      <ErrorAlert error={change.error} />
      {ready ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            variant={variant}
            size="lg"
            className="h-auto min-h-12 w-full whitespace-normal py-2 sm:w-auto"
            disabled={busy}
          >
            {busy ? <Spinner /> : null}
            {busy ? t('manage.saving') : label}
          </Button>
          <span role="status" className="sr-only">
            {busy ? t('manage.saving') : ''}
          </span>
        </div>
      ) : null}
    </div>
  );
}
