import { Ban, Plus, Printer } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { CounterSale } from '#shared/counter.ts';
import { QrCode } from '#web/components/qr-code.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useMayVoidSales, VoidSaleDialog } from '#web/components/void-sale-dialog.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { formatDay, formatInstant } from '#web/lib/dates.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';

const KIND_NAME: Record<string, readonly [string, string]> = {
  'local-adult': ['local adult', 'local adults'],
  'local-child': ['local child', 'local children'],
  'foreigner-adult': ['foreign adult', 'foreign adults'],
  'foreigner-child': ['foreign child', 'foreign children'],
  'local-infant': ['local infant', 'local infants'],
  'foreigner-infant': ['foreign infant', 'foreign infants'],
};

/** A breakdown row's words: '2 local adults', '1 local Senior (65+)' for a concession (decision 036). */
function kindLine(
  row: { type: string; category: string; quantity: number },
  names: readonly { code: string; name: { en: string } }[] | undefined,
): string {
  const known = KIND_NAME[`${row.type}-${row.category}`];
  if (known) return `${row.quantity} ${row.quantity === 1 ? known[0] : known[1]}`;
  const name = names?.find((n) => n.code === row.category)?.name.en ?? row.category;
  return `${row.quantity} ${row.type === 'local' ? 'local' : 'foreign'} ${name}`;
}

/** Millimetres of a CSS length in pixels (96 to the inch). */
const mm = (px: number) => (px * 25.4) / 96;
/** The roll's width and the page margin; the receipt is printed 72 mm wide (styles.css). */
const PAPER_MM = 80;
const MARGIN_MM = 4;

/**
 * The page the receipt prints on: 80 mm wide and as long as the receipt, so the roll feeds no
 * blank paper and nothing spills onto a second page. `size: 80mm auto` would say so in CSS, but
 * it is not valid CSS (a height must be a length): the receipt is measured instead, at the same
 * width and type it prints with.
 */
function useReceiptPage() {
  const ref = useRef<HTMLDivElement>(null);
  const [heightMm, setHeightMm] = useState(200);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setHeightMm(Math.ceil(mm(element.getBoundingClientRect().height)) + 2 * MARGIN_MM + 4);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const css = `@page counter-receipt { size: ${PAPER_MM}mm ${heightMm}mm; margin: ${MARGIN_MM}mm; }`;
  return { ref, css };
}

function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="shrink-0 text-slate-600">{term}</dt>
      <dd className="min-w-0 text-right font-semibold break-words">{children}</dd>
    </div>
  );
}

