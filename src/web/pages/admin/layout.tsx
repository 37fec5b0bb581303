import {
  CalendarClock,
  ClipboardList,
  Image,
  LayoutDashboard,
  type LucideIcon,
  MapPin,
  Settings,
  Ship,
  Smartphone,
  Ticket,
  Wallet,
} from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { BrandMark } from '../../components/layout/brand-mark.tsx';
import { useBranding } from '../../lib/public-queries.ts';
import { cn } from '../../lib/utils.ts';

type AdminLink = { to: string; label: string; icon: LucideIcon };

// SPEC.md admin layout: the sidebar links, in this order, after the dashboard.
const LINKS: AdminLink[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/banners', label: 'Banner', icon: Image },
  { to: '/admin/schedule', label: 'Schedule', icon: CalendarClock },
  { to: '/admin/ticketing', label: 'Ticketing', icon: ClipboardList },
  { to: '/admin/tickets', label: 'Tickets', icon: Ticket },
  { to: '/admin/launches', label: 'Launch', icon: Ship },
  { to: '/admin/locations', label: 'Locations', icon: MapPin },
  { to: '/admin/payments', label: 'Payments', icon: Wallet },
  { to: '/admin/pwa-settings', label: 'PWA Settings', icon: Smartphone },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
];

export default function AdminLayout() {
  const { appName, logoUrl } = useBranding();
  return (
    <div className="flex min-h-dvh bg-slate-50">
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white md:block">
        <div className="flex h-16 items-center gap-2.5 border-b border-slate-200 px-4 font-bold text-slate-900">
          <BrandMark logoUrl={logoUrl} />
          <span className="truncate">{appName}</span>
        </div>
        <nav aria-label="Admin" className="p-3">
          <ul className="space-y-1">
            {LINKS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium',
                      isActive ? 'bg-sky-50 text-sky-800' : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 items-center border-b border-slate-200 bg-white px-4 sm:px-6">
          <p className="text-lg font-semibold text-slate-900">Admin Dashboard</p>
        </header>
        <main className="flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
