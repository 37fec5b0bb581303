import { useEffect } from 'react';
import { useBranding } from './public-queries.ts';

/** Sets the tab title to "page · app name" (just the app name without a page). */
export function useDocumentTitle(page?: string) {
  const { appName } = useBranding();
  useEffect(() => {
    document.title = page ? `${page} · ${appName}` : appName;
  }, [page, appName]);
}
