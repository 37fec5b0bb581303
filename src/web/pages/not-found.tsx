import { House } from 'lucide-react';
import { useEffect } from 'react';
import { SITE_TEXTS } from '#web/i18n/site.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { Link, usePathname } from '#web/lib/navigation.tsx';
import { Button } from '../components/ui/button.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export default function NotFoundPage() {
  const pathname = usePathname();
  const t = useTexts(SITE_TEXTS);
  useDocumentTitle(t('site.notFoundTitle'));

  // docs/product.md: the bad path is logged; docs/product.md section 10.19: as a warning, not an error.
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <h1 className="flex flex-col items-center gap-3">
        <span className="bg-gradient-to-br from-sky-500 to-sky-800 bg-clip-text text-8xl font-extrabold tracking-tighter text-transparent sm:text-9xl">
          404
        </span>
        <span className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('site.notFoundHeading')}</span>
      </h1>
      <p className="mt-4 text-slate-600">{t('site.notFoundText')}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <House aria-hidden="true" />
          {t('site.notFoundHome')}
        </Link>
      </Button>
    </div>
  );
}
