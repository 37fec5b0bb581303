import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

// The app's one door to the router (wouter, docs/decisions/020): what pages and layouts need of
// it, in the shapes they use. Every path is absolute; there are no nested routers.

export { Link, Route, Switch, useSearchParams } from 'wouter';
export { useHistoryState };

export type NavigateOptions = { replace?: boolean; state?: unknown };

/** The current path, without search or hash. */
export function usePathname(): string {
  return useLocation()[0];
}

/** A stable function that goes to `to` (a push, or a replace with `{ replace: true }`). */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useLocation()[1];
}

/** Goes to `to` as soon as it renders (a redirect), carrying `state` in the history entry. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  return <Redirect to={to} replace={replace ?? false} state={state} />;
}

/** Whether `pathname` is `to` or, unless `end`, a page below it. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  if (pathname === to) return true;
  return !end && pathname.startsWith(to.endsWith('/') ? to : `${to}/`);
}

type NavLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'href'> & {
  to: string;
  /** Active only on `to` itself, not on the pages below it. */
  end?: boolean;
  /** Overrides the path rule (a page reached by two paths). */
  active?: boolean;
  className: (state: { isActive: boolean }) => string;
  children: ReactNode;
};

/** A link that knows when it leads to the current page: it says so to screen readers too. */
export function NavLink({ to, end, active, className, children, ...rest }: NavLinkProps) {
  const pathname = usePathname();
  const isActive = active ?? isActivePath(pathname, to, end);
  return (
    <Link
      {...rest}
      href={to}
      aria-current={isActive ? 'page' : undefined}
      className={className({ isActive })}
    >
      {children}
    </Link>
  );
}

/*
 * How the current page was reached. The browser's back and forward buttons fire popstate; the
 * app's own navigations go through history.pushState and replaceState, which wouter announces as
 * events of the same names. The first page counts as a 'pop': the browser restores its scroll.
 */
let lastNavigation: 'pop' | 'push' | 'replace' = 'pop';
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    lastNavigation = 'pop';
  });
  window.addEventListener('pushState', () => {
    lastNavigation = 'push';
  });
  window.addEventListener('replaceState', () => {
    lastNavigation = 'replace';
  });
}

/** 'pop' after back, forward or the first load; 'push' or 'replace' after the app's own navigation. */
export function lastNavigationType(): 'pop' | 'push' | 'replace' {
  return lastNavigation;
}
