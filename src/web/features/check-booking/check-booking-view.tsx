import { Suspense, useEffect, useState } from 'react';
import { LOOKUP_DEBOUNCE_MS, LOOKUP_MIN_AUTO_CHARS } from '#shared/public-constants.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useTexts } from '#web/i18n/texts.tsx';
import { useSearchParams } from '#web/lib/navigation.tsx';
import { LookupForm } from './lookup-form.tsx';
import { LookupHelpCard } from './lookup-help-card.tsx';
import { LOOKUP_TEXTS } from './texts.ts';
import { useBookingLookup } from './use-booking-lookup.ts';
import { useDebouncedCallback } from './use-debounced-callback.ts';

const REF_PARAM = 'ref';

// The outcome cards (the booking, not found, an error) are the larger half of this page and never
// on its first paint: their code loads once there is a reference, alongside the lookup itself.
// Their texts too (the error texts of #web/i18n/msg.ts): in Dhivehi they may still be loading when
// the code is in, so each part waits behind its own Suspense rather than blanking the page.
type OutcomeModule = typeof import('./lookup-outcome.tsx');
const loadOutcome = () => import('./lookup-outcome.tsx');

function useOutcomeModule(wanted: boolean): OutcomeModule | null {
  const [outcome, setOutcome] = useState<{ module?: OutcomeModule; error?: unknown }>({});
  useEffect(() => {
    if (!wanted || outcome.module) return;
    let live = true;
    loadOutcome().then(
      (module) => live && setOutcome({ module }),
      (error: unknown) => live && setOutcome({ error }),
    );
    return () => {
      live = false;
    };
  }, [wanted, outcome.module]);
  // Code that cannot load is the page's error, as for a page whose own code cannot load.
  if (outcome.error) throw outcome.error;
  return outcome.module ?? null;
}

/**
 * The lookup of docs/product.md "Check Your Booking". The searched reference lives in the URL (?ref=), so a
 * reload or a shared link shows the same result; the input may run ahead of it while typing.
 */
export function CheckBookingView() {
  const t = useTexts(LOOKUP_TEXTS);
  const [params, setParams] = useSearchParams();
  const reference = params.get(REF_PARAM)?.trim() ?? '';
  const [text, setText] = useState(reference);
  const lookup = useBookingLookup(reference);
  const outcome = useOutcomeModule(reference !== '');

  // The URL can change under the page (the header's Check Booking link, back and forward): the
  // field follows it unless it already holds that reference.
  useEffect(() => {
    setText((current) => (current.trim() === reference ? current : reference));
  }, [reference]);

  const search = (value: string) => {
    const next = value.trim();
    if (next === reference) {
      // Search and Enter always ask again (docs/product.md section 10.10): the status may have changed.
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
          {searching
            ? t('lookup.searchingForBooking')
            : outcome && (
                <Suspense fallback={null}>
                  <outcome.LookupAnnouncement lookup={lookup} />
                </Suspense>
              )}
        </p>
        <div aria-busy={searching} className="flex flex-col gap-6 empty:hidden">
          {searching && !lookup.data && (
            <p className="flex items-center gap-2 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700 shadow-sm">
              <Spinner className="size-5 text-sky-700" />
              {t('lookup.searchingForBooking')}
            </p>
          )}
          {outcome && (
            <Suspense fallback={null}>
              <outcome.LookupOutcome lookup={lookup} reference={reference} searching={searching} />
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
