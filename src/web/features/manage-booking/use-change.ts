import { useRef, useState } from 'react';
import type { ManageView } from '#shared/manage-api.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { isCompleteCode } from '#web/components/one-time-code-input.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { type Access, verifyManageCode } from './api.ts';
import { FormProblem } from './errors.ts';
import { newRequestId } from './format.ts';
import type { ManageSession } from './session.ts';
import { useManageTexts } from './texts.ts';

/** How a change reports back: the booking as it now is, and what to tell the passenger. */
export type OnChanged = (view: ManageView, notice: TextId) => void;

/** What each change's form is given: the booking, the session that may change it, the report. */
export type ChangeFormProps = { view: ManageView; session: ManageSession; onChanged: OnChanged };

/**
 * One change's submit: prove the code (unless a grant is held), then send the change with its
 * request id. The id stays the same while the same submit is retried after a network failure
 * (the server then answers as it did the first time) and is new after any answer or edit.
 */
export function useChange(session: ManageSession, onChanged: OnChanged) {
  const t = useManageTexts();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [code, setCode] = useState('');
  const requestId = useRef<string | null>(null);
  const running = useRef(false);

  async function submit(
    send: (access: Access, requestId: string) => Promise<ManageView>,
    notice: (view: ManageView) => TextId,
  ) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      let access = session.access();
      if (!access) {
        const value = code.trim();
        if (!isCompleteCode(value))
          throw new FormProblem(session.code.sentAt ? t('msg.otpCodeFormat') : t('manage.codeNeeded'));
        const verified = await verifyManageCode(session.reference, value);
        session.verified(verified);
        setCode('');
        access = { link: verified.link, grant: verified.grant };
      }
      requestId.current ??= newRequestId();
      const view = await send(access, requestId.current);
      requestId.current = null;
      session.grantUsed();
      onChanged(view, notice(view));
    } catch (thrown) {
      if (!(thrown instanceof ApiError && thrown.status === 0)) requestId.current = null;
      if (thrown instanceof ApiError && thrown.code === 'manage_grant_required') session.grantUsed();
      if (thrown instanceof ApiError && thrown.code === 'manage_link_invalid') session.refuseLink();
      setError(thrown);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  /** The form's own objection is answered by what the passenger does next. */
  const clearProblem = () =>
    setError((current: unknown) => (current instanceof FormProblem ? null : current));

  return {
    busy,
    error,
    code,
    setCode: (value: string) => {
      clearProblem();
      setCode(value);
    },
    clearProblem,
    submit,
    /** The form found a problem before sending anything. */
    refuse: (message: string) => setError(new FormProblem(message)),
    /** The passenger changed the form: the next submit is a new request. */
    edited: () => {
      requestId.current = null;
    },
  };
}

export type Change = ReturnType<typeof useChange>;
