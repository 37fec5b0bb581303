import { staffLinkTokenSchema } from '#shared/admin-api.ts';

const STATE_KEY = 'staffLinkToken';

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The token of an e-mailed link: in the address's fragment when the link is opened (so it
 * never reaches a server log or a Referer), afterwards in this history entry's state, which
 * survives a reload. Null when there is none or it cannot be a token.
 */
export function readLinkToken(): string | null {
  const fromHash = safeDecode(window.location.hash.replace(/^#/, ''));
  const state: unknown = window.history.state;
  const fromState =
    typeof state === 'object' && state !== null && STATE_KEY in state
      ? (state as Record<string, unknown>)[STATE_KEY]
      : undefined;
  const parsed = staffLinkTokenSchema.safeParse({ token: fromHash || fromState });
  return parsed.success ? parsed.data.token : null;
}

/** Takes the token out of the address bar (a screenshot, a shared screen, a copied address). */
export function hideLinkToken(token: string): void {
  if (!window.location.hash) return;
  const state: unknown = window.history.state;
  const base = typeof state === 'object' && state !== null ? state : {};
  window.history.replaceState(
    { ...base, [STATE_KEY]: token },
    '',
    `${window.location.pathname}${window.location.search}`,
  );
}
