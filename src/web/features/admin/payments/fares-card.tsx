import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { FARE_MSG } from '#shared/messages/staff.ts';
import type { PaymentSettingsView } from '#shared/schemas.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { ErrorNote } from '#web/components/query-notes.tsx';
import { SettingsCard } from '#web/components/settings-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { adminFareCategoriesQuery } from './fare-categories-api.ts';
import { extraCategories, FARE_COLUMNS, FareDialog } from './fare-dialog.tsx';
import {
  adminFaresQuery,
  type FarePair,
  fareLocationsQuery,
  farePairs,
  useDeleteFarePair,
} from './fares-api.ts';

/**
 * Fares by route (docs/decisions/033-fares-per-port-pair.md): each port pair with its own prices,
 * one way; a price it has not got is the ticket prices' own, shown as such.
 */
export function FaresCard({ settings }: { settings: PaymentSettingsView }) {
  const id = useId();
  const fares = useQuery(adminFaresQuery);
  const locations = useQuery(fareLocationsQuery);
  const categories = useQuery(adminFareCategoriesQuery);
  const remove = useDeleteFarePair();
  const [editing, setEditing] = useState<{ pair: FarePair | null } | null>(null);
  const [deleting, setDeleting] = useState<FarePair | null>(null);
  const pairs = fares.data ? farePairs(fares.data) : [];
  const nameOf = (locationId: string) =>
    locations.data?.find((l) => l.id === locationId)?.name ?? 'A removed place';
  const routeOf = (pair: FarePair) => `${nameOf(pair.originId)} → ${nameOf(pair.destinationId)}`;
  const extras = extraCategories(settings, categories.data ?? []);
  /** The infant and concessions the pair prices of its own, by name. */
  const ownCategoriesOf = (pair: FarePair) =>
    Object.keys(pair.categoryFares).map(
      (code) =>
        (code === 'infant' ? 'Infant' : categories.data?.find((c) => c.code === code)?.nameEn) ?? code,
    );

  const confirmDelete = (pair: FarePair) =>
    remove.mutate(pair, {
      onSuccess: () => {
        toast.success(FARE_MSG.deleted);
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(FARE_MSG.deleteFailed, { description: errorMessage(error) });
        setDeleting(null);
      },
    });

  return (
    <SettingsCard
      titleId={`${id}-title`}
      title="Fares by route"
      description="A route’s own prices, one way: Malé to Rasdhoo is not Rasdhoo to Malé. A price a route has not got is the ticket price."
      testId="fares-card"
    >
      <div className="grid gap-4">
        {fares.isPending || locations.isPending || categories.isPending ? (
          <div className="grid gap-2">
            <span className="sr-only" role="status">
              Loading fares…
            </span>
            <Skeleton className="h-10 rounded-lg" />
            <Skeleton className="h-10 rounded-lg" />
          </div>
        ) : fares.isError ? (
          <ErrorNote error={fares.error} />
        ) : locations.isError ? (
          <ErrorNote error={locations.error} />
        ) : pairs.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            No route has its own fares: every trip costs the ticket prices.
          </p>
        ) : (
          <table className="w-full text-sm" aria-labelledby={`${id}-title`}>
            <thead className="sr-only sm:not-sr-only">
              <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-600">
                <th scope="col" className="py-2 pr-3">
                  Route
                </th>
                {FARE_COLUMNS.map((column) => (
                  <th key={column.name} scope="col" className="px-2 py-2 text-right">
                    {column.label} ({column.currency})
                  </th>
                ))}
                <th scope="col" className="py-2 pl-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pairs.map((pair) => {
                const route = routeOf(pair);
                const own = ownCategoriesOf(pair);
                return (
                  <tr
                    key={`${pair.originId}|${pair.destinationId}`}
                    className="grid grid-cols-2 gap-x-3 gap-y-1 border-b border-slate-100 py-3 last:border-0 sm:table-row"
                  >
                    <th
                      scope="row"
                      className="col-span-2 text-left font-semibold text-slate-900 sm:py-3 sm:pr-3"
                    >
                      {route}
                      {own.length > 0 ? (
                        <span className="block text-xs font-normal text-slate-600">
                          Own prices also for: {own.join(', ')}
                        </span>
                      ) : null}
                    </th>
                    {FARE_COLUMNS.map((column) => {
                      const own = pair.fares[column.name];
                      return (
                        <td
                          key={column.name}
                          className="flex justify-between gap-2 sm:table-cell sm:px-2 sm:text-right"
                        >
                          <span className="text-slate-600 sm:hidden" aria-hidden="true">
                            {column.label}
                          </span>
                          {own ? (
                            <span className="font-medium tabular-nums text-slate-900">{own.price}</span>
                          ) : (
                            <span className="tabular-nums text-slate-500">
                              {settings[column.name]}
                              <span className="sr-only"> (ticket price)</span>
                              <span aria-hidden="true">*</span>
                            </span>
                          )}
                        </td>
                      );
                    })}
                    <td className="col-span-2 mt-1 flex gap-2 sm:mt-0 sm:table-cell sm:py-2 sm:pl-2 sm:text-right">
                      <div className="flex gap-2 sm:justify-end">
                        <Button variant="outline" size="sm" onClick={() => setEditing({ pair })}>
                          <Pencil aria-hidden="true" />
                          Edit<span className="sr-only"> fares {route}</span>
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          className="text-red-700 hover:bg-red-50 hover:text-red-800"
                          onClick={() => setDeleting(pair)}
                        >
                          <Trash2 aria-hidden="true" />
                          Delete<span className="sr-only"> fares {route}</span>
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {pairs.length > 0 ? (
          <p className="text-xs text-slate-600">* The ticket price: the route has no price of its own.</p>
        ) : null}
        <div>
          <Button
            onClick={() => setEditing({ pair: null })}
            disabled={!locations.data || categories.isPending}
          >
            <Plus aria-hidden="true" />
            Add Route Fares
          </Button>
        </div>
      </div>
      <FareDialog
        pair={editing?.pair ?? null}
        pairs={pairs}
        locations={locations.data ?? []}
        settings={settings}
        extras={extras}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete the fares of ${deleting ? routeOf(deleting) : ''}?`}
        description="Its trips cost the ticket prices again, from the next booking on. Tickets already sold keep what they cost."
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </SettingsCard>
  );
}
