import { useQuery } from '@tanstack/react-query';
import {
  BanknoteArrowDown,
  CheckCircle2,
  House,
  OctagonX,
  RefreshCcw,
  Search,
  Ticket,
  TimerOff,
  TriangleAlert,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useReducer, useState } from 'react';
import type { CardPaymentView } from '#shared/card-payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { type Translate, useTexts } from '#web/i18n/texts.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatMoney } from '#web/lib/money.ts';
import { Link, useNavigate } from '#web/lib/navigation.tsx';
import { useOperatorTimeZone, zonedFormat } from '#web/lib/operator-time-zone.ts';
import { cardPaymentQuery, holdEnded, retryCardPayment, switchToTransfer } from './api.ts';
import { CARD_TEXTS } from './texts.ts';

const ActionError = lazy(() => import('./action-error.tsx'));

/** What the page says: the payment's state, or an open one whose hold has ended. */
type Shown = CardPaymentView['state'] | 'expired';

// Icons the public pages already share, or that only this page draws: a new icon shared with another
// page would be a chunk of its own.
const ICON: Record<Shown, ReactNode> = {
  open: <Spinner className="size-14 text-sky-700" />,
  paid: <CheckCircle2 aria-hidden="true" className="size-16 text-green-600" />,
  declined: <OctagonX aria-hidden="true" className="size-14 text-red-600" />,
  expired: <TimerOff aria-hidden="true" className="size-14 text-amber-600" />,
  mismatch: <TriangleAlert aria-hidden="true" className="size-14 text-amber-600" />,
  paid_no_seat: <TriangleAlert aria-hidden="true" className="size-14 text-amber-600" />,
  refunded: <BanknoteArrowDown aria-hidden="true" className="size-14 text-slate-600" />,
};

/** The heading and the lines under it, for each outcome. */
function outcomeTexts(
  t: Translate,
  shown: Shown,
  view: CardPaymentView,
  time: string,
): [string, ...string[]] {
  switch (shown) {
    case 'open':
      return [t('card.openHeading'), t('card.openText')];
    case 'expired':
      return [t('card.expiredHeading'), t('card.expiredText')];
    case 'paid':
      return [t('card.paidHeading'), t('card.paidText')];
    case 'declined':
      return [
        t('card.declinedHeading'),
        view.seatsHeld ? t('card.declinedHeld', { time }) : t('card.declinedReleased'),
      ];
    case 'mismatch':
      return [t('card.mismatchHeading'), t('card.mismatchText')];
    case 'paid_no_seat':
      return [t('card.paidNoSeatHeading'), t('card.paidNoSeatText')];
    case 'refunded':
      return [t('card.refundedHeading'), t('card.refundedText')];
  }
}

