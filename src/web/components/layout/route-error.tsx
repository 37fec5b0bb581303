import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MSG } from '#shared/messages.ts';
import { Button } from '../ui/button.tsx';

/** Shown when a page fails to load, typically its code after a new release replaced the old files. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold text-slate-900">{MSG.serverError}</h1>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          Reload page
        </Button>
      </div>
    </main>
  );
}
