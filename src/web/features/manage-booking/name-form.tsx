import { type FormEvent, useState } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { renamePassenger } from './api.ts';
import { ConfirmChange } from './code-entry.tsx';
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
    if (passengerName.length < 2 || passengerName.length > 100) return change.refuse(t('manage.nameInvalid'));
    if (passengerName === view.passengerName.trim()) return change.refuse(t('manage.nameUnchanged'));
    void change.submit(
      (access, requestId) => renamePassenger(session.reference, access, { requestId, passengerName }),
      () => 'manage.nameDone',
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={change.busy}>
      <div className="grid gap-2">
        <Label htmlFor="manage-name">{t('manage.nameLabel')}</Label>
        <Input
          id="manage-name"
          autoComplete="name"
          maxLength={100}
          required
          aria-describedby="manage-name-hint"
          value={name}
          onChange={(e) => {
            change.edited();
            setName(e.target.value);
          }}
        />
        <p id="manage-name-hint" className="text-sm text-slate-600">
          {t('manage.nameHint')}
        </p>
      </div>
      <ConfirmChange
        session={session}
        change={change}
        email={view.emailMasked}
        label={t('manage.nameConfirm')}
        idPrefix="name"
      />
    </form>
  );
}
