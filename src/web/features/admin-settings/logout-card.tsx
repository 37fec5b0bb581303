import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { useSignOut } from '#web/lib/use-admin-auth.ts';

export function LogoutCard() {
  const signOut = useSignOut();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Session</h2>
        <CardDescription>Sign out of the admin area on this device.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" disabled={signOut.isPending} onClick={() => setConfirming(true)}>
          <LogOut aria-hidden="true" />
          Logout
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Log out?"
          description="You will need to sign in again to use the admin area."
          confirmLabel="Logout"
          destructive
          onConfirm={() => signOut.mutate()}
        />
      </CardContent>
    </Card>
  );
}
