import { useInfiniteQuery } from '@tanstack/react-query';
import { Inbox, Search, X } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type AdminTicket, TICKET_TABS, type TicketTab } from '#shared/admin-api.ts';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { ShowMore } from '#web/components/show-more.tsx';
import { type SlipPayment, SlipViewerDialog } from '#web/components/slip-viewer/slip-viewer-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useAdminFirstPage } from '#web/lib/use-admin-first-page.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { type TicketFilters, ticketListQuery } from './api.ts';
import { ReviewDetail } from './review-detail.tsx';
import { ReviewQueue } from './review-queue.tsx';
import { expectedPayment, TicketCard } from './ticket-card.tsx';
import { UndoBanner } from './undo-banner.tsx';

const SEARCH_DEBOUNCE_MS = 300;

const TAB_LABEL: Record<TicketTab, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const EMPTY_TEXT: Record<TicketTab, string> = {
  pending: 'No pending tickets',
  approved: 'No approved tickets',
  rejected: 'No rejected tickets',
};

const isTab = (value: string | null): value is TicketTab => TICKET_TABS.some((tab) => tab === value);

/**
 * The pages' tickets in order, each once: a booking whose place in the order changed between two
 * pages (its departure moved) shows where it was first listed until the list is fetched again.
 */
function ticketsOf(pages: readonly { tickets: AdminTicket[] }[]): AdminTicket[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.tickets)
    .filter((ticket) => {
      if (seen.has(ticket.id)) return false;
      seen.add(ticket.id);
      return true;
    });
}

/** The list of a tab: the Pending tab's queue is an ordered list, the others a list of cards. */
type ListElement = HTMLOListElement & HTMLUListElement;

/** Tab, travel date and reference search live in the URL, so a reload or a shared link keeps them. */
function useFilters() {
  const [params, update] = useUrlParams();
  const tabParam = params.get('tab');
  const filters = {
    tab: isTab(tabParam) ? tabParam : 'pending',
    date: params.get('date') ?? '',
    q: params.get('q')?.trim() ?? '',
    paidByStatement: params.get('paidBy') === 'statement',
  } satisfies TicketFilters;
  /** The booking open for review, by id. */
  const open = params.get('open') ?? '';
  const hrefWith = (openId: string | null) => {
    const next = new URLSearchParams(params);
    if (openId) next.set('open', openId);
    else next.delete('open');
    const query = next.toString();
    return `/admin/tickets${query ? `?${query}` : ''}`;
  };
  return { filters, open, hrefWith, update };
}

