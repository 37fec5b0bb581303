import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Printer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { CashUp, CounterDay, CounterSale } from '#shared/counter.ts';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { DeparturePicker } from '#web/components/sale/departure-picker.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { isIsoDate } from '#web/lib/dates.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { counterDayQuery, shiftQuery } from './api.ts';
import { type CashUpView, CloseShift } from './close-shift.tsx';
import { OpenShiftForm } from './open-shift-form.tsx';
import { Receipt } from './receipt.tsx';
import { SaleForm } from './sale-form.tsx';
import { ShiftSales } from './shift-sales.tsx';

/**
 * The counter (docs/decisions/025-counter-sales.md), phone and tablet first: open a shift with
 * its float, sell from the seat map to the printed ticket, void, and close the shift with the
 * cash counted.
 */
export function CounterView({ cashUpView }: { cashUpView: CashUpView }) {
  const shift = useQuery(shiftQuery);
  const [closed, setClosed] = useState<CashUp | null>(null);

  if (closed) return <ClosedShift cashUp={closed} cashUpView={cashUpView} onDone={() => setClosed(null)} />;
  if (shift.isPending) return <LoadingNote>Loading your shift…</LoadingNote>;
  if (shift.isError) return <ErrorNote error={shift.error} className="mt-4" />;
  if (!shift.data.shift) return <OpenShiftForm />;
  return <Selling shift={shift.data.shift} cashUpView={cashUpView} onClosed={setClosed} />;
}

function Selling({
  shift,
  cashUpView,
  onClosed,
}: {
  shift: CashUp;
  cashUpView: CashUpView;
  onClosed: (cashUp: CashUp) => void;
}) {
  const [params, setParams] = useUrlParams();
  const dateParam = params.get('date');
  const day = useQuery(counterDayQuery(isIsoDate(dateParam) ? dateParam : null));
  const [shown, setShown] = useState<{ sale: CounterSale; justSold: boolean } | null>(null);
  // A new form (and a new sale id) after every sale.
  const [saleNumber, setSaleNumber] = useState(0);
  const departureId = params.get('departure');
  const departure = day.data?.departures.find((d) => d.scheduleId === departureId);

  const backToSelling = () => {
    setShown(null);
    // The next sale is most often on the same departure: straight to its seats.
    requestAnimationFrame(() =>
      (
        document.getElementById('counter-seats') ?? document.getElementById('counter-departure-title')
      )?.focus(),
    );
  };

  return (
    <div className="mt-4 space-y-6">
      {shown && (
        <Receipt
          sale={shown.sale}
          justSold={shown.justSold}
          onNewSale={backToSelling}
          onVoided={(sale) => setShown({ sale, justSold: false })}
        />
      )}
      {/* Kept while a receipt is open: a sale half made waits, with its seats still held. */}
      <div hidden={shown !== null} className="space-y-6 print:hidden">
        {day.isPending ? (
          <LoadingNote>Loading departures…</LoadingNote>
        ) : day.isError ? (
          <ErrorNote error={day.error} />
        ) : (
          <Departure
            day={day.data}
            departureId={departureId}
            onDate={(date) => setParams({ date: date || null, departure: null })}
            onChoose={(id) => setParams({ departure: id })}
          />
        )}
        {departure && day.data && (
          <SaleForm
            key={saleNumber}
            departure={departure}
            prices={day.data.prices}
            concessions={day.data.concessions ?? []}
            onSold={(sale) => {
              setSaleNumber((n) => n + 1);
              setShown({ sale, justSold: true });
            }}
          />
        )}
        <ShiftSales shift={shift} onOpen={(sale) => setShown({ sale, justSold: false })} />
        <CloseShift shift={shift} summary={cashUpView} onClosed={onClosed} />
      </div>
    </div>
  );
}

function Departure({
  day,
  departureId,
  onDate,
  onChoose,
}: {
  day: CounterDay;
  departureId: string | null;
  onDate: (date: string) => void;
  onChoose: (scheduleId: string | null) => void;
}) {
  const chosen = day.departures.find((d) => d.scheduleId === departureId);
  const focusNext = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: after a choice, once it shows.
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    document.getElementById('counter-departure-title')?.focus();
  }, [chosen]);
  return (
    <DeparturePicker
      day={day}
      date={day.date}
      chosen={chosen}
      onDate={onDate}
      onChoose={(id) => {
        focusNext.current = true;
        onChoose(id);
      }}
    />
  );
}

/** The shift just closed: its cash-up with the differences, to print; then a new shift. */
function ClosedShift({
  cashUp,
  cashUpView,
  onDone,
}: {
  cashUp: CashUp;
  cashUpView: CashUpView;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="closed-shift-title" className="cash-up-print mt-4 space-y-4">
      <h2
        id="closed-shift-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 outline-none"
      >
        Shift closed: cash-up
      </h2>
      {cashUpView(cashUp, { showSales: true })}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 print:hidden">
        <Button size="lg" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
        <Button
          size="lg"
          variant="outline"
          onClick={() => {
            void queryClient.invalidateQueries({ queryKey: shiftQuery.queryKey });
            onDone();
          }}
        >
          <Plus aria-hidden="true" />
          Open a new shift
        </Button>
      </div>
    </section>
  );
}
