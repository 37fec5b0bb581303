import { RotateCw } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { MSG } from '#shared/messages/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useBoardingExpiry, wipeBoardingDevice } from '#web/features/admin/boarding/device-wipes.ts';
import { AdminShell } from '#web/features/admin/layout/admin-shell.tsx';
import { useSessionWatch } from '#web/features/admin/layout/use-session-watch.ts';
import type { LoginRedirectState } from '#web/features/admin/login/redirect-target.ts';
import { Navigate, usePathname } from '#web/lib/navigation.tsx';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';
import { useAdminEvents } from '#web/lib/use-admin-events.ts';

function LiveAdminArea({ children }: { children: ReactNode }) {
  // Only while signed in: the stream answers 401 without a session.
  useAdminEvents();
  return children;
}

export default function AdminLayout({ children }: { children: ReactNode }) {
  const me = useAdminMe();
  const pathname = usePathname();
  const from = `${pathname}${window.location.search}${window.location.hash}`;
  const state = useMemo<LoginRedirectState>(() => ({ from }), [from]);
  // Any 401 in the admin area wipes the passengers a boarding device kept; a departure's copy
  // also goes 24 hours after it, checked from the admin area's start.
  useSessionWatch(wipeBoardingDevice);
  useBoardingExpiry();

  if (me.isPending) {
    return (
      <div role="status" className="grid min-h-dvh place-items-center bg-slate-50 text-slate-600">
        <Spinner className="size-8 text-sky-700" />
        <span className="sr-only">Loading</span>
      </div>
    );
  }
  if (me.isError && !me.data) {
    return (
      <div role="alert" className="grid min-h-dvh place-items-center bg-slate-50 px-4 text-center">
        <div className="space-y-4">
          <p className="text-slate-800">{MSG.serverError}</p>
          <Button variant="outline" onClick={() => void me.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </div>
    );
  }
  const user = me.data?.user;
  if (!user) return <Navigate to="/admin/login" replace state={state} />;

  return (
    <AdminShell user={user}>
      <LiveAdminArea>{children}</LiveAdminArea>
    </AdminShell>
  );
}
