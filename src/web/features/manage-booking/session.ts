import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { EMAIL_CODE_COOLDOWN_SECONDS, EMAIL_CODE_TTL_MINUTES } from '#shared/constants.ts';
import type { ManageVerifyResponse } from '#shared/manage-api.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { type Access, sendManageCode } from './api.ts';

// What the page holds for one booking (docs/decisions/027): the link that reads it (from the
// e-mail's `?k=` or a proved code, kept in this tab's sessionStorage), the grant of the last
// proved code (one change, held in memory only), and where asking for a code stands (the server
// allows 3 codes an hour per reference, 60 s apart).

/** The grant is given up this long before the server's expiry, so it never lapses in flight. */
const GRANT_MARGIN_MS = 30_000;

const storageKey = (kind: 'link' | 'code', reference: string) =>
  `manage-${kind}:${reference.trim().toUpperCase()}`;

function readStored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStored(key: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage blocked (private mode): the page still works until it is reloaded.
  }
}

export type CodeRequest = {
  sending: boolean;
  /** When the last code was asked for (this tab), while it can still be valid; else null. */
  sentAt: number | null;
  cooldownUntil: number | null;
  maxedOut: boolean;
  error: unknown;
};

function initialCodeRequest(reference: string): CodeRequest {
  const sentAt = Number(readStored(storageKey('code', reference))) || null;
  const live = sentAt !== null && Date.now() - sentAt < EMAIL_CODE_TTL_MINUTES * 60_000;
  return {
    sending: false,
    sentAt: live ? sentAt : null,
    cooldownUntil: live ? sentAt + EMAIL_CODE_COOLDOWN_SECONDS * 1000 : null,
    maxedOut: false,
    error: null,
  };
}

export type ManageSession = ReturnType<typeof useManageSession>;

export function useManageSession(reference: string) {
  const [link, setLink] = useState<string | null>(() => {
    const fromUrl = new URLSearchParams(window.location.search).get('k');
    if (fromUrl) writeStored(storageKey('link', reference), fromUrl);
    return fromUrl || readStored(storageKey('link', reference));
  });
  /** The link the page was opened with was refused (expired, or another booking's). */
  const [linkRefused, setLinkRefused] = useState(false);
  const [grant, setGrant] = useState<{ value: string; until: number } | null>(null);
  const [code, setCode] = useState<CodeRequest>(() => initialCodeRequest(reference));

  // The e-mailed link leaves the address bar and the history entry at once, so a shared or
  // bookmarked address never carries it.
  useLayoutEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('k')) return;
    url.searchParams.delete('k');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);

  useEffect(() => {
    if (!grant) return;
    const timer = setTimeout(() => setGrant(null), Math.max(0, grant.until - Date.now()));
    return () => clearTimeout(timer);
  }, [grant]);

  const verified = useCallback(
    (result: ManageVerifyResponse) => {
      writeStored(storageKey('link', reference), result.link);
      writeStored(storageKey('code', reference), null);
      setLink(result.link);
      setLinkRefused(false);
      setGrant({ value: result.grant, until: Date.now() + result.grantSeconds * 1000 - GRANT_MARGIN_MS });
      setCode((c) => ({ ...c, sentAt: null, error: null }));
    },
    [reference],
  );

  const refuseLink = useCallback(() => {
    writeStored(storageKey('link', reference), null);
    setLink(null);
    setLinkRefused(true);
    setGrant(null);
  }, [reference]);

  const sendCode = useCallback(async () => {
    setCode((c) => ({ ...c, sending: true, error: null }));
    try {
      await sendManageCode(reference);
      const now = Date.now();
      writeStored(storageKey('code', reference), String(now));
      setCode({
        sending: false,
        sentAt: now,
        cooldownUntil: now + EMAIL_CODE_COOLDOWN_SECONDS * 1000,
        maxedOut: false,
        error: null,
      });
    } catch (error) {
      const now = Date.now();
      const retryAfter = error instanceof ApiError ? error.details.retryAfterSeconds : undefined;
      setCode((c) => ({
        sending: false,
        // Refused for coming too soon: a code went out a moment ago (another tab, a reload).
        sentAt: retryAfter ? (c.sentAt ?? now) : c.sentAt,
        cooldownUntil: retryAfter ? now + retryAfter * 1000 : c.cooldownUntil,
        maxedOut: c.maxedOut || (error instanceof ApiError && error.code === 'otp_max_attempts'),
        error,
      }));
    }
  }, [reference]);

  return useMemo(
    () => ({
      reference,
      link,
      linkRefused,
      hasGrant: grant !== null,
      /** What a change sends when a grant is held; null: a code must be proved first. */
      access: (): Access | null =>
        link && grant && grant.until > Date.now() ? { link, grant: grant.value } : null,
      verified,
      /** The grant went into a change (or the server says it is gone). */
      grantUsed: () => setGrant(null),
      refuseLink,
      code,
      sendCode,
    }),
    [reference, link, linkRefused, grant, verified, refuseLink, code, sendCode],
  );
}
