import { Link } from 'react-router';
import { BrandMark } from '../../components/layout/brand-mark.tsx';
import { useBranding } from '../../lib/public-queries.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export default function AdminLoginPage() {
  const { appName, logoUrl } = useBranding();
  useDocumentTitle('Admin Login');
  return (
    <main className="grid min-h-dvh place-items-center bg-gradient-to-br from-sky-50 via-white to-sky-100 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-lg">
        <Link to="/" className="inline-flex items-center gap-2.5 rounded-lg font-bold text-slate-900">
          <BrandMark logoUrl={logoUrl} />
          {appName}
        </Link>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Admin Login</h1>
      </div>
    </main>
  );
}
