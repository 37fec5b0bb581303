import { useInfiniteQuery } from '@tanstack/react-query';
import {
  BadgeCheck,
  CalendarClock,
  CircleDollarSign,
  Download,
  FileImage,
  Mail,
  Phone,
  TriangleAlert,
  WalletCards,
} from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { REFUND_REASON_LABELS, type Refund } from '#shared/disruptions.ts';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { ShowMore } from '#web/components/show-more.tsx';
import { type SlipPayment, SlipViewerDialog } from '#web/components/slip-viewer/slip-viewer-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { formatAmount, formatCount } from '#web/lib/admin-format.ts';
import { formatDay, formatInstant } from '#web/lib/dates.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { useAdminFirstPage } from '#web/lib/use-admin-first-page.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import {
  REFUND_TABS,
  type RefundList as RefundPage,
  type RefundTab,
  refundListQuery,
  refundsCsvUrl,
} from './api.ts';
import { CardRefundFacts, GatewayErrorNote, isCardRefund, RefundToCardDialog } from './card-refund.tsx';
import { MarkRefundedDialog } from './mark-refunded-dialog.tsx';
import { RefundAccount } from './refund-account.tsx';

const TAB_LABEL: Record<RefundTab, string> = { requested: 'To refund', refunded: 'Refunded' };

/** What the whole state adds up to, per currency: 'MVR 1,000.00, USD 50.00' (the server sums it). */
function sumsText(totals: RefundPage['totals']): string {
  return totals.map((t) => formatAmount(t.amount, t.currency)).join(', ');
}

/** The pages' requests in order, each once (one asked for again between two pages shows where it was first). */
function refundsOf(pages: readonly RefundPage[]): Refund[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.refunds)
    .filter((refund) => {
      if (seen.has(refund.id)) return false;
      seen.add(refund.id);
      return true;
    });
}

function Contact({ refund }: { refund: Refund }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {refund.email ? (
        <a
          href={`mailto:${refund.email}`}
          className="inline-flex min-w-0 items-center gap-1 text-sky-800 underline underline-offset-2"
        >
          <Mail aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="min-w-0 break-all">{refund.email}</span>
        </a>
      ) : (
        <span className="text-slate-600">No e-mail</span>
      )}
      {refund.phone ? (
        <a
          href={telHref(refund.phone)}
          className="inline-flex items-center gap-1 text-sky-800 underline underline-offset-2"
        >
          <Phone aria-hidden="true" className="size-3.5" />
          {refund.phone}
        </a>
      ) : (
        <span className="text-slate-600">No phone</span>
      )}
    </p>
  );
}

