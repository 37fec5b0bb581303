import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ManageView } from '#shared/manage-api.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { isCompleteCode } from '#web/components/one-time-code-input.tsx';
import { useLanguage } from '#web/i18n/texts.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { type Access, verifyManageCode } from './api.ts';
import { manageErrorText } from './errors.ts';
import { newRequestId } from './format.ts';
import type { ManageSession } from './session.ts';
import { useManageTexts } from './texts.ts';

/** How a change reports back: the booking as it now is, and what to tell the passenger. */
export type OnChanged = (view: ManageView, notice: TextId) => void;

/** What each change's form is given: the booking, the session that may change it, the report. */
export type ChangeFormProps = { view: ManageView; session: ManageSession; onChanged: OnChanged };

/** A form's problems by field (the code's is `code`), each in the passenger's language. */
export type FieldErrors = Readonly<Record<string, string>>;

/**
 * Moves the focus to the first field in error of `form`, in reading order: the control itself,
 * or the first enabled control of a group marked invalid (the departures, the seats).
 */
export function focusFirstInvalid(form: HTMLElement | null) {
  const marked = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!marked) return;
  const target = marked.matches('input, select, textarea, button')
    ? marked
    : marked.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled]), select, textarea');
  (target ?? marked).focus();
}

/**
 * One change's submit: prove the code (unless a grant is held), then send the change with its
 * request id. The id stays the same while the same submit is retried after a network failure
 * (the server then answers as it did the first time) and is new after any answer or edit.
 * Problems are said where they are: under the code or the field (`fields`), the focus on the
 * first of them; what belongs to no field is the form's `error`.
 */
export function useChange(session: ManageSession, onChanged: OnChanged) {
  const t = useManageTexts();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [code, setCode] = useState('');
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const requestId = useRef<string | null>(null);
  const running = useRef(false);

  useEffect(() => {
    if (focusTick > 0) focusFirstInvalid(formRef.current);
  }, [focusTick]);

  const showFields = (next: FieldErrors) => {
    setFields(next);
    setFocusTick((n) => n + 1);
  };

  /**
   * Sends the change once the form's own `problems` (by field) are none and the code is whole.
   * `fieldOf` names the field a refusal of the server is about, if any.
   */
  async function submit(
    problems: FieldErrors,
    send: (access: Access, requestId: string) => Promise<ManageView>,
    notice: (view: ManageView) => TextId,
    fieldOf: (thrown: ApiError) => string | null = () => null,
  ) {
    if (running.current) return;
    const held = session.access();
    const found: Record<string, string> = {};
    if (!held && !isCompleteCode(code.trim())) found.code = t('msg.otpCodeFormat');
    Object.assign(found, problems);
    setError(null);
    if (Object.keys(found).length > 0) return showFields(found);
    setFields({});
    running.current = true;
    setBusy(true);
    // A refusal while the code is checked is the code's (wrong, expired, too many tries).
    let checkingCode = false;
    try {
      let access = held;
      if (!access) {
        checkingCode = true;
        const verified = await verifyManageCode(session.reference, code.trim());
        checkingCode = false;
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
      const field =
        thrown instanceof ApiError && thrown.status !== 0 ? (checkingCode ? 'code' : fieldOf(thrown)) : null;
      if (field) showFields({ [field]: manageErrorText(t, thrown, language) });
      else setError(thrown);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  /** A field the passenger changed no longer shows its problem. */
  const fixed = (field: string) =>
    setFields((current) => {
      if (!(field in current)) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });

  return {
    busy,
    error,
    fields,
    formRef: formRef as RefObject<HTMLFormElement | null>,
    code,
    setCode: (value: string) => {
      fixed('code');
      setCode(value);
    },
    submit,
    fixed,
    /** The passenger changed the form: the next submit is a new request. */
    edited: (field?: string) => {
      requestId.current = null;
      if (field) fixed(field);
    },
  };
}

export type Change = ReturnType<typeof useChange>;
