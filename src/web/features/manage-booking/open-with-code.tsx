import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isCompleteCode } from '#web/components/one-time-code-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useLanguage } from '#web/i18n/texts.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { verifyManageCode } from './api.ts';
import { CodeEntry, ErrorAlert } from './code-entry.tsx';
import { manageErrorText } from './errors.ts';
import type { ManageSession } from './session.ts';
import { useManageTexts } from './texts.ts';
import { focusFirstInvalid } from './use-change.ts';

/** No link (or a refused one): the reference, a code to the booking's e-mail, and the code typed. */
export function OpenWithCode({ session, onOpened }: { session: ManageSession; onOpened: () => void }) {
  const t = useManageTexts();
  const language = useLanguage();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  /** The code's problem, under its field; what is not the code's (no connection), under the form. */
  const [codeError, setCodeError] = useState<string | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const running = useRef(false);

  useEffect(() => {
    if (focusTick > 0) focusFirstInvalid(formRef.current);
  }, [focusTick]);

  const refuseCode = (message: string) => {
    setCodeError(message);
    setFocusTick((n) => n + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return;
    const value = code.trim();
    setError(null);
    if (!isCompleteCode(value)) return refuseCode(t('msg.otpCodeFormat'));
    running.current = true;
    setBusy(true);
    try {
      session.verified(await verifyManageCode(session.reference, value));
      onOpened();
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.status !== 0) refuseCode(manageErrorText(t, thrown, language));
      else setError(thrown);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent className="grid gap-5 pt-6">
        <div className="flex items-start gap-3">
          <KeyRound aria-hidden="true" className="mt-1 size-6 shrink-0 text-sky-700" />
          <div className="min-w-0">
            <h2 className="text-lg font-semibold text-slate-900">{t('manage.openTitle')}</h2>
            <p className="mt-1 text-sm text-slate-600">
              {t('manage.reference')}:{' '}
              <bdi dir="ltr" className="font-mono text-base font-bold tracking-wider text-slate-900">
                {session.reference}
              </bdi>
            </p>
          </div>
        </div>
        {session.linkRefused ? (
          <p
            role="alert"
            className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
          >
            {t('manage.linkInvalid')}
          </p>
        ) : null}
        <p className="text-sm text-slate-700">{t('manage.openIntro')}</p>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={busy}>
          <CodeEntry
            session={session}
            code={code}
            error={codeError}
            onCodeChange={(value) => {
              setCodeError(undefined);
              setCode(value);
            }}
            onSend={() => {
              setCodeError(undefined);
              setError(null);
            }}
            inputId="manage-open-code"
          />
          <ErrorAlert error={error} />
          {session.code.sentAt ? (
            <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={busy}>
              {busy ? <Spinner /> : null}
              {busy ? t('manage.checkingCode') : t('manage.openBooking')}
            </Button>
          ) : null}
          <span role="status" className="sr-only">
            {busy ? t('manage.checkingCode') : ''}
          </span>
        </form>
      </CardContent>
    </Card>
  );
}