/** Re-renders once `until` (an ISO instant) has passed: an open payment's hold ending on screen. */
function usePassed(until: string | undefined): boolean {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const at = until ? Date.parse(until) : Number.NaN;
  const passed = !Number.isNaN(at) && at <= Date.now();
  useEffect(() => {
    if (Number.isNaN(at) || passed) return;
    // setTimeout takes at most 2^31-1 ms; a hold is minutes long.
    const timer = setTimeout(tick, Math.min(at - Date.now() + 200, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [at, passed]);
  return passed;
}

const linkClass =
  'font-semibold text-sky-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

/**
 * The page the card gateway sends the passenger back to (docs/decisions/042): the payment as the
 * server knows it, asked again every two seconds while the gateway has not answered, and what
 * the passenger can do next. The outcome is in a status region, so a screen reader hears it
 * change from waiting to its end.
 */
export function CardPaymentStatus({ localId }: { localId: string }) {
  const t = useTexts(CARD_TEXTS);
  const payment = useQuery(cardPaymentQuery(localId));
  const view = payment.data;
  const timeZone = useOperatorTimeZone();
  const ended = usePassed(view?.state === 'open' ? view.holdUntil : undefined);
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'retry' | 'transfer' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  if (!view) {
    if (payment.error instanceof ApiError && payment.error.status === 404) return <NotFound t={t} />;
    return (
      <Card>
        <CardContent className="p-6">
          {payment.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('card.loadFailed')}
            </p>
          ) : (
            <p role="status" className="flex items-center gap-2 text-slate-700">
              <Spinner className="size-5 text-sky-700" />
              {t('card.loading')}
            </p>
          )}
        </CardContent>
      </Card>
    );
  }

  const shown: Shown = view.state === 'open' && (ended || holdEnded(view)) ? 'expired' : view.state;
  const time = zonedFormat(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(view.holdUntil),
  );
  const [heading, ...lines] = outcomeTexts(t, shown, view, time);
  const canPayAgain = shown === 'declined' && view.seatsHeld;

  /** Runs a retry or the switch to a transfer; a refusal is said under the buttons, the view read again. */
  const act = async (which: 'retry' | 'transfer') => {
    setBusy(which);
    setFailure(null);
    try {
      if (which === 'retry') {
        const next = await retryCardPayment(localId);
        // The gateway's own page, on its own host: a full navigation; busy until the browser leaves.
        window.location.assign(next.redirectUrl);
        return;
      }
      const switched = await switchToTransfer(localId);
      navigate(switched.managePath);
    } catch (error) {
      setFailure(error);
      setBusy(null);
      void payment.refetch();
    }
  };

  return (
    <Card>
      <CardContent className="grid gap-6 p-5 sm:p-10">
        <div className="grid justify-items-center gap-4 text-center">
          {ICON[shown]}
          <div role="status" className="grid gap-2" data-testid="card-payment-status" data-state={shown}>
            <h2 className="text-2xl font-bold text-slate-900">{heading}</h2>
            {lines.map((line) => (
              <p key={line} className="max-w-xl text-slate-700">
                {line}
              </p>
            ))}
          </div>
          <dl className="grid gap-1">
            <dt className="text-sm text-slate-600">{t('card.reference')}</dt>
            <dd className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-2">
              <bdi
                dir="ltr"
                className="font-mono text-2xl font-bold tracking-wider text-slate-900"
                data-testid="booking-reference"
              >
                {view.reference}
              </bdi>
            </dd>
            <dt className="mt-2 text-sm text-slate-600">{t('card.amount')}</dt>
            <dd className="font-semibold text-slate-900" data-testid="card-payment-amount">
              <bdi dir="ltr">{formatMoney(view.totalAmount, view.currency, view.totalAmount)}</bdi>
            </dd>
          </dl>
        </div>

        {failure ? (
          <Suspense fallback={null}>
            <ActionError error={failure} />
          </Suspense>
        ) : null}

        <div className="flex w-full flex-col justify-center gap-3 sm:flex-row">
          {shown === 'paid' && view.eTicketPath ? (
            <Button asChild size="lg">
              <Link to={view.eTicketPath}>
                <Ticket aria-hidden="true" /> {t('card.viewTicket')}
              </Link>
            </Button>
          ) : null}
          {canPayAgain ? (
            <Button size="lg" onClick={() => void act('retry')} disabled={busy !== null}>
              {busy === 'retry' ? <Spinner /> : <RefreshCcw aria-hidden="true" />}
              {t('card.retry')}
            </Button>
          ) : null}
          {canPayAgain && view.transferOffered ? (
            <Button size="lg" variant="outline" onClick={() => void act('transfer')} disabled={busy !== null}>
              {busy === 'transfer' ? <Spinner /> : null}
              {t('card.payByTransfer')}
            </Button>
          ) : null}
          {(shown === 'declined' && !view.seatsHeld) || shown === 'expired' ? (
            <Button asChild size="lg">
              <Link to="/booking">{t('card.bookAgain')}</Link>
            </Button>
          ) : null}
          {shown !== 'open' && !canPayAgain && view.managePath ? (
            <Button asChild size="lg" variant="outline">
              <Link to={view.managePath}>{t('card.manage')}</Link>
            </Button>
          ) : null}
        </div>
        {shown === 'mismatch' || shown === 'paid_no_seat' || shown === 'refunded' ? (
          <p className="text-center text-sm">
            <Link to={`/bookings?ref=${encodeURIComponent(view.reference)}`} className={linkClass}>
              {t('card.checkBooking')}
            </Link>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** An id the server does not know: a mistyped or truncated link. */
function NotFound({ t }: { t: Translate }) {
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-4 p-5 text-center sm:p-10">
        <Search aria-hidden="true" className="size-14 text-slate-500" />
        <div role="alert" className="grid gap-2">
          <h2 className="text-2xl font-bold text-slate-900">{t('card.notFoundHeading')}</h2>
          <p className="max-w-xl text-slate-700">{t('card.notFoundText')}</p>
        </div>
        <div className="flex w-full flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/">
              <House aria-hidden="true" /> {t('card.home')}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/bookings">{t('card.checkBooking')}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
