import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { EnglishArea } from '#web/i18n/english-area.tsx';
import { ADMIN_PAGE_NAMES, type AdminPageName } from '#web/lib/admin-paths.ts';
import { Route, Switch } from '#web/lib/navigation.tsx';
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
  'pwa-settings': lazy(() => import('./pwa-settings.tsx')),
  settings: lazy(() => import('./settings.tsx')),
  texts: lazy(() => import('./texts.tsx')),
  staff: lazy(() => import('./staff.tsx')),
  audit: lazy(() => import('./audit.tsx')),
  boarding: lazy(() => import('./boarding.tsx')),
};

export default function AdminRoutes() {
  return (
    <EnglishArea>
      <AdminLayout>
        <Suspense fallback={null}>
          <Switch>
            <Route path="/admin">
              <PAGES.dashboard />
            </Route>
            {ADMIN_PAGE_NAMES.map((name) => {
              const Page = PAGES[name];
              return (
                <Route key={name} path={`/admin/${name}`}>
                  <Page />
                </Route>
              );
            })}
          </Switch>
        </Suspense>
      </AdminLayout>
    </EnglishArea>
  );
}
