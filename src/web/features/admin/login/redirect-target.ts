import type { AuthMe } from '#shared/admin-api.ts';
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

/** A partner's user has one screen, its own (docs/decisions/043-partner-accounts.md). */
export const PARTNER_PATH = '/partner';

/** The visitor was sent here from the partner's screen (its layout's redirect). */
export const fromPartnerScreen = (state: unknown) =>
  (state as LoginRedirectState | null)?.from?.startsWith(PARTNER_PATH) ?? false;

/**
 * Where a signed-in person goes from the sign-in: a partner's user back to the view of its screen
 * it was sent from (else the screen), staff as redirectTarget says; null while nobody is signed in.
 */
export function landingFor(state: unknown, me: AuthMe | undefined): string | null {
  if (me?.user) return redirectTarget(state, me.user.role);
  if (!me?.partner) return null;
  return fromPartnerScreen(state) ? ((state as LoginRedirectState).from ?? PARTNER_PATH) : PARTNER_PATH;
}
