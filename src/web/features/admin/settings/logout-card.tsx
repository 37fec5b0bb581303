import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { useSignOut, useSignOutEverywhere } from '#web/lib/use-admin-auth.ts';

export function LogoutCard() {
  const signOut = useSignOut();
  const signOutEverywhere = useSignOutEverywhere();
  const [confirming, setConfirming] = useState<'here' | 'everywhere' | null>(null);
  const busy = signOut.isPending || signOutEverywhere.isPending;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Session</h2>
        <CardDescription>
          Sign out of the admin area on this device, or on every device where you are signed in (a lost phone,
          a shared computer).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button variant="destructive" disabled={busy} onClick={() => setConfirming('here')}>
          <LogOut aria-hidden="true" />
          Logout
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => setConfirming('everywhere')}>
          <MonitorSmartphone aria-hidden="true" />
          Sign out everywhere
        </Button>
        <ConfirmDialog
          open={confirming === 'here'}
          onOpenChange={(open) => !open && setConfirming(null)}
          title="Log out?"
          description="You will need to sign in again to use the admin area."
          confirmLabel="Logout"
          destructive
          onConfirm={() => signOut.mutate()}
        />
        <ConfirmDialog
          open={confirming === 'everywhere'}
          onOpenChange={(open) => !open && setConfirming(null)}
          title="Sign out everywhere?"
          description="Every device signed in to your account is signed out, this one included. You will need to sign in again on each of them."
          confirmLabel="Sign out everywhere"
          destructive
          busy={signOutEverywhere.isPending}
          onConfirm={() =>
            signOutEverywhere.mutate(undefined, {
              onSettled: () => setConfirming(null),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
