import { Receipt } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SLIP_REFUSALS, type Slip } from '#web/components/slip-picker.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { addSlip } from './api.ts';
import { CodeStep, ConfirmChange } from './code-entry.tsx';
import { PayInto } from './pay-into.tsx';
import { SlipFieldset } from './slip-input.tsx';
import { useManageTexts } from './texts.ts';
import { type ChangeFormProps, useChange } from './use-change.ts';

/**
 * A booking sent to pay later (docs/decisions/040-pay-later.md) that still waits for its transfer
 * (`view.slipAllowed`): its slip, added here like any change, with a code. The code is asked for
 * once a slip is chosen, so opening the page mails nothing. The answer is the booking as it now
 * is, which no longer allows a slip: the card goes.
 */
export function AddSlipCard({ view, session, onChanged }: ChangeFormProps) {
  const t = useManageTexts();
  const change = useChange(session, onChanged);
  const [slip, setSlip] = useState<Slip | null>(null);
  const [slipBusy, setSlipBusy] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const blob = slip?.blob;
    void change.submit(
      blob ? {} : { slip: t('manage.slipNeeded') },
      // Sent only when nothing is amiss: with a slip.
      (access, requestId) => addSlip(session.reference, access, { requestId }, blob as Blob),
      () => 'manage.addSlipDone',
      (thrown) => (thrown.code === 'slip_required' || SLIP_REFUSALS.has(thrown.code) ? 'slip' : null),
    );
  };

  return (
    <section aria-labelledby="manage-slip-title">
      <Card>
        <CardHeader className="pb-2">
          <h2 id="manage-slip-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Receipt aria-hidden="true" className="size-5 shrink-0 text-sky-700" />
            {t('manage.addSlipTitle')}
          </h2>
        </CardHeader>
        <CardContent>
          <form
            ref={change.formRef}
            onSubmit={onSubmit}
            noValidate
            className="grid gap-4"
            aria-busy={change.busy}
          >
            <p className="text-sm text-slate-700">{t('manage.addSlipIntro')}</p>
            <PayInto amount={view.totalAmount} currency={view.currency} />
            <SlipFieldset
              errorId="add-slip-error"
              error={change.fields.slip}
              slip={slip}
              onChange={(next) => {
                change.edited('slip');
                setSlip(next);
              }}
              onBusyChange={setSlipBusy}
            />
            {slip ? (
              <>
                <CodeStep session={session} change={change} email={view.emailMasked} idPrefix="slip" />
                <ConfirmChange
                  session={session}
                  change={change}
                  busy={change.busy || slipBusy}
                  label={t('manage.addSlipConfirm')}
                />
              </>
            ) : null}
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
