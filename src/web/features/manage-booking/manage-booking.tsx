import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Ticket } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ManageView } from '#shared/manage-api.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { T } from '#web/i18n/texts.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { Link } from '#web/lib/navigation.tsx';
import { ManageActions } from './actions.tsx';
import { AddSlipCard } from './add-slip-card.tsx';
import { manageViewQuery } from './api.ts';
import { Money } from './money.tsx';
import { OpenWithCode } from './open-with-code.tsx';
import { RefundsList } from './refunds-list.tsx';
import { useManageSession } from './session.ts';
import { useManageTexts } from './texts.ts';
import type { OnChanged } from './use-change.ts';

/** The e-ticket page of a confirmed booking. */
export function ETicketLink({ path }: { path: string }) {
  const t = useManageTexts();
  return (
    <Button asChild variant="outline" className="h-11 w-full sm:w-auto">
      <Link href={path}>
        <Ticket aria-hidden="true" />
        {t('manage.eTicketLink')}
      </Link>
    </Button>
  );
}

/**
 * The passenger's own page for a booking (docs/decisions/027): opened by the e-mailed link or a
 * code, it shows the booking (`booking`, then `ticket` while it has a code: the page composes
 * them from other features) and the changes the view allows, each confirmed with a code.
 */
export function ManageBooking({
  reference,
  booking,
  ticket,
}: {
  reference: string;
  booking: (view: ManageView) => ReactNode;
  ticket: (view: ManageView) => ReactNode;
}) {
  const t = useManageTexts();
  const session = useManageSession(reference);
  const queryClient = useQueryClient();
  const query = manageViewQuery(reference, session.link ?? '');
  const key = query.queryKey;
  const view = useQuery({ ...query, enabled: session.link !== null });
  const [notice, setNotice] = useState<{ id: TextId; at: number } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  // A link the server refuses (expired, or another booking's) is forgotten: a code opens the page.
  const refused = view.error instanceof ApiError && view.error.code === 'manage_link_invalid';
  const { refuseLink } = session;
  useEffect(() => {
    if (refused) refuseLink();
  }, [refused, refuseLink]);

  // After a change (or opening with a code) the outcome is read out and the focus moves to it.
  useEffect(() => {
    if (notice && view.data) noticeRef.current?.focus();
  }, [notice, view.data]);

  const onChanged: OnChanged = (next, id) => {
    queryClient.setQueryData(key, next);
    setNotice({ id, at: Date.now() });
  };

  if (!session.link || refused) {
    return (
      <OpenWithCode
        session={session}
        onOpened={() => {
          queryClient.removeQueries({ queryKey: key });
          setNotice({ id: 'manage.opened', at: Date.now() });
        }}
      />
    );
  }
  if (view.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <Spinner className="size-5 text-sky-700" />
        {t('manage.loading')}
      </p>
    );
  }
  if (view.isError) {
    return (
      <div role="alert" className="grid gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
        <p>{t('manage.loadFailed')}</p>
        <Button variant="outline" className="w-fit" onClick={() => void view.refetch()}>
          <RefreshCw aria-hidden="true" />
          {t('manage.tryAgain')}
        </Button>
      </div>
    );
  }

  const data = view.data;
  return (
    <div className="space-y-6">
      {notice ? (
        <p
          key={notice.at}
          ref={noticeRef}
          tabIndex={-1}
          role="status"
          className="rounded-xl border border-green-200 bg-green-50 p-4 font-medium text-green-950 outline-none focus-visible:ring-2 focus-visible:ring-green-600"
        >
          {t(notice.id)}
        </p>
      ) : null}
      {data.extraAmount ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          <T
            id="manage.extraPending"
            values={{ amount: <Money amount={data.extraAmount} currency={data.currency} /> }}
          />
        </p>
      ) : null}
      {booking(data)}
      {/* Sent to pay later and still waiting for its transfer (docs/decisions/040-pay-later.md). */}
      {data.slipAllowed ? <AddSlipCard view={data} session={session} onChanged={onChanged} /> : null}
      <RefundsList refunds={data.refunds} />
      <ManageActions view={data} session={session} onChanged={onChanged} />
      {data.code ? ticket(data) : null}
    </div>
  );
}
