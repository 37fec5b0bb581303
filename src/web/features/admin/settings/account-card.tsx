import type { AdminUser } from '#shared/admin-api.ts';
import { ROLE_LABELS } from '#shared/permissions.ts';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';

export function AccountCard({ user }: { user: AdminUser }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Account</h2>
        <CardDescription>Your sign-in details. These cannot be changed here.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-medium text-slate-600">Username</dt>
            <dd className="mt-1 font-semibold text-slate-900">{user.username}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600">Email</dt>
            <dd className="mt-1 break-all font-semibold text-slate-900">{user.email}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600">Role</dt>
            <dd className="mt-1 font-semibold text-slate-900">{ROLE_LABELS[user.role]}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