export function TicketsView() {
  const { filters, open, hrefWith, update } = useFilters();
  const [search, setSearch] = useState(filters.q);
  const settled = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [slipTicket, setSlipTicket] = useState<{ ticket: AdminTicket; payment: SlipPayment } | null>(null);
  const [slipOpen, setSlipOpen] = useState(false);

  // Typing settles into the URL; the effect only writes when the settled text differs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the settled text only.
  useEffect(() => {
    if (settled !== filters.q) update({ q: settled });
  }, [settled]);

  const listQuery = ticketListQuery(filters);
  const list = useInfiniteQuery(listQuery);
  // Another tab or filter is another list, read from its first page; so is this one, come back to.
  useAdminFirstPage(listQuery.queryKey);
  const pages = list.data?.pages ?? [];
  // The counts of the page fetched last: every page carries them, the latest the freshest.
  const counts = pages.at(-1)?.counts;
  const tickets = ticketsOf(pages);
  const listRef = useRef<ListElement>(null);
  const showMore = () => {
    if (list.isFetchingNextPage || list.isPlaceholderData) return;
    void list.fetchNextPage();
  };

  // Working through the queue from an opened booking: the next page is fetched on the way to
  // the last one shown, so "Approve and next" goes on past it instead of back to the queue.
  const openAt = open ? tickets.findIndex((ticket) => ticket.id === open) : -1;
  const nearEnd = openAt >= 0 && openAt >= tickets.length - 2;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetches when the booking opened nears the end.
  useEffect(() => {
    // A refetch under way is not cut short: this runs again once it settles.
    if (nearEnd && list.hasNextPage && !list.isFetching) void list.fetchNextPage();
  }, [nearEnd, list.hasNextPage, list.isFetching]);
  const viewSlip = (ticket: AdminTicket, payment: SlipPayment) => {
    setSlipTicket({ ticket, payment });
    setSlipOpen(true);
  };
  // A search by reference looks for one booking: it shows in full. The queue itself is compact.
  const asQueue = filters.tab === 'pending' && !filters.q;

  const slipViewer = slipTicket && (
    <SlipViewerDialog
      ticketId={slipTicket.ticket.id}
      reference={slipTicket.ticket.reference}
      payment={slipTicket.payment}
      hasSlip={
        slipTicket.payment === 'extra'
          ? Boolean(slipTicket.ticket.extraPayment?.hasSlip)
          : slipTicket.ticket.hasSlip
      }
      open={slipOpen}
      onOpenChange={setSlipOpen}
      expected={expectedPayment(slipTicket.ticket, slipTicket.payment)}
    />
  );
  const undoBanner = <UndoBanner onUndone={(ticketId) => (open ? update({ open: ticketId }) : undefined)} />;

  if (open) {
    return (
      <div className="mt-6 flex flex-col gap-4">
        {undoBanner}
        <ReviewDetail
          ticketId={open}
          queue={tickets}
          waiting={filters.tab === 'pending' ? counts?.pending : undefined}
          backHref={hrefWith(null)}
          hrefOf={(ticket) => hrefWith(ticket.id)}
          open={(ticketId) => update({ open: ticketId })}
          onViewSlip={viewSlip}
        />
        {slipViewer}
      </div>
    );
  }

  return (
    <div className="mt-6 flex flex-col gap-5">
      {undoBanner}
      <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:flex lg:items-end">
        <div className="grid gap-2 lg:w-64">
          <Label htmlFor="ticket-search">Search by reference</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id="ticket-search"
              type="search"
              inputMode="numeric"
              autoComplete="off"
              className="pl-9"
              placeholder="e.g. 2611221234"
              maxLength={40}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-2 lg:w-56">
          <Label htmlFor="ticket-date">Travel date</Label>
          <div className="flex gap-2">
            <Input
              id="ticket-date"
              type="date"
              value={filters.date}
              onChange={(event) => update({ date: event.target.value })}
            />
            {filters.date && (
              <Button
                variant="outline"
                size="icon"
                aria-label="Clear travel date"
                onClick={() => update({ date: '' })}
              >
                <X aria-hidden="true" />
              </Button>
            )}
          </div>
        </div>
        <Checkbox
          label="Paid by statement"
          containerClassName="lg:pb-3"
          checked={filters.paidByStatement}
          onChange={(event) => update({ paidBy: event.target.checked ? 'statement' : '' })}
        />
        {list.isFetching && !list.isFetchingNextPage && (
          <p className="flex items-center gap-2 text-sm text-slate-600 lg:ml-auto lg:pb-3">
            <Spinner className="size-4" />
            Updating…
          </p>
        )}
      </div>

      <Tabs value={filters.tab} onValueChange={(tab) => update({ tab: tab === 'pending' ? '' : tab })}>
        <TabsList aria-label="Ticket status" className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto">
          {TICKET_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab} className="gap-1.5 px-2 sm:gap-2 sm:px-3">
              {TAB_LABEL[tab]}
              <span
                data-testid={`count-${tab}`}
                className="min-w-6 rounded-full bg-slate-200 px-1.5 py-0.5 text-xs tabular-nums text-slate-800"
              >
                {counts ? counts[tab] : '…'}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        {TICKET_TABS.map((tab) => (
          <TabsContent key={tab} value={tab}>
            {tab === filters.tab && (
              <TicketList
                tab={tab}
                tickets={tickets}
                listRef={listRef}
                loading={list.isPending}
                error={list.isError && !list.isFetchNextPageError ? list.error : null}
                onViewSlip={viewSlip}
                queue={asQueue ? { hrefOf: (ticket) => hrefWith(ticket.id) } : undefined}
              />
            )}
            {tab === filters.tab &&
              counts &&
              tickets.length > 0 &&
              !list.isPlaceholderData &&
              (list.hasNextPage || pages.length > 1) && (
                // A page at a time (TICKET_PAGE_SIZE); the tab's count is all of them.
                <ShowMore
                  list={listRef}
                  shown={tickets.length}
                  total={counts[tab]}
                  noun="tickets"
                  more={list.hasNextPage}
                  loading={list.isFetchingNextPage}
                  error={list.isFetchNextPageError ? list.error : null}
                  onMore={showMore}
                />
              )}
          </TabsContent>
        ))}
      </Tabs>

      {slipViewer}
    </div>
  );
}

function TicketList({
  tab,
  tickets,
  listRef,
  loading,
  error,
  onViewSlip,
  queue,
}: {
  tab: TicketTab;
  tickets: AdminTicket[];
  /** The list element, whose rows "Show more" moves the focus to. */
  listRef: RefObject<ListElement | null>;
  loading: boolean;
  error: Error | null;
  onViewSlip: (ticket: AdminTicket, payment: SlipPayment) => void;
  /** The Pending tab unsearched: compact rows, each opening its booking for review. */
  queue?: { hrefOf: (ticket: AdminTicket) => string } | undefined;
}) {
  if (loading) {
    return <LoadingNote>Loading tickets…</LoadingNote>;
  }
  if (error) {
    return <ErrorNote error={error} />;
  }
  if (tickets.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <Inbox aria-hidden="true" className="size-8 text-slate-400" />
        <p className="font-semibold text-slate-900">{EMPTY_TEXT[tab]}</p>
        <p className="text-sm text-slate-600">Tickets matching the filters will show up here.</p>
      </div>
    );
  }
  if (queue) {
    return (
      <ReviewQueue
        tickets={tickets}
        listRef={listRef}
        hrefOf={queue.hrefOf}
        onViewSlip={(ticket) => onViewSlip(ticket, 'booking')}
      />
    );
  }
  return (
    <ul ref={listRef} className="flex flex-col gap-4">
      {tickets.map((ticket) => (
        <li
          key={ticket.id}
          tabIndex={-1}
          className="rounded-2xl focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          <TicketCard ticket={ticket} onViewSlip={(payment) => onViewSlip(ticket, payment)} />
        </li>
      ))}
    </ul>
  );
}
