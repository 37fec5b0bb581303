import { SYSTEM_VERSION } from '#shared/constants.ts';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';

export function SystemCard() {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">System</h2>
        <CardDescription>About this installation.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-medium text-slate-600">Version</dt>
            <dd className="mt-1 font-semibold text-slate-900">{SYSTEM_VERSION}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-600">Status</dt>
            <dd className="mt-1 flex items-center gap-2 font-semibold text-green-800">
              <span aria-hidden="true" className="size-2.5 rounded-full bg-green-600" />
              Online
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
