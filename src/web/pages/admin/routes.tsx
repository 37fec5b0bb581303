import './boarding-device.ts';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { FIRST_SCREEN } from '#shared/permissions.ts';
import { AdminPageTitle } from '#web/components/layout/admin-page-title.tsx';
import { mayOpen } from '#web/features/admin/layout/admin-links.ts';
import { EnglishArea } from '#web/i18n/english-area.tsx';
import { ADMIN_PAGE_NAMES, type AdminPageName, adminPagePath } from '#web/lib/admin-paths.ts';
import { Link, Navigate, Route, Switch, usePathname } from '#web/lib/navigation.tsx';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';
import AdminLayout from './layout.tsx';

// The admin area's pages, each its own chunk, behind the layout that checks the session. This
// file is itself loaded only on an admin path, so the public first load never lists them.

const PAGES: Record<AdminPageName, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('./dashboard.tsx')),
  banners: lazy(() => import('./banners.tsx')),
  schedule: lazy(() => import('./schedule.tsx')),
  ticketing: lazy(() => import('./ticketing.tsx')),
  tickets: lazy(() => import('./tickets.tsx')),
  launches: lazy(() => import('./launches.tsx')),
  locations: lazy(() => import('./locations.tsx')),
  payments: lazy(() => import('./payments.tsx')),
  statements: lazy(() => import('./statements.tsx')),
  'pwa-settings': lazy(() => import('./pwa-settings.tsx')),
  settings: lazy(() => import('./settings.tsx')),
  texts: lazy(() => import('./texts.tsx')),
  staff: lazy(() => import('./staff.tsx')),
  audit: lazy(() => import('./audit.tsx')),
  boarding: lazy(() => import('./boarding.tsx')),
  counter: lazy(() => import('./counter.tsx')),
  cashups: lazy(() => import('./cashups.tsx')),
  refunds: lazy(() => import('./refunds.tsx')),
  partners: lazy(() => import('./partners.tsx')),
  reports: lazy(() => import('./reports.tsx')),
};

/** The bare /admin: each role starts on its own first screen. */
function FirstScreen() {
  const role = useAdminMe().data?.user?.role;
  return role ? <Navigate to={FIRST_SCREEN[role]} replace /> : null;
}

/** A page the signed-in role may not use says so, instead of failing request by request. */
function Allowed({ page, children }: { page: AdminPageName; children: ReactNode }) {
  const role = useAdminMe().data?.user?.role;
  if (!role) return null;
  if (mayOpen(role, page)) return children;
  return <NotAllowed firstScreen={FIRST_SCREEN[role]} />;
}

function NotAllowed({ firstScreen }: { firstScreen: string }) {
  return (
    <div
      role="alert"
      className="mx-auto max-w-lg space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-6"
    >
      <AdminPageTitle>Not allowed</AdminPageTitle>
      <p className="text-slate-800">Your role does not include this page. Ask the owner if you need it.</p>
      <Link to={firstScreen} className="inline-block font-semibold text-sky-800 underline underline-offset-2">
        Go to your first screen
      </Link>
    </div>
  );
}

// The e-mailed invitation and password reset links: outside the admin layout, no session needed.
const SetPassword = lazy(() => import('./set-password.tsx'));
const STAFF_LINK = /^\/admin\/(?:welcome|reset-password)\/?$/;

export default function AdminRoutes() {
  if (STAFF_LINK.test(usePathname())) {
    return (
      <Suspense fallback={null}>
        <SetPassword />
      </Suspense>
    );
  }
  return (
    <EnglishArea>
      <AdminLayout>
        <Suspense fallback={null}>
          <Switch>
            <Route path="/admin">
              <FirstScreen />
            </Route>
            {ADMIN_PAGE_NAMES.map((name) => {
              const Page = PAGES[name];
              return (
                <Route key={name} path={adminPagePath(name)}>
                  <Allowed page={name}>
                    <Page />
                  </Allowed>
                </Route>
              );
            })}
          </Switch>
        </Suspense>
      </AdminLayout>
    </EnglishArea>
  );
}