/** The ticket as printed on the 80 mm roll: what the passenger needs, and the QR to board with. */
function ReceiptPaper({ sale }: { sale: CounterSale }) {
  const timeZone = useOperatorTimeZone();
  const { eTicket: t } = sale;
  const { ref, css } = useReceiptPage();
  const voided = sale.voidedAt !== null;
  return (
    <div className="rounded-xl border border-slate-300 bg-white p-4 shadow-sm">
      <style>{css}</style>
      <div
        ref={ref}
        data-testid="counter-receipt"
        className="counter-receipt mx-auto w-[72mm] max-w-full space-y-3 text-sm text-slate-900"
      >
        <div className="text-center">
          <p className="text-xs tracking-wide uppercase">Ferry ticket · counter sale</p>
          <p className="text-2xl font-bold tracking-wider">{sale.reference}</p>
        </div>
        {voided && (
          <p className="border-2 border-current p-2 text-center font-bold text-red-800 uppercase">
            Voided{sale.voidReason ? `: ${sale.voidReason}` : ''}
          </p>
        )}
        <div className="border-y border-dashed border-slate-400 py-2 text-center">
          <p className="text-lg font-bold">
            {t.from.name} → {t.to.name}
          </p>
          <p className="font-semibold">
            {formatDay(t.travelDate)} · departs {t.departureTime}
          </p>
        </div>
        <dl className="space-y-1">
          <Line term="Passenger">{t.passengerName}</Line>
          <Line term="Launch">{t.launchName}</Line>
          <Line term={t.seatNumbers.length === 1 ? 'Seat' : 'Seats'}>{t.seatNumbers.join(', ')}</Line>
          <Line term="Tickets">
            {t.ticketBreakdown.map((row) => kindLine(row, t.categoryNames)).join(', ')}
          </Line>
        </dl>
        <dl className="space-y-1 border-t border-dashed border-slate-400 pt-2">
          <Line term="Total">{formatAmount(sale.totalAmount, sale.currency)}</Line>
          <Line term="Paid by">{sale.paymentMethod}</Line>
          {sale.transferReference && <Line term="Transfer ref.">{sale.transferReference}</Line>}
          {sale.received !== null && (
            <Line term="Received">{formatAmount(sale.received, sale.currency)}</Line>
          )}
          {sale.change !== null && <Line term="Change">{formatAmount(sale.change, sale.currency)}</Line>}
        </dl>
        {t.code && !voided ? (
          <QrCode
            value={t.code}
            label={`Boarding QR code of ticket ${sale.reference}`}
            className="mx-auto block w-[56mm] max-w-full"
          />
        ) : (
          <p className="text-center font-semibold">No boarding code: this ticket is not valid.</p>
        )}
        <p className="text-center text-xs">
          Sold {formatInstant(sale.soldAt, timeZone)} by {sale.soldBy}
        </p>
      </div>
    </div>
  );
}

/**
 * A sale's receipt on screen and on the 80 mm printer, with Print, New sale and Void. The
 * heading takes the focus when it opens, so a screen reader hears what was sold.
 */
export function Receipt({
  sale,
  justSold,
  onNewSale,
  onVoided,
}: {
  sale: CounterSale;
  /** Opened right after selling it (rather than from the shift's list). */
  justSold: boolean;
  onNewSale: () => void;
  onVoided: (sale: CounterSale) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [voiding, setVoiding] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new receipt takes the focus.
  useEffect(() => {
    heading.current?.focus();
    setStatus(null);
  }, [sale.ticketId]);
  const voided = sale.voidedAt !== null;
  const mayVoid = useMayVoidSales().own;

  return (
    <section aria-labelledby="counter-receipt-title" className="mx-auto max-w-md space-y-4">
      <div className="space-y-1 print:hidden">
        <h2
          id="counter-receipt-title"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold text-slate-900 outline-none"
        >
          {voided
            ? `Ticket ${sale.reference} voided`
            : justSold
              ? `Sold: ticket ${sale.reference}`
              : `Ticket ${sale.reference}`}
        </h2>
        {justSold && sale.change !== null && Number(sale.change) > 0 && (
          <p className="text-lg font-semibold text-slate-900">
            Give back {formatAmount(sale.change, sale.currency)} change.
          </p>
        )}
        {status && (
          <p role="status" className="text-sm text-slate-700">
            {status}
          </p>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2 print:hidden">
        <Button size="lg" className="h-14 text-base" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
        <Button size="lg" variant="outline" className="h-14 text-base" onClick={onNewSale}>
          <Plus aria-hidden="true" />
          New sale
        </Button>
      </div>
      <ReceiptPaper sale={sale} />
      {!voided && mayVoid && (
        <div className="space-y-1 print:hidden">
          <Button variant="outline" className="w-full text-red-800" onClick={() => setVoiding(true)}>
            <Ban aria-hidden="true" />
            Void this sale
          </Button>
          {!sale.voidable && (
            <p className="text-sm text-slate-700">
              Voiding may be refused now: older and boarded sales are voided by the office.
            </p>
          )}
          <VoidSaleDialog
            sale={sale}
            open={voiding}
            onOpenChange={setVoiding}
            onVoided={(next) => {
              setStatus(`Voided. Seats ${next.eTicket.seatNumbers.join(', ')} are free again.`);
              onVoided(next);
              heading.current?.focus();
            }}
          />
        </div>
      )}
    </section>
  );
}
