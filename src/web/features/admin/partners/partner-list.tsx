import type { ReactNode } from 'react';
import type { Partner } from '#shared/partners.ts';
import { EmptyNote } from '#web/components/query-notes.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { Link } from '#web/lib/navigation.tsx';
import { cn } from '#web/lib/utils.ts';
import { isOverdue, OverdueBadge, PartnerStatusBadge } from './partner-badges.tsx';

/** The partner's own page: the list with `?partner=` (the back button goes back to the list). */
export const partnerHref = (id: string) => `/admin/partners?${new URLSearchParams({ partner: id })}`;

function Figure({ term, children, strong }: { term: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className={cn('mt-0.5 text-sm tabular-nums text-slate-900', strong && 'font-semibold')}>
        {children}
      </dd>
    </div>
  );
}

/** Every partner, active ones first, each with what it owes and may still book on account. */
export function PartnerList({ partners }: { partners: Partner[] }) {
  if (partners.length === 0) return <EmptyNote>No partners yet. Add the first with New partner.</EmptyNote>;
  const sorted = [...partners].sort(
    (a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name),
  );
  return (
    <ul
      aria-label="Partners"
      className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {sorted.map((partner) => {
        const overdue = isOverdue(partner);
        const money = (amount: string) => formatAmount(amount, partner.currency);
        return (
          <li
            key={partner.id}
            data-partner-name={partner.name}
            className={cn(
              'relative grid gap-3 p-4 sm:px-5 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,2fr)] lg:items-center',
              overdue && 'bg-red-50/60',
              !partner.active && 'bg-slate-50',
            )}
          >
            {/* A bar down the row's edge, beside the words of the Overdue badge. */}
            {overdue ? (
              <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1 bg-red-600" />
            ) : null}
            <div className="grid min-w-0 gap-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Link
                  href={partnerHref(partner.id)}
                  className="min-w-0 font-semibold break-words text-sky-800 underline underline-offset-2 hover:text-sky-950"
                >
                  {partner.name}
                </Link>
                <PartnerStatusBadge active={partner.active} />
                <OverdueBadge partner={partner} />
              </p>
              <p className="text-sm text-slate-600">
                {partner.currency} · {Number(partner.commissionPercent)}% commission ·{' '}
                {partner.paymentTermsDays} days to pay
              </p>
            </div>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Figure term="Credit limit">{money(partner.creditLimit)}</Figure>
              <Figure term="Balance" strong>
                {money(partner.balance)}
              </Figure>
              <Figure term="Credit left">{money(partner.creditLeft)}</Figure>
              <Figure term="Overdue" strong={overdue}>
                <span className={overdue ? 'text-red-800' : 'text-slate-600'}>
                  {overdue ? money(partner.overdue) : 'Nothing'}
                </span>
              </Figure>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
