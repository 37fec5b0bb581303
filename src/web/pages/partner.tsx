import { RotateCw } from 'lucide-react';
import { useMemo } from 'react';
import { MSG } from '#shared/messages/api.ts';
import { BrandHomeLink, StaffEntryPage } from '#web/components/layout/staff-entry-page.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { PartnerScreen } from '#web/features/partner/partner-screen.tsx';
import { EnglishArea } from '#web/i18n/english-area.tsx';
import { Link, Navigate, usePathname } from '#web/lib/navigation.tsx';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';

/**
 * /partner: a partner's user books its guests on account (docs/decisions/043). Signed out, the
 * sign-in, and back here after; staff are told it is not theirs. English, like the staff screens.
 */
export default function PartnerPage() {
  return (
    <EnglishArea>
      <Partner />
    </EnglishArea>
  );
}

function Partner() {
  const me = useAdminMe();
  const pathname = usePathname();
  const from = `${pathname}${window.location.search}`;
  const state = useMemo(() => ({ from }), [from]);

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
  const { partner, user } = me.data ?? {};
  if (partner) return <PartnerScreen partner={partner} />;
  if (!user) return <Navigate to="/admin/login" replace state={state} />;
  return (
    <StaffEntryPage className="mx-auto w-full max-w-md space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
      <BrandHomeLink />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">For partners</h1>
      <p className="text-slate-800">
        This screen is for the resorts and agents who book their guests on account. You are signed in as
        staff.
      </p>
      <Link to="/admin" className="inline-block font-semibold text-sky-800 underline underline-offset-2">
        Go to the admin area
      </Link>
    </StaffEntryPage>
  );
}
