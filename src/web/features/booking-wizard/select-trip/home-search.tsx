import { useState } from 'react';
import { useNavigate } from '#web/lib/navigation.tsx';
import type { TripSearch } from '../wizard-state.ts';
import { TripSearchForm } from './search-form.tsx';
import { searchHref } from './search-link.ts';

/** The home page's trip search under its heading: the wizard's own form, which opens /booking on its results. */
export function HomeTripSearch({ title }: { title: string }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState<TripSearch>({ date: '', fromId: '', toId: '' });
  return (
    <section
      aria-labelledby="trip-search-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="trip-search-heading" className="mb-3 text-lg font-semibold text-slate-900 sm:text-xl">
        {title}
      </h2>
      <TripSearchForm value={search} onChange={setSearch} onSearch={(s) => navigate(searchHref(s))} />
    </section>
  );
}