function RefundRow({
  refund,
  gatewayRefunds,
  onMark,
  onRefundToCard,
  onViewSlip,
}: {
  refund: Refund;
  /** Whether the card gateway refunds through its API; otherwise in its merchant portal. */
  gatewayRefunds: boolean;
  onMark?: (() => void) | undefined;
  onRefundToCard?: (() => void) | undefined;
  onViewSlip: (payment: SlipPayment) => void;
}) {
  const timeZone = useOperatorTimeZone();
  const portalNoteId = useId();
  const card = isCardRefund(refund) ? refund : null;
  // A card refund goes back through the gateway when it can; else it is made in its portal.
  const throughGateway = card !== null && gatewayRefunds && onRefundToCard !== undefined;
  const inPortal = card !== null && !gatewayRefunds && onMark !== undefined;
  return (
    <li
      data-reference={refund.reference}
      tabIndex={-1}
      className="grid gap-3 p-4 sm:px-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,19rem)_auto] lg:items-start"
    >
      <div className="grid min-w-0 gap-1.5">
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="font-mono text-sm font-semibold text-slate-900">{refund.reference}</span>
          <span className="font-semibold break-words text-slate-900">{refund.passengerName}</span>
          <Badge variant="outline" className="self-center">
            {REFUND_REASON_LABELS[refund.reason]}
          </Badge>
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-800">
          <span className="inline-flex items-center gap-1 font-semibold tabular-nums">
            <CircleDollarSign aria-hidden="true" className="size-4 text-slate-600" />
            <span className="sr-only">Amount due: </span>
            {formatAmount(refund.amount, refund.currency)}
          </span>
          {refund.percent !== null && (
            <span className="tabular-nums text-slate-700">{refund.percent}% of the fare (policy)</span>
          )}
          <span className="inline-flex items-center gap-1">
            <CalendarClock aria-hidden="true" className="size-4 text-slate-600" />
            <span className="sr-only">Travel: </span>
            <span className="tabular-nums">
              {formatDay(refund.travelDate)}
              {refund.departureTime ? `, ${refund.departureTime}` : ''}
            </span>
          </span>
          {refund.paymentVerified ? (
            <Badge variant="success">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              Payment verified
            </Badge>
          ) : (
            <Badge variant="warning">
              <TriangleAlert aria-hidden="true" className="size-3.5" />
              Payment not yet verified
            </Badge>
          )}
        </p>
        <Contact refund={refund} />
        <p className="text-xs text-slate-600">
          Requested {formatInstant(refund.createdAt, timeZone)}
          {refund.refundedAt && <> · refunded {formatInstant(refund.refundedAt, timeZone)}</>}
        </p>
        {refund.bankReference && (
          <p className="text-sm text-slate-800">
            {card ? 'Card refund reference' : 'Bank reference'}{' '}
            <span className="font-mono font-semibold break-all text-slate-900">{refund.bankReference}</span>
          </p>
        )}
        <GatewayErrorNote refund={refund} />
      </div>
      {card ? <CardRefundFacts refund={card} /> : <RefundAccount refund={refund} />}
      <div className="grid gap-2 sm:flex sm:flex-wrap lg:grid lg:w-44">
        {card && !refund.hasSlip ? (
          <p className="flex items-center gap-1.5 self-center text-sm text-slate-600 lg:justify-center">
            <WalletCards aria-hidden="true" className="size-4 shrink-0" />
            No slip: paid by card
          </p>
        ) : refund.hasSlip ? (
          <Button variant="outline" onClick={() => onViewSlip('booking')}>
            <FileImage aria-hidden="true" />
            View slip
            <span className="sr-only"> of booking {refund.reference}</span>
          </Button>
        ) : (
          <p className="self-center text-sm text-slate-600 lg:text-center">No payment slip</p>
        )}
        {refund.hasExtraSlip ? (
          <Button variant="outline" onClick={() => onViewSlip('extra')}>
            <FileImage aria-hidden="true" />
            View 2nd slip
            <span className="sr-only">, the rebooking payment, of booking {refund.reference}</span>
          </Button>
        ) : null}
        {throughGateway && (
          <Button onClick={onRefundToCard}>
            <WalletCards aria-hidden="true" />
            Refund to card
            <span className="sr-only"> {refund.reference}</span>
          </Button>
        )}
        {inPortal && (
          <p id={portalNoteId} className="text-sm text-slate-700 sm:basis-full">
            Refund this in the card gateway’s merchant portal, then enter its refund reference.
          </p>
        )}
        {onMark && (
          // Beside "Refund to card", for a refund already made in the gateway's portal.
          <Button
            variant={throughGateway ? 'outline' : 'default'}
            onClick={onMark}
            aria-describedby={inPortal ? portalNoteId : undefined}
          >
            <CircleDollarSign aria-hidden="true" />
            Mark refunded
            <span className="sr-only"> {refund.reference}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

function RefundList({ status }: { status: RefundTab }) {
  const listQuery = refundListQuery(status);
  const list = useInfiniteQuery(listQuery);
  // The other tab, or this one come back to, is read from its first page.
  useAdminFirstPage(listQuery.queryKey);
  const listRef = useRef<HTMLUListElement>(null);
  const [target, setTarget] = useState<Refund | null>(null);
  const [toCard, setToCard] = useState<Refund | null>(null);
  // A dialog closed gives focus back to the button that opened it; a refund made leaves the list
  // with its buttons, and the reader goes on from the list's summary.
  const summary = useRef<HTMLParagraphElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = (set: (refund: Refund) => void, refund: Refund) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    set(refund);
  };
  const closed = () =>
    requestAnimationFrame(() => {
      const back = opener.current?.isConnected ? opener.current : summary.current;
      back?.focus();
    });
  const [slip, setSlip] = useState<{ refund: Refund; payment: SlipPayment } | null>(null);
  const [slipOpen, setSlipOpen] = useState(false);

  if (list.isPending) return <LoadingNote>Loading refunds…</LoadingNote>;
  if (list.isError && !list.isFetchNextPageError) return <ErrorNote error={list.error} />;
  const { pages } = list.data;
  const refunds = refundsOf(pages);
  // The page fetched last carries the freshest totals.
  const { gatewayRefunds, totals } = pages.at(-1) ?? { gatewayRefunds: false, totals: [] };
  if (refunds.length === 0) {
    return <EmptyNote>{status === 'requested' ? 'Nothing to refund.' : 'No refunds made yet.'}</EmptyNote>;
  }
  const total = totals.reduce((n, t) => n + t.count, 0);
  const count = `${formatCount(total)} ${total === 1 ? 'refund' : 'refunds'}`;
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p ref={summary} tabIndex={-1} className="text-sm text-slate-800 outline-none">
          {status === 'requested' ? `${count} to make: ` : `${count} made: `}
          <span className="font-semibold tabular-nums">{sumsText(totals)}</span>
        </p>
        <Button asChild variant="outline">
          <a href={refundsCsvUrl(status)} download>
            <Download aria-hidden="true" />
            Export CSV
            <span className="sr-only"> of the {TAB_LABEL[status].toLowerCase()} list</span>
          </a>
        </Button>
      </div>
      <ul
        ref={listRef}
        className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm [&>li]:focus-visible:outline-2 [&>li]:focus-visible:-outline-offset-2 [&>li]:focus-visible:outline-sky-600"
      >
        {refunds.map((refund) => (
          <RefundRow
            key={refund.id}
            refund={refund}
            gatewayRefunds={gatewayRefunds}
            onMark={status === 'requested' ? () => open(setTarget, refund) : undefined}
            onRefundToCard={status === 'requested' ? () => open(setToCard, refund) : undefined}
            onViewSlip={(payment) => {
              setSlip({ refund, payment });
              setSlipOpen(true);
            }}
          />
        ))}
      </ul>
      {(list.hasNextPage || pages.length > 1) && (
        <ShowMore
          list={listRef}
          shown={refunds.length}
          total={total}
          noun="refunds"
          more={list.hasNextPage}
          loading={list.isFetchingNextPage}
          error={list.isFetchNextPageError ? list.error : null}
          onMore={() => void list.fetchNextPage()}
        />
      )}
      <MarkRefundedDialog
        refund={target}
        onOpenChange={(isOpen) => {
          if (isOpen) return;
          setTarget(null);
          closed();
        }}
      />
      <RefundToCardDialog
        refund={toCard && isCardRefund(toCard) ? toCard : null}
        onOpenChange={(isOpen) => {
          if (isOpen) return;
          setToCard(null);
          closed();
        }}
        onRefunded={() => {
          setToCard(null);
          closed();
        }}
      />
      {slip && (
        <SlipViewerDialog
          ticketId={slip.refund.ticketId}
          reference={slip.refund.reference}
          hasSlip={slip.payment === 'extra' ? slip.refund.hasExtraSlip : slip.refund.hasSlip}
          payment={slip.payment}
          open={slipOpen}
          onOpenChange={setSlipOpen}
          aside={
            // The account the refund goes to, beside the payer on the slip: a different name
            // may mean the manage link was forwarded (docs/decisions/027).
            <div className="grid gap-2">
              <RefundAccount refund={slip.refund} className="bg-white" stacked />
              <p className="text-xs text-slate-600">
                Compare it with the payer on the slip before sending the refund.
              </p>
            </div>
          }
        />
      )}
    </>
  );
}

/** The refunds queue (docs/decisions/026, 027): what is still owed, and what has been paid back. */
export function RefundsView() {
  const [params, setParams] = useUrlParams();
  const tab: RefundTab = params.get('status') === 'refunded' ? 'refunded' : 'requested';
  return (
    <Tabs
      className="mt-6"
      value={tab}
      onValueChange={(next) => setParams({ status: next === 'refunded' ? next : null }, { replace: true })}
    >
      <TabsList aria-label="Refund status" className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
        {REFUND_TABS.map((value) => (
          <TabsTrigger key={value} value={value}>
            {TAB_LABEL[value]}
          </TabsTrigger>
        ))}
      </TabsList>
      {REFUND_TABS.map((value) => (
        <TabsContent key={value} value={value}>
          {value === tab && <RefundList status={value} />}
        </TabsContent>
      ))}
    </Tabs>
  );
}
