/** Where the admin layout sends a signed-out visitor: the login page, remembering the way back. */
export type LoginRedirectState = { from?: string };

export const DEFAULT_ADMIN_PAGE = '/admin/dashboard';

/** The admin page to open after signing in; only paths inside the admin area are followed. */
export function redirectTarget(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (typeof from !== 'string') return DEFAULT_ADMIN_PAGE;
  if (!/^\/admin(?:[/?#]|$)/.test(from) || from.startsWith('/admin/login')) return DEFAULT_ADMIN_PAGE;
  return from;
}
