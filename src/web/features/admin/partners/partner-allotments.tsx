import { useQuery } from '@tanstack/react-query';
import { Armchair, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Allotment, Partner } from '#shared/partners.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDay, formatInstant } from '#web/lib/dates.ts';
import { useOperatorTimeZone } from '#web/lib/operator-time-zone.ts';
import { toast } from '#web/lib/toast.ts';
import { AllotmentForm } from './allotment-form.tsx';
import { allotmentsQuery, useDeleteAllotment } from './api.ts';
import { partnerTexts } from './partner-texts.ts';

const departureOf = (a: Allotment) => `${formatDay(a.travelDate)} ${a.departureTime}`;

function AllotmentRow({ allotment, onRemove }: { allotment: Allotment; onRemove: () => void }) {
  const timeZone = useOperatorTimeZone();
  const held = new Set(allotment.held);
  // Of the seats set aside, those no longer held were booked by the partner (or released).
  const booked = allotment.released ? [] : allotment.seats.filter((s) => !held.has(s));
  return (
    <li
      data-allotment-id={allotment.id}
      className="grid gap-3 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold text-slate-900">{departureOf(allotment)}</span>
          <span className="text-sm text-slate-700">{allotment.routeName}</span>
          {allotment.released ? <Badge variant="outline">Released</Badge> : null}
        </p>
        <p className="text-sm text-slate-700">
          {allotment.launchName} · seats{' '}
          <span className="font-mono font-semibold">{allotment.seats.join(', ')}</span>
        </p>
        <p className="text-sm text-slate-700">
          {allotment.released ? (
            <>Unsold seats went back on sale {formatInstant(allotment.releasesAt, timeZone)}.</>
          ) : (
            <>
              <span className="font-semibold tabular-nums text-slate-900">
                {allotment.held.length} of {allotment.seats.length}
              </span>{' '}
              still held{booked.length > 0 ? ` (booked: ${booked.join(', ')})` : ''}; unsold seats go back on
              sale {formatInstant(allotment.releasesAt, timeZone)} ({allotment.releaseHours} h before
              departure).
            </>
          )}
        </p>
      </div>
      <Button
        size="sm"
        variant="ghost"
        className="w-fit text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" />
        Remove
        <span className="sr-only"> the seats on {departureOf(allotment)}</span>
      </Button>
    </li>
  );
}

/** Seats set aside for the partner on departures, what it has booked of them, and when the rest go. */
export function PartnerAllotments({ partner }: { partner: Partner }) {
  const list = useQuery(allotmentsQuery(partner.id));
  const remove = useDeleteAllotment(partner.id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Allotment | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const closeForm = () => {
    setAdding(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <Card role="region" aria-labelledby="partner-allotments-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="grid gap-1">
          <h3 id="partner-allotments-title" className="text-lg font-semibold text-slate-900">
            Allotments
          </h3>
          <CardDescription>
            Seats held for {partner.name} on a departure: nobody else can book them until they are released.
          </CardDescription>
        </div>
        {adding ? null : (
          <Button
            ref={addButton}
            variant="outline"
            disabled={!partner.active}
            aria-describedby={partner.active ? undefined : 'partner-allotments-inactive'}
            onClick={() => setAdding(true)}
          >
            <Armchair aria-hidden="true" />
            Set aside seats
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {partner.active ? null : (
          <p id="partner-allotments-inactive" className="text-sm text-slate-700">
            Activate the partner to set seats aside for it.
          </p>
        )}
        {adding ? <AllotmentForm partner={partner} onDone={closeForm} onCancel={closeForm} /> : null}
        {list.isPending ? (
          <LoadingNote>Loading allotments…</LoadingNote>
        ) : list.isError ? (
          <ErrorNote error={list.error} />
        ) : list.data.length === 0 ? (
          <p className="text-sm text-slate-600">No seats are set aside for this partner.</p>
        ) : (
          <ul aria-labelledby="partner-allotments-title" className="divide-y divide-slate-100">
            {list.data.map((allotment) => (
              <AllotmentRow
                key={allotment.id}
                allotment={allotment}
                onRemove={() => {
                  setRefusal(null);
                  setRemoving(allotment);
                }}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {removing ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRemoving(null)}
          title={`Give back the seats on ${departureOf(removing)}?`}
          description="The seats still held go back on sale at once. What the partner booked of them stays booked."
          confirmLabel="Remove"
          destructive
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(removing, {
              onSuccess: () => {
                toast.success(partnerTexts.allotmentRemoved(departureOf(removing)));
                setRemoving(null);
              },
              onError: (error) => setRefusal(errorMessage(error)),
            })
          }
        >
          {refusal ? (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {refusal}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
