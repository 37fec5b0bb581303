import {
  CalendarClock,
  ClipboardList,
  Image,
  Languages,
  LayoutDashboard,
  type LucideIcon,
  MapPin,
  Settings,
  Ship,
  Smartphone,
  Ticket,
  Wallet,
} from 'lucide-react';

export type AdminLink = { to: string; label: string; icon: LucideIcon };

// SPEC.md admin layout: the sidebar links, in this order, after the dashboard.
export const ADMIN_LINKS: AdminLink[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/banners', label: 'Banner', icon: Image },
  { to: '/admin/schedule', label: 'Schedule', icon: CalendarClock },
  { to: '/admin/ticketing', label: 'Ticketing', icon: ClipboardList },
  { to: '/admin/tickets', label: 'Tickets', icon: Ticket },
  { to: '/admin/launches', label: 'Launch', icon: Ship },
  { to: '/admin/locations', label: 'Locations', icon: MapPin },
  { to: '/admin/payments', label: 'Payments', icon: Wallet },
  { to: '/admin/pwa-settings', label: 'PWA Settings', icon: Smartphone },
  { to: '/admin/texts', label: 'Texts', icon: Languages },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
];
