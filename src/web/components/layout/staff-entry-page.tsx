import type { ReactNode } from 'react';
import { Link } from '#web/lib/navigation.tsx';
import { useBranding } from '#web/lib/public-queries.ts';
import { BrandMark } from './brand-mark.tsx';

/**
 * A staff page outside the admin layout, where nobody is signed in yet (the sign-in, the e-mailed
 * links): on the brand's gradient, its content in a box of `className`.
 */
export function StaffEntryPage({ className, children }: { className: string; children: ReactNode }) {
  return (
    <main className="min-h-dvh bg-gradient-to-br from-sky-50 via-white to-sky-100 px-4 py-8 sm:py-12">
      <div className={className}>{children}</div>
    </main>
  );
}

/** The operator's mark and name, leading to the home page. */
export function BrandHomeLink() {
  const { appName, logoUrl } = useBranding();
  return (
    <Link to="/" className="inline-flex items-center gap-2.5 rounded-lg font-bold text-slate-900">
      <BrandMark logoUrl={logoUrl} />
      {appName}
    </Link>
  );
}
