import { ArrowLeft, CircleDollarSign, CirclePause, CirclePlay, Mail, Pencil } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Partner } from '#shared/partners.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useSavePartner } from './api.ts';
import { PartnerAllotments } from './partner-allotments.tsx';
import { isOverdue, OverdueBadge, PartnerStatusBadge } from './partner-badges.tsx';
import { PartnerDialog } from './partner-dialog.tsx';
import { PartnerStatements } from './partner-statements.tsx';
import { partnerTexts } from './partner-texts.ts';
import { PartnerUsersCard } from './partner-users.tsx';
import { PaymentDialog } from './payment-dialog.tsx';

function Figure({
  term,
  children,
  tone,
}: {
  term: string;
  children: ReactNode;
  tone?: 'strong' | 'alert' | undefined;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd
        className={cn(
          'mt-0.5 tabular-nums break-words text-slate-900',
          tone === 'strong' && 'text-lg font-bold',
          tone === 'alert' && 'text-lg font-bold text-red-800',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

/** The account as it stands, and what the office does to it: payments, terms, on or off. */
function AccountCard({ partner }: { partner: Partner }) {
  const [editing, setEditing] = useState(false);
  const [paying, setPaying] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSavePartner();
  const money = (amount: string) => formatAmount(amount, partner.currency);
  const overdue = isOverdue(partner);

  const setActive = () =>
    save.mutate(
      { id: partner.id, input: { active: !partner.active } },
      {
        onSuccess: (saved) => {
          toast.success(
            saved.active ? partnerTexts.activated(saved.name) : partnerTexts.deactivated(saved.name),
          );
          setSwitching(false);
        },
        onError: (error) => setRefusal(errorMessage(error)),
      },
    );

  return (
    <Card role="region" aria-labelledby="partner-account-title" className="grid gap-5 p-4 sm:p-6">
      <h3 id="partner-account-title" className="text-lg font-semibold text-slate-900">
        Account
      </h3>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure term="Balance" tone="strong">
          <span data-testid="partner-balance">{money(partner.balance)}</span>
          {Number(partner.balance) < 0 ? (
            <span className="block text-xs font-normal text-slate-600">In credit</span>
          ) : null}
        </Figure>
        <Figure term="Credit left" tone="strong">
          {money(partner.creditLeft)}
        </Figure>
        <Figure term="Credit limit">{money(partner.creditLimit)}</Figure>
        <Figure term="Overdue" tone={overdue ? 'alert' : undefined}>
          {overdue ? money(partner.overdue) : 'Nothing'}
        </Figure>
        <Figure term="Commission">{Number(partner.commissionPercent)}% off the public fare</Figure>
        <Figure term="Payment terms">{partner.paymentTermsDays} days</Figure>
        <Figure term="Cancels itself until">{partner.cancelHours} hours before departure</Figure>
        <Figure term="Statement numbers">
          <span className="font-mono">{partner.statementCode}-YYYYMM</span>
        </Figure>
      </dl>
      <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:flex-wrap">
        <Button onClick={() => setPaying(true)}>
          <CircleDollarSign aria-hidden="true" />
          Record payment
        </Button>
        <Button variant="outline" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          Edit terms
        </Button>
        <Button
          variant="outline"
          className={partner.active ? 'text-red-800 hover:bg-red-50' : undefined}
          onClick={() => {
            setRefusal(null);
            setSwitching(true);
          }}
        >
          {partner.active ? <CirclePause aria-hidden="true" /> : <CirclePlay aria-hidden="true" />}
          {partner.active ? 'Deactivate' : 'Activate'}
        </Button>
      </div>

      <PaymentDialog partner={partner} open={paying} onOpenChange={setPaying} />
      <PartnerDialog partner={partner} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={switching}
        onOpenChange={setSwitching}
        title={partner.active ? `Deactivate ${partner.name}?` : `Activate ${partner.name}?`}
        description={
          partner.active
            ? 'Its users can no longer book or see its bookings. Bookings already made stay, and it still owes its balance.'
            : 'Its users can book on account again, within its credit limit.'
        }
        confirmLabel={partner.active ? 'Deactivate' : 'Activate'}
        destructive={partner.active}
        busy={save.isPending}
        onConfirm={setActive}
      >
        {refusal ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {refusal}
          </p>
        ) : null}
      </ConfirmDialog>
    </Card>
  );
}

/** One partner's page: its account, its users, its statements and its allotments. */
export function PartnerDetail({ partner, onBack }: { partner: Partner | undefined; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const partnerId = partner?.id;
  // Opening a partner takes the reader to its name, not to the top of the page.
  useEffect(() => {
    if (partnerId) heading.current?.focus();
  }, [partnerId]);

  const back = (
    <Button variant="outline" onClick={onBack} className="w-fit">
      <ArrowLeft aria-hidden="true" />
      All partners
    </Button>
  );
  if (!partner) {
    return (
      <div className="mt-4 space-y-4">
        {back}
        <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-900">
          This partner does not exist.
        </p>
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-6">
      {back}
      <header className="grid gap-1">
        <h2
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold break-words text-slate-900 outline-none sm:text-2xl"
        >
          {partner.name}
        </h2>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <PartnerStatusBadge active={partner.active} />
          <OverdueBadge partner={partner} />
          <a
            href={`mailto:${partner.contactEmail}`}
            className="inline-flex min-w-0 items-center gap-1 text-sky-800 underline underline-offset-2"
          >
            <Mail aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="min-w-0 break-all">{partner.contactEmail}</span>
          </a>
          <span>Account in {partner.currency}</span>
        </p>
      </header>
      <AccountCard partner={partner} />
      <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
        <PartnerUsersCard partner={partner} />
        <PartnerStatements partner={partner} />
      </div>
      <PartnerAllotments partner={partner} />
    </div>
  );
}
