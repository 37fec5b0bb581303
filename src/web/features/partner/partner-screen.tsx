import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useRef } from 'react';
import type { PartnerAccount } from '#shared/partners.ts';
import { BrandMark } from '#web/components/layout/brand-mark.tsx';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useBranding } from '#web/lib/public-queries.ts';
import { useSignOut } from '#web/lib/use-admin-auth.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { cn } from '#web/lib/utils.ts';
import { AccountFigures } from './account-figures.tsx';
import { accountQuery } from './api.ts';
import { BookView } from './book-view.tsx';
import { BookingsView } from './bookings-view.tsx';
import { usePartnerSessionWatch } from './use-partner-session.ts';

const MAIN_ID = 'partner-main';
type View = 'book' | 'bookings';

/**
 * The partner's own screen (docs/decisions/043-partner-accounts.md), a layout of its own: a
 * partner's user may call no /api/admin/ route. The header names the partner and shows its
 * balance and credit; below it, a new booking or the partner's bookings (kept in the address).
 */
export function PartnerScreen({ partner }: { partner: PartnerAccount }) {
  usePartnerSessionWatch();
  const { appName, logoUrl } = useBranding();
  const [params, setParams] = useUrlParams();
  const view: View = params.get('view') === 'bookings' ? 'bookings' : 'book';
  const account = useQuery(accountQuery);
  // The staff sign-out: the sign-in page, then every signed-in query (the partner's too) dropped.
  const signOut = useSignOut();
  const main = useRef<HTMLElement>(null);
  useDocumentTitle(view === 'bookings' ? 'My bookings' : 'New booking');

  const show = (next: View) => {
    // The booking's date and departure stay in the address for coming back to it.
    setParams({ view: next === 'bookings' ? 'bookings' : null }, { replace: false });
    requestAnimationFrame(() => main.current?.focus({ preventScroll: true }));
  };

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-sky-800 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-4xl space-y-3 px-4 pt-3 sm:px-6">
          <div className="flex items-center gap-3">
            <BrandMark logoUrl={logoUrl} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-xs text-slate-600">
                <span className="hidden sm:inline">{appName} · </span>Booking on account
              </p>
              {/* A long name wraps rather than losing its end on a phone. */}
              <p
                data-testid="partner-name"
                className="leading-tight font-semibold break-words text-slate-900"
              >
                {partner.partnerName}
              </p>
            </div>
            <Button
              variant="outline"
              onClick={() => signOut.mutate()}
              disabled={signOut.isPending}
              title={`Signed in as ${partner.email}`}
            >
              {signOut.isPending ? <Spinner className="size-4" /> : <LogOut aria-hidden="true" />}
              Sign out
            </Button>
          </div>
          <AccountFigures />
          <nav aria-label="Partner" className="-mb-px flex gap-1">
            {(
              [
                ['book', 'New booking'],
                ['bookings', 'My bookings'],
              ] as const
            ).map(([name, label]) => (
              <a
                key={name}
                href={name === 'bookings' ? '/partner?view=bookings' : '/partner'}
                aria-current={view === name ? 'page' : undefined}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  show(name);
                }}
                className={cn(
                  'inline-flex h-11 items-center border-b-2 px-3 text-sm font-semibold',
                  view === name
                    ? 'border-sky-700 text-sky-800'
                    : 'border-transparent text-slate-700 hover:text-slate-900',
                )}
              >
                {label}
              </a>
            ))}
          </nav>
        </div>
      </header>
      <main
        id={MAIN_ID}
        ref={main}
        tabIndex={-1}
        className="mx-auto max-w-4xl px-4 py-6 outline-none sm:px-6"
      >
        <h1 className="sr-only">{view === 'bookings' ? 'My bookings' : 'New booking'}</h1>
        {view === 'bookings' ? (
          <BookingsView />
        ) : account.isPending ? (
          <LoadingNote>Loading your account…</LoadingNote>
        ) : account.isError ? (
          <ErrorNote error={account.error} />
        ) : (
          <BookView account={account.data} onList={() => show('bookings')} />
        )}
      </main>
    </div>
  );
}
