import { type FormEvent, useState } from 'react';
import { FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { renamePassenger } from './api.ts';
import { CodeStep, ConfirmChange } from './code-entry.tsx';
import { useManageTexts } from './texts.ts';
import { type ChangeFormProps, useChange } from './use-change.ts';

/** A misspelt name, corrected until boarding closes; the e-ticket is signed again. */
export function NameForm({ view, session, onChanged }: ChangeFormProps) {
  const t = useManageTexts();
  const change = useChange(session, onChanged);
  const [name, setName] = useState(view.passengerName);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const passengerName = name.trim().replace(/\s+/g, ' ');
    const problem =
      passengerName.length < 2 || passengerName.length > 100
        ? t('manage.nameInvalid')
        : passengerName === view.passengerName.trim()
          ? t('manage.nameUnchanged')
          : null;
    void change.submit(
      problem ? { name: problem } : {},
      (access, requestId) => renamePassenger(session.reference, access, { requestId, passengerName }),
      () => 'manage.nameDone',
      (thrown) => (thrown.code === 'validation_error' ? 'name' : null),
    );
  };

  return (
    <form ref={change.formRef} onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={change.busy}>
      <CodeStep session={session} change={change} email={view.emailMasked} idPrefix="name" />
      <FormField
        id="manage-name"
        label={t('manage.nameLabel')}
        hint={t('manage.nameHint')}
        error={change.fields.name}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="name"
            maxLength={100}
            required
            value={name}
            onChange={(e) => {
              change.edited('name');
              setName(e.target.value);
            }}
          />
        )}
      </FormField>
      <ConfirmChange session={session} change={change} label={t('manage.nameConfirm')} />
    </form>
  );
}
