import { lazy, Suspense } from 'react';
import { AppShell } from './components/layout/app-shell.tsx';
import { PageLoading, PublicLayout } from './components/layout/public-layout.tsx';
import { RouteErrorBoundary } from './components/layout/route-error.tsx';
import { ADMIN_PATH } from './lib/admin-route.ts';
import { Route, Switch } from './lib/navigation.tsx';

// wouter (about 3 KB gzipped; docs/decisions/020), and every page is its own chunk, so a visitor
// downloads only the screen they open (admin code never).

const Home = lazy(() => import('./pages/home.tsx'));
const Booking = lazy(() => import('./pages/booking.tsx'));
const CheckBooking = lazy(() => import('./pages/check-booking.tsx'));
const ETicket = lazy(() => import('./pages/e-ticket.tsx'));
const ManageBooking = lazy(() => import('./pages/manage-booking.tsx'));
const CardPayment = lazy(() => import('./pages/payment.tsx'));
const NotFound = lazy(() => import('./pages/not-found.tsx'));
const AdminLogin = lazy(() => import('./pages/admin/login.tsx'));
const AdminRoutes = lazy(() => import('./pages/admin/routes.tsx'));
const Partner = lazy(() => import('./pages/partner.tsx'));

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <AppShell>
        <Switch>
          <Route path="/admin/login">
            <Suspense fallback={null}>
              <AdminLogin />
            </Suspense>
          </Route>
          <Route path={ADMIN_PATH}>
            <Suspense fallback={null}>
              <AdminRoutes />
            </Suspense>
          </Route>
          <Route path="/partner">
            <Suspense fallback={null}>
              <Partner />
            </Suspense>
          </Route>
          <Route>
            {/* Header and footer stay on screen while a public page's chunk loads. */}
            <PublicLayout>
              <Suspense fallback={<PageLoading />}>
                <Switch>
                  <Route path="/">
                    <Home />
                  </Route>
                  <Route path="/booking">
                    <Booking />
                  </Route>
                  <Route path="/bookings/:reference/manage" component={ManageBooking} />
                  <Route path="/bookings">
                    <CheckBooking />
                  </Route>
                  <Route path="/t/:token">{({ token }) => <ETicket token={token} />}</Route>
                  <Route path="/payment/:localId" component={CardPayment} />
                  <Route>
                    <NotFound />
                  </Route>
                </Switch>
              </Suspense>
            </PublicLayout>
          </Route>
        </Switch>
      </AppShell>
    </RouteErrorBoundary>
  );
}
