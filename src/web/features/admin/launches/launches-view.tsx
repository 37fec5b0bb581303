import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { AdminLaunch } from '#shared/setup-api.ts';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { launchListQuery } from './api.ts';
import { LaunchCard } from './launch-card.tsx';
import { LaunchDialog } from './launch-dialog.tsx';

function LaunchGrid({ onEdit }: { onEdit: (launch: AdminLaunch) => void }) {
  const list = useQuery(launchListQuery);
  if (list.isPending) {
    return <LoadingNote>Loading launches…</LoadingNote>;
  }
  if (list.isError) {
    return <ErrorNote error={list.error} />;
  }
  if (list.data.launches.length === 0) {
    return <EmptyNote>No launches yet</EmptyNote>;
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

/** docs/product.md Launch screen: the fleet as cards, and one dialog to add or edit a launch. */
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
