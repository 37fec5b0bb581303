import { FIRST_SCREEN, type Role } from '#shared/permissions.ts';

/** Where the admin layout sends a signed-out visitor: the login page, remembering the way back. */
export type LoginRedirectState = { from?: string };

/**
 * The admin page to open after signing in: the page the visitor was sent away from, if it is
 * inside the admin area, else the role's own first screen.
 */
export function redirectTarget(state: unknown, role: Role): string {
  const from = (state as LoginRedirectState | null)?.from;
  const first = FIRST_SCREEN[role];
  if (typeof from !== 'string') return first;
  if (!/^\/admin(?:[/?#]|$)/.test(from) || from.startsWith('/admin/login')) return first;
  // The bare /admin is the dashboard: each role starts on its own screen instead.
  if (/^\/admin\/?$/.test(from)) return first;
  return from;
}
