import { LogOut } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { useSignOut } from '#web/lib/use-admin-auth.ts';

export function LogoutCard() {
  const signOut = useSignOut();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Session</h2>
        <CardDescription>Sign out of the admin area on this device.</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="destructive" disabled={signOut.isPending}>
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Log out?</AlertDialogTitle>
              <AlertDialogDescription>
                You will need to sign in again to use the admin area.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction variant="destructive" onClick={() => signOut.mutate()}>
                Logout
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
