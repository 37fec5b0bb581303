import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { FareCategoryAdmin } from '#shared/fare-categories.ts';
import { FARE_CATEGORY_MSG } from '#shared/messages/staff.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { ErrorNote } from '#web/components/query-notes.tsx';
import { SettingsCard } from '#web/components/settings-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { adminFareCategoriesQuery, useDeleteFareCategory } from './fare-categories-api.ts';
import { FareCategoryDialog } from './fare-category-dialog.tsx';

/** 'Free', '50% off', 'MVR 10.00 / USD 2.00'. */
function priceOf(c: FareCategoryAdmin): string {
  if (c.priceRule === 'free') return 'Free';
  if (c.priceRule === 'percent') return `${Number(c.percentOff ?? 0)}% off`;
  return `MVR ${c.localPrice ?? '0.00'} / USD ${c.foreignerPrice ?? '0.00'}`;
}

/** '65+', '12–25', '' */
function agesOf(c: FareCategoryAdmin): string {
  if (c.minAge !== null && c.maxAge !== null) return `ages ${c.minAge}–${c.maxAge}`;
  if (c.minAge !== null) return `${c.minAge}+`;
  if (c.maxAge !== null) return `up to ${c.maxAge}`;
  return '';
}

/**
 * Fare categories (docs/decisions/036-fare-categories.md): the operator's concessions beside
 * the built-in adult, child and infant, each with its names, price rule, seat and ID.
 */
export function FareCategoriesCard() {
  const id = useId();
  const categories = useQuery(adminFareCategoriesQuery);
  const remove = useDeleteFareCategory();
  const [editing, setEditing] = useState<{ category: FareCategoryAdmin | null } | null>(null);
  const [deleting, setDeleting] = useState<FareCategoryAdmin | null>(null);
  const list = categories.data ?? [];
  const nextSort = list.reduce((n, c) => Math.max(n, c.sort), 0) + 10;

  const confirmDelete = (c: FareCategoryAdmin) =>
    remove.mutate(c.code, {
      onSuccess: ({ outcome }) => {
        toast.success(outcome === 'deleted' ? FARE_CATEGORY_MSG.deleted : FARE_CATEGORY_MSG.deactivated);
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(FARE_CATEGORY_MSG.deleteFailed, { description: errorMessage(error) });
        setDeleting(null);
      },
    });

  return (
    <SettingsCard
      titleId={`${id}-title`}
      title="Fare categories"
      description="Concessions beside adult, child and infant: seniors, students, residents. Each is free, a percentage off the adult fare, or its own price."
      testId="fare-categories-card"
    >
      <div className="grid gap-4">
        {categories.isPending ? (
          <div className="grid gap-2">
            <span className="sr-only" role="status">
              Loading fare categories…
            </span>
            <Skeleton className="h-10 rounded-lg" />
          </div>
        ) : categories.isError ? (
          <ErrorNote error={categories.error} />
        ) : list.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            No concessions: passengers travel as adults, children and infants.
          </p>
        ) : (
          <ul aria-labelledby={`${id}-title`} className="divide-y divide-slate-100">
            {list.map((c) => (
              <li key={c.code} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    {c.nameEn}{' '}
                    <bdi lang="dv" dir="rtl" className="font-normal text-slate-700">
                      {c.nameDv}
                    </bdi>
                    {!c.active && (
                      <span className="ms-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">
                        Inactive
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-600">
                    {[
                      c.code,
                      priceOf(c),
                      c.seat ? 'a seat' : 'no seat',
                      c.idRequired ? 'ID required' : '',
                      agesOf(c),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setEditing({ category: c })}>
                    <Pencil aria-hidden="true" />
                    Edit<span className="sr-only"> {c.nameEn}</span>
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    onClick={() => setDeleting(c)}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete<span className="sr-only"> {c.nameEn}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button onClick={() => setEditing({ category: null })} disabled={categories.isPending}>
            <Plus aria-hidden="true" />
            Add Fare Category
          </Button>
        </div>
      </div>
      <FareCategoryDialog
        category={editing?.category ?? null}
        nextSort={nextSort}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.nameEn ?? ''}?`}
        description="It is no longer sold from the next booking on. If bookings used it, it is kept as inactive, so their tickets still name it."
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </SettingsCard>
  );
}
