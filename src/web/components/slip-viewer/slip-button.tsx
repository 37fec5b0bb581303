import { useQuery } from '@tanstack/react-query';
import { FileImage } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { AuthMe } from '#shared/admin-api.ts';
import { api } from '#web/lib/api-client.ts';
import { Button } from '../ui/button.tsx';

// The viewer and the admin lookup load on the first click: public visitors never download them.
const SlipByReference = lazy(() => import('./slip-by-reference.tsx'));

/**
 * `GET /api/auth/me` answers 200 with `user: null` when signed out, so visitors see no error.
 * The key is the admin area's, so both share one answer.
 */
const authMeQuery = {
  queryKey: ['admin', 'me'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<AuthMe>('/api/auth/me', { signal }),
};

/**
 * 'View Payment Slip' for signed-in staff whose role may see slips (docs/product.md Check Your Booking);
 * nothing otherwise. The slip route checks the same permission.
 */
export function SlipButton({ reference }: { reference: string }) {
  const me = useQuery({ ...authMeQuery, staleTime: 60_000, retry: false });
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const permissions = me.data?.user?.permissions ?? [];
  if (!permissions.includes('slips.read') || !permissions.includes('tickets.read')) return null;

  return (
    <>
      <Button
        variant="outline"
        className="mt-4"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <FileImage aria-hidden="true" />
        View Payment Slip
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <SlipByReference reference={reference} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
