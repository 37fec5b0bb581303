import { Menu, PanelLeft } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { AdminUser } from '#shared/admin-api.ts';
import { SIDEBAR } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '#web/components/ui/sheet.tsx';
import type { AdminPageName } from '#web/lib/admin-paths.ts';
import { usePathname } from '#web/lib/navigation.tsx';
import { useIsMobile } from '#web/lib/use-is-mobile.ts';
import { cn } from '#web/lib/utils.ts';
import { ADMIN_PAGE_TITLES, adminPageAt } from './admin-links.ts';
import { SidebarBrand } from './sidebar-brand.tsx';
import { SidebarNav } from './sidebar-nav.tsx';
import { useSidebarShortcut, useSidebarState } from './sidebar-state.ts';
import { UserMenu } from './user-menu.tsx';

const MAIN_ID = 'admin-main';

/**
 * Sidebar, header and content of the admin area. From 768 px the sidebar sits beside the
 * content and collapses to an icon rail; below that it is a sheet opened from the header.
 */
export function AdminShell({ user, children }: { user: AdminUser; children: ReactNode }) {
  const isMobile = useIsMobile();
  const { open, setOpen } = useSidebarState();
  const [sheetOpen, setSheetOpen] = useState(false);
  const sidebarId = useId();
  const pathname = usePathname();
  const mainRef = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);

  const toggle = useCallback(() => {
    if (isMobile) setSheetOpen((v) => !v);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);
  useSidebarShortcut(toggle);

  // The sheet closes on navigation; keyboard and screen reader users start at the new page.
  useEffect(() => {
    setSheetOpen(false);
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex min-h-dvh bg-slate-50">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-sky-800 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <aside
        id={sidebarId}
        aria-label="Sidebar"
        data-state={open ? 'expanded' : 'collapsed'}
        style={{ width: open ? SIDEBAR.width : SIDEBAR.widthCollapsed }}
        className="sticky top-0 hidden h-dvh shrink-0 flex-col overflow-hidden border-r border-slate-200 bg-white transition-[width] duration-200 md:flex print:hidden"
      >
        <SidebarBrand collapsed={!open} />
        <SidebarNav collapsed={!open} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-6 print:hidden">
          {isMobile ? (
            <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
              <SheetTrigger asChild>
                <Button variant="ghost" size="icon" aria-label="Open menu">
                  <Menu aria-hidden="true" className="size-5" />
                </Button>
              </SheetTrigger>
              <SheetContent side="left" closeLabel="Close menu" style={{ width: SIDEBAR.widthMobile }}>
                <SheetTitle className="sr-only">Admin menu</SheetTitle>
                <SheetDescription className="sr-only">Links to the admin pages</SheetDescription>
                <SidebarBrand />
                <SidebarNav />
              </SheetContent>
            </Sheet>
          ) : (
            <Button
              variant="ghost"
              size="icon"
              aria-label="Toggle sidebar"
              aria-expanded={open}
              aria-controls={sidebarId}
              title="Toggle sidebar (Ctrl+B)"
              onClick={() => setOpen(!open)}
              className="-ml-2"
            >
              <PanelLeft aria-hidden="true" className="size-5" />
            </Button>
          )}
          <AdminHeaderTitle page={adminPageAt(pathname)} />
          <UserMenu user={user} />
        </header>
        <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The area's title, 'Admin Dashboard' (docs/product.md admin layout), and the screen's name under it
 * (beside it from 640 px); the dashboard's own name is the title already.
 */
function AdminHeaderTitle({ page }: { page: AdminPageName | null }) {
  const screen = page && page !== 'dashboard' ? ADMIN_PAGE_TITLES[page] : null;
  return (
    <p
      data-testid="admin-header-title"
      className="flex min-w-0 flex-1 flex-col text-slate-900 sm:flex-row sm:items-baseline sm:gap-2"
    >
      <span
        className={cn(
          'truncate font-semibold',
          screen ? 'text-xs text-slate-600 sm:text-lg sm:text-slate-900' : 'text-lg',
        )}
      >
        Admin Dashboard
      </span>
      {screen && (
        <>
          <span aria-hidden="true" className="hidden text-slate-400 sm:inline">
            /
          </span>
          <span
            data-testid="admin-screen-name"
            className="truncate text-base leading-tight font-semibold sm:text-lg"
          >
            {screen}
          </span>
        </>
      )}
    </p>
  );
}
