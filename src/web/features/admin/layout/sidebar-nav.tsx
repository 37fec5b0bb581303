import { NavLink, usePathname } from '#web/lib/navigation.tsx';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';
import { cn } from '#web/lib/utils.ts';
import { ADMIN_LINKS, adminPageAt, mayOpen } from './admin-links.ts';

/** The admin links; `collapsed` shows icons only (the label stays for screen readers). */
export function SidebarNav({ collapsed = false }: { collapsed?: boolean }) {
  const pathname = usePathname();
  // The layout renders only once someone is signed in; each role sees the pages it may use.
  const role = useAdminMe().data?.user?.role;
  const links = role ? ADMIN_LINKS.filter((link) => mayOpen(role, link.page)) : [];
  // By page, not by path prefix: the bank statements live under the payments' path, and only
  // their own link is the current one there.
  const current = adminPageAt(pathname);
  return (
    <nav aria-label="Admin" className={cn('flex-1 overflow-y-auto py-3', collapsed ? 'px-1.5' : 'px-3')}>
      <ul className="space-y-1">
        {links.map(({ to, label, icon: Icon, page }) => (
          <li key={to}>
            <NavLink
              to={to}
              title={collapsed ? label : undefined}
              // The index route is the dashboard too.
              active={current === page || (page === 'dashboard' && pathname === '/admin')}
              className={({ isActive }) =>
                cn(
                  'flex h-10 items-center gap-3 rounded-lg text-sm font-medium',
                  collapsed ? 'justify-center px-0' : 'px-3',
                  isActive
                    ? 'bg-sky-50 text-sky-800'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span className={cn('truncate', collapsed && 'sr-only')}>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
