import type { TripSearch } from '../wizard-state.ts';

// The home page imports only this; the wizard reads the address in open-search.ts.

/** /booking with a search filled in: the wizard opens on its results (the home page's search). */
export const searchHref = (search: TripSearch) =>
  `/booking?${new URLSearchParams({ date: search.date, from: search.fromId, to: search.toId })}`;
