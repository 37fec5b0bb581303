import {
  Calculator,
  CalendarClock,
  ChartColumn,
  ClipboardList,
  HandCoins,
  Handshake,
  History,
  Image,
  Landmark,
  Languages,
  LayoutDashboard,
  type LucideIcon,
  MapPin,
  Settings,
  Ship,
  Smartphone,
  Store,
  Ticket,
  Users,
  Wallet,
} from 'lucide-react';
import { allows, type PermissionRule, type Role } from '#shared/permissions.ts';
import { ADMIN_PAGE_NAMES, type AdminPageName, adminPagePath } from '#web/lib/admin-paths.ts';

export type AdminLink = { to: string; label: string; icon: LucideIcon; page: AdminPageName };

/**
 * What each admin page needs, the same permission as the routes it calls (the server refuses
 * them anyway); a page without an entry is for everyone signed in (their own Settings).
 */
export const PAGE_PERMISSIONS: Partial<Record<AdminPageName, PermissionRule>> = {
  dashboard: 'dashboard.read',
  banners: 'banners.manage',
  schedule: 'timetable.manage',
  ticketing: 'manifests.read',
  tickets: 'tickets.read',
  launches: 'launches.manage',
  locations: 'locations.manage',
  payments: 'prices.manage',
  statements: 'payments.reconcile',
  'pwa-settings': 'branding.manage',
  texts: 'texts.manage',
  staff: 'staff.manage',
  audit: 'audit.read',
  boarding: 'boarding.board',
  counter: 'counter.sell',
  cashups: 'cashups.all',
  refunds: 'refunds.manage',
  partners: 'partners.manage',
  reports: 'reports.read',
};

export function mayOpen(role: Role, page: AdminPageName): boolean {
  const rule = PAGE_PERMISSIONS[page];
  return rule === undefined || allows(role, rule);
}

// docs/product.md admin layout: the sidebar links, in this order, after the dashboard; then the staff
// screens. Each role sees only the pages it may use.
export const ADMIN_LINKS: AdminLink[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard, page: 'dashboard' },
  { to: '/admin/banners', label: 'Banner', icon: Image, page: 'banners' },
  { to: '/admin/schedule', label: 'Schedule', icon: CalendarClock, page: 'schedule' },
  { to: '/admin/ticketing', label: 'Ticketing', icon: ClipboardList, page: 'ticketing' },
  { to: '/admin/tickets', label: 'Tickets', icon: Ticket, page: 'tickets' },
  { to: '/admin/launches', label: 'Launch', icon: Ship, page: 'launches' },
  { to: '/admin/locations', label: 'Locations', icon: MapPin, page: 'locations' },
  { to: '/admin/payments', label: 'Payments', icon: Wallet, page: 'payments' },
  { to: '/admin/payments/statements', label: 'Bank statements', icon: Landmark, page: 'statements' },
  { to: '/admin/pwa-settings', label: 'PWA Settings', icon: Smartphone, page: 'pwa-settings' },
  { to: '/admin/texts', label: 'Texts', icon: Languages, page: 'texts' },
  { to: '/admin/boarding', label: 'Boarding', icon: Ship, page: 'boarding' },
  { to: '/admin/counter', label: 'Counter', icon: Store, page: 'counter' },
  { to: '/admin/cashups', label: 'Cash-ups', icon: Calculator, page: 'cashups' },
  { to: '/admin/refunds', label: 'Refunds', icon: HandCoins, page: 'refunds' },
  { to: '/admin/partners', label: 'Partners', icon: Handshake, page: 'partners' },
  { to: '/admin/reports', label: 'Reports', icon: ChartColumn, page: 'reports' },
  { to: '/admin/staff', label: 'Staff', icon: Users, page: 'staff' },
  { to: '/admin/audit', label: 'Audit', icon: History, page: 'audit' },
  { to: '/admin/settings', label: 'Settings', icon: Settings, page: 'settings' },
];

/**
 * Each admin page's name, as its heading and tab title say it: the header shows it beside the
 * area's title, so a phone scrolled down (or a screen reader) still knows which screen it is on.
 */
export const ADMIN_PAGE_TITLES: Record<AdminPageName, string> = {
  dashboard: 'Dashboard',
  banners: 'Banner Management',
  schedule: 'Schedule Management',
  ticketing: 'Ticketing',
  tickets: 'Ticket Management',
  launches: 'Launch Management',
  locations: 'Location Management',
  payments: 'Payment Settings',
  statements: 'Bank Statements',
  'pwa-settings': 'PWA Settings',
  texts: 'Texts',
  staff: 'Staff',
  audit: 'Audit Trail',
  boarding: 'Boarding',
  counter: 'Counter',
  cashups: 'Cash-ups',
  refunds: 'Refunds',
  partners: 'Partner Accounts',
  reports: 'Reports',
  settings: 'Settings',
};

/** The admin page a path shows (`/admin/boarding/` is Boarding), or null (the bare `/admin`). */
export function adminPageAt(pathname: string): AdminPageName | null {
  const path = pathname.replace(/\/$/, '');
  return ADMIN_PAGE_NAMES.find((page) => adminPagePath(page) === path) ?? null;
}
