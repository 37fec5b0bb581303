import { ExternalLink, Landmark, RotateCcw, ZoomIn, ZoomOut } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { SLIP_ZOOM } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { formatAmount } from '#web/lib/admin-format.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { formatZoom, zoomIn, zoomOut } from './zoom.ts';

export type SlipExpectation = {
  amount: string;
  currency: string;
  bankAccount: { bankName: string; accountHolder: string; accountNumber: string } | null;
};

export type SlipViewerProps = {
  /** The ticket whose slip to show; null while it is still being looked up. */
  ticketId: string | null;
  reference: string;
  hasSlip?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  expected?: SlipExpectation | null;
  /** Shown instead of the slip, e.g. while the ticket is looked up or when that failed. */
  status?: string;
  /** 'extra': the slip of a dearer rebooking's difference (docs/decisions/027). */
  payment?: SlipPayment;
  /** Shown beside the slip, under what it should show: e.g. the refund account to compare. */
  aside?: ReactNode;
};

export type SlipPayment = 'booking' | 'extra';

export const slipUrl = (ticketId: string, payment: SlipPayment = 'booking') =>
  `/api/admin/tickets/${encodeURIComponent(ticketId)}/${payment === 'extra' ? 'extra-slip' : 'slip'}`;

/** What the slip should show: the amount to pay and the account it goes to. */
export function ExpectedPayment({ expected }: { expected: SlipExpectation }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Landmark aria-hidden="true" className="size-4 text-sky-700" />
        Expected payment
      </h3>
      <dl className="mt-3 grid gap-3 text-sm">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Amount</dt>
          <dd className="mt-0.5 text-lg font-bold tabular-nums text-slate-900">
            {formatAmount(expected.amount, expected.currency)}
          </dd>
        </div>
        {expected.bankAccount && (
          <>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Bank</dt>
              <dd className="mt-0.5 text-slate-900">{expected.bankAccount.bankName}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Account holder</dt>
              <dd className="mt-0.5 text-slate-900">{expected.bankAccount.accountHolder}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Account number</dt>
              <dd className="mt-0.5 font-mono break-all text-slate-900">
                {expected.bankAccount.accountNumber}
              </dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}

/** The payment slip, zoomable 0.5x to 3x (docs/product.md section 9), beside what it should show. */
export function SlipViewerDialog({
  ticketId,
  reference,
  hasSlip = true,
  open,
  onOpenChange,
  expected,
  status,
  payment = 'booking',
  aside,
}: SlipViewerProps) {
  const [zoom, setZoom] = useState(1);
  const [failed, setFailed] = useState(false);
  const ready = ticketId !== null && hasSlip && !status;

  const change = (next: boolean) => {
    if (!next) {
      setZoom(1);
      setFailed(false);
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="max-w-5xl gap-5 p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{payment === 'extra' ? 'Rebooking Payment Slip' : 'Payment Slip'}</DialogTitle>
          <DialogDescription>
            Booking reference <span className="font-mono font-semibold text-slate-900">{reference}</span>
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-4 md:grid-cols-[1fr_16rem] md:items-start">
          <div className="flex min-w-0 flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant="outline"
                size="icon"
                aria-label="Zoom out"
                disabled={!ready || zoom <= SLIP_ZOOM.min}
                onClick={() => setZoom(zoomOut)}
              >
                <ZoomOut aria-hidden="true" />
              </Button>
              <output
                aria-live="polite"
                aria-label="Zoom level"
                className="min-w-14 text-center text-sm font-semibold tabular-nums text-slate-900"
              >
                {formatZoom(zoom)}
              </output>
              <Button
                variant="outline"
                size="icon"
                aria-label="Zoom in"
                disabled={!ready || zoom >= SLIP_ZOOM.max}
                onClick={() => setZoom(zoomIn)}
              >
                <ZoomIn aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="sm" disabled={!ready || zoom === 1} onClick={() => setZoom(1)}>
                <RotateCcw aria-hidden="true" />
                Reset
              </Button>
              {ready && (
                <Button variant="link" size="sm" asChild className="ml-auto px-1">
                  <a href={slipUrl(ticketId, payment)} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" />
                    Open in new tab
                  </a>
                </Button>
              )}
            </div>
            {/* Focusable so keyboard users can scroll a zoomed slip. */}
            <section
              aria-label="Slip image"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1).
              tabIndex={0}
              className="h-[55dvh] overflow-auto rounded-xl border border-slate-200 bg-slate-100 md:h-[65dvh]"
            >
              {ready && !failed ? (
                <img
                  src={slipUrl(ticketId, payment)}
                  alt={`${payment === 'extra' ? 'Rebooking payment' : 'Payment'} slip for booking ${reference}`}
                  onError={() => setFailed(true)}
                  style={{ width: `${zoom * 100}%`, maxWidth: 'none' }}
                  className="mx-auto block h-auto"
                />
              ) : (
                <p className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-700">
                  {status ?? (failed || !hasSlip ? MSG.slipMissing : '')}
                </p>
              )}
            </section>
          </div>
          {expected || aside ? (
            <div className="grid gap-4">
              {expected && <ExpectedPayment expected={expected} />}
              {aside}
            </div>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
