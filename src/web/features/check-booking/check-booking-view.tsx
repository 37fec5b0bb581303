import { lazy, Suspense, useEffect, useState } from 'react';
import { LOOKUP_DEBOUNCE_MS, LOOKUP_MIN_AUTO_CHARS } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useSearchParams } from '#web/lib/navigation.tsx';
import { LookupForm } from './lookup-form.tsx';
import { LookupHelpCard } from './lookup-help-card.tsx';
import { BookingNotFoundCard, LookupErrorCard } from './lookup-messages.tsx';
import { useBookingLookup } from './use-booking-lookup.ts';
import { useDebouncedCallback } from './use-debounced-callback.ts';

const REF_PARAM = 'ref';

// The result card is the larger half of this page and is never on its first paint: its code loads
// once there is a reference to look up, alongside the lookup itself.
const loadResultCard = () => import('./booking-result-card.tsx');
const BookingResultCard = lazy(() => loadResultCard().then((m) => ({ default: m.BookingResultCard })));

/**
 * One short sentence for the live region: screen readers hear the outcome once, without the
 * whole card being read out each time it changes.
 */
function announcement(searching: boolean, lookup: ReturnType<typeof useBookingLookup>): string {
  if (searching) return 'Searching for your booking…';
  if (lookup.isError) return isNotFound(lookup.error) ? MSG.bookingNotFound : errorMessage(lookup.error);
  if (lookup.data) {
    const b = lookup.data;
    return `Booking ${b.reference} found: ${b.ticketStatusLabel}, ${b.paymentStatusLabel}.`;
  }
  return '';
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'booking_not_found';
}

/**
 * The lookup of SPEC.md "Check Your Booking". The searched reference lives in the URL (?ref=), so a
 * reload or a shared link shows the same result; the input may run ahead of it while typing.
 */
export function CheckBookingView() {
  const [params, setParams] = useSearchParams();
  const reference = params.get(REF_PARAM)?.trim() ?? '';
  const [text, setText] = useState(reference);
  const lookup = useBookingLookup(reference);
  useEffect(() => {
    if (reference) void loadResultCard();
  }, [reference]);

  // The URL can change under the page (the header's Check Booking link, back and forward): the
  // field follows it unless it already holds that reference.
  useEffect(() => {
    setText((current) => (current.trim() === reference ? current : reference));
  }, [reference]);

  const search = (value: string) => {
    const next = value.trim();
    if (next === reference) {
      // Search and Enter always ask again (ARCHITECTURE.md section 8.10): the status may have changed.
      if (next) void lookup.refetch();
      return;
    }
    setParams(next ? { [REF_PARAM]: next } : {}, { replace: true });
  };

  const debounced = useDebouncedCallback(search, LOOKUP_DEBOUNCE_MS);

  const onChange = (value: string) => {
    setText(value);
    const trimmed = value.trim();
    if (trimmed.length >= LOOKUP_MIN_AUTO_CHARS) {
      debounced.schedule(value);
    } else {
      debounced.cancel();
      // An emptied field clears the result rather than leaving another reference's booking on screen.
      if (!trimmed && reference) setParams({}, { replace: true });
    }
  };

  const onSearch = () => {
    debounced.cancel();
    search(text);
  };

  const searching = lookup.isFetching;

  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-3 lg:items-start">
      <div className="flex flex-col gap-6 lg:col-span-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <LookupForm value={text} onChange={onChange} onSearch={onSearch} searching={searching} />
        </div>

        <p role="status" className="sr-only">
          {announcement(searching, lookup)}
        </p>
        <div aria-busy={searching} className="flex flex-col gap-6 empty:hidden">
          {searching && !lookup.data && (
            <p className="flex items-center gap-2 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700 shadow-sm">
              <Spinner className="size-5 text-sky-700" />
              Searching for your booking…
            </p>
          )}
          {!searching &&
            lookup.isError &&
            (isNotFound(lookup.error) ? (
              <BookingNotFoundCard reference={reference} />
            ) : (
              <LookupErrorCard message={errorMessage(lookup.error)} />
            ))}
          {lookup.data && reference && (
            <Suspense fallback={null}>
              <BookingResultCard booking={lookup.data} />
            </Suspense>
          )}
        </div>
      </div>

      <aside aria-labelledby="lookup-help-title" className="lg:sticky lg:top-24">
        <LookupHelpCard />
      </aside>
    </div>
  );
}
