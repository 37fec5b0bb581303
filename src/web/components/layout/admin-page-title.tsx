import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** The heading of an admin page, also used as the tab title. */
export function AdminPageTitle({ children }: { children: string }) {
  useDocumentTitle(children);
  return <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{children}</h1>;
}
