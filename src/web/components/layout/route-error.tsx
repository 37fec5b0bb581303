import { RotateCw } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { text } from '#web/i18n/texts.tsx';
import { Button } from '../ui/button.tsx';

/** Shown when a page fails to load, typically its code after a new release replaced the old files. */
export function RouteError() {
  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold text-slate-900">{text('common.serverError')}</h1>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          {text('common.reloadPage')}
        </Button>
      </div>
    </main>
  );
}

/** Catches what a page throws while rendering or loading its code, and offers a reload. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
