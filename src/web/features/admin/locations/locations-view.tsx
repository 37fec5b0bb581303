import { useQuery } from '@tanstack/react-query';
import { Globe2, MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '#shared/messages/api.ts';
import type { Location } from '#shared/schemas.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { ErrorNote } from '#web/components/query-notes.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { DHIVEHI_FIELD } from '#web/i18n/operator-text.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { adminLocationsQuery, useDeleteLocation } from './api.ts';
import { LocationDialog } from './location-dialog.tsx';

function LocationCard({
  location,
  onEdit,
  onDelete,
}: {
  location: Location;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card className="flex h-full flex-col gap-4 p-5" data-location-id={location.id}>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-sky-50 text-sky-700">
          <MapPin aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold text-slate-900">{location.name}</h2>
          {location.nameDv ? (
            <p
              dir={DHIVEHI_FIELD.dir}
              lang={DHIVEHI_FIELD.lang}
              className={cn('truncate text-start text-sm text-slate-700', DHIVEHI_FIELD.className)}
            >
              <span className="sr-only" lang="en" dir="ltr">
                In Dhivehi:{' '}
              </span>
              {location.nameDv}
            </p>
          ) : null}
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-600">
            <Globe2 aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{location.country}</span>
          </p>
        </div>
        <Badge variant="outline" className="font-mono">
          <span className="sr-only">Code </span>
          {location.code}
        </Badge>
      </div>
      <div className="mt-auto flex gap-2">
        <Button variant="outline" size="sm" className="flex-1" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> {location.name}</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="flex-1 text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only"> {location.name}</span>
        </Button>
      </div>
    </Card>
  );
}

export function LocationsView() {
  const locations = useQuery(adminLocationsQuery);
  const remove = useDeleteLocation();
  const [editing, setEditing] = useState<{ location: Location | null } | null>(null);
  const [deleting, setDeleting] = useState<Location | null>(null);

  const confirmDelete = (location: Location) =>
    remove.mutate(location.id, {
      onSuccess: () => {
        toast.success(MSG.locationDeleted);
        setDeleting(null);
      },
      // docs/product.md section 10.6: the server says why (active bookings travel through it).
      onError: (error) => {
        toast.error(MSG.locationDeleteFailed, {
          description: errorMessage(error),
        });
        setDeleting(null);
      },
    });

  return (
    <div className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {locations.data
            ? `${locations.data.length} ${locations.data.length === 1 ? 'location' : 'locations'}`
            : null}
        </p>
        <Button onClick={() => setEditing({ location: null })}>
          <Plus aria-hidden="true" />
          Add Location
        </Button>
      </div>

      {locations.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <span className="sr-only" role="status">
            Loading locations…
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36 rounded-2xl" />
          ))}
        </div>
      ) : locations.isError ? (
        <ErrorNote error={locations.error} />
      ) : locations.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <MapPin aria-hidden="true" className="size-8 text-slate-400" />
          <p className="font-semibold text-slate-900">No locations yet</p>
          <p className="text-sm text-slate-600">Add the islands and harbours your trips stop at.</p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {locations.data.map((location) => (
            <li key={location.id}>
              <LocationCard
                location={location}
                onEdit={() => setEditing({ location })}
                onDelete={() => setDeleting(location)}
              />
            </li>
          ))}
        </ul>
      )}

      <LocationDialog
        location={editing?.location ?? null}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name}?`}
        description="The location leaves this list and can no longer be chosen for a trip or searched for; past trips and bookings keep its name. A location on the route of pending or approved bookings on trips not yet completed cannot be deleted."
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </div>
  );
}
