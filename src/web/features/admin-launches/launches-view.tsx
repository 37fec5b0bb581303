import { useQuery } from '@tanstack/react-query';
import { Loader2, Plus } from 'lucide-react';
import { useState } from 'react';
import type { AdminLaunch } from '#shared/catalogue-api.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { launchListQuery } from './api.ts';
import { LaunchCard } from './launch-card.tsx';
import { LaunchDialog } from './launch-dialog.tsx';

function LaunchGrid({ onEdit }: { onEdit: (launch: AdminLaunch) => void }) {
  const list = useQuery(launchListQuery);
  if (list.isPending) {
    return (
      <p className="flex items-center gap-2 rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700">
        <Loader2 aria-hidden="true" className="size-5 animate-spin text-sky-700" />
        Loading launches…
      </p>
    );
  }
  if (list.isError) {
    return (
      <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-sm text-red-900">
        {list.error instanceof ApiError ? list.error.message : MSG.serverError}
      </p>
    );
  }
  if (list.data.launches.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center font-semibold text-slate-900">
        No launches yet
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
      {list.data.launches.map((launch) => (
        <li key={launch.id}>
          <LaunchCard launch={launch} onEdit={() => onEdit(launch)} />
        </li>
      ))}
    </ul>
  );
}

/** SPEC.md Launch screen: the fleet as cards, and one dialog to add or edit a launch. */
export function LaunchesView() {
  const [dialog, setDialog] = useState<{ open: boolean; launch: AdminLaunch | null }>({
    open: false,
    launch: null,
  });
  return (
    <div className="mt-6 flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">Vessels, their seat plans and photos.</p>
        <Button onClick={() => setDialog({ open: true, launch: null })}>
          <Plus aria-hidden="true" />
          Add Launch
        </Button>
      </div>
      <LaunchGrid onEdit={(launch) => setDialog({ open: true, launch })} />
      <LaunchDialog
        open={dialog.open}
        launch={dialog.launch}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </div>
  );
}
