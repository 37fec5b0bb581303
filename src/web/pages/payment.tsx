import { lazy } from 'react';

// The page's code loads from here rather than with the route: the app's entry lists what each
// page imports, and every name in that list is part of every public first load (/booking's, in
// Dhivehi, has no byte to spare). The router's Suspense shows the page area meanwhile.
const PaymentReturn = lazy(() => import('#web/features/card-payment/payment-return.tsx'));

/** `/payment/<localId>`, the card gateway's way back (docs/decisions/042). */
export default function PaymentPage({ params }: { params: { localId: string } }) {
  return <PaymentReturn localId={params.localId} />;
}
