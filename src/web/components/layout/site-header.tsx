import { House, Search } from 'lucide-react';
import { useTexts } from '#web/i18n/texts.tsx';
import { Link, NavLink } from '#web/lib/navigation.tsx';
import { useBranding } from '#web/lib/public-queries.ts';
import { cn } from '#web/lib/utils.ts';
import { BrandMark } from './brand-mark.tsx';
import { LanguageSwitch } from './language-switch.tsx';

const NAV_ITEMS = [
  { to: '/', label: 'common.navHome', icon: House, end: true },
  { to: '/bookings', label: 'common.navCheckBooking', icon: Search, end: false },
] as const;

export function SiteHeader() {
  const t = useTexts('common');
  const { appName, logoUrl } = useBranding();
  return (
    <header className="sticky top-0 z-40 print:hidden border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      {/* One row on any screen. The operator's name stays whole: it takes what the links leave and
          wraps there (two lines for the demo's on a 360 px phone); the links and the switch are
          compact on a phone, each still a 44 px tap target. */}
      <div className="mx-auto flex min-h-16 max-w-6xl items-center gap-1 px-3 py-1 sm:gap-2 sm:px-6">
        <Link
          to="/"
          className="me-auto flex min-h-11 min-w-0 items-center gap-2 rounded-lg text-[0.9375rem] leading-tight font-bold tracking-tight text-slate-900 sm:gap-2.5 sm:text-lg"
        >
          <BrandMark logoUrl={logoUrl} className="size-8 shrink-0 sm:size-9" />
          <span className="min-w-0 wrap-break-word">{appName}</span>
        </Link>
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
          <nav aria-label={t('common.mainNav')}>
            <ul className="flex items-center gap-0.5 sm:gap-1">
              {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    className={({ isActive }) =>
                      cn(
                        'inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-2 text-sm font-semibold whitespace-nowrap transition-colors sm:px-3',
                        isActive
                          ? 'bg-sky-50 text-sky-800 ring-1 ring-sky-200 ring-inset'
                          : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                      )
                    }
                  >
                    <Icon aria-hidden="true" className="hidden size-4 sm:block" />
                    {t(label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
