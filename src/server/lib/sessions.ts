import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { adminProfiles, adminUsers, partners, partnerUsers, sessions } from '#server/db/schema.ts';
import type { AdminUser } from '#shared/admin-api.ts';
import type { PartnerAccount } from '#shared/partners.ts';
import { isRole, ROLE_PERMISSIONS } from '#shared/permissions.ts';
import type { Clock } from './clock.ts';
import { announce } from './live-events.ts';

/*
 * Admin sessions (docs/product.md sections 1 and 4, OWASP ASVS V7): an opaque 256-bit random
 * token in an HttpOnly SameSite=Strict cookie; the database keeps only its SHA-256, so a leaked
 * table cannot be replayed. A session ends after SESSION_IDLE_MINUTES without a request and
 * SESSION_MAX_HOURS after sign-in, whichever comes first.
 */

// last_seen_at is written at most this often, so busy admin screens do not write on every read.
const LAST_SEEN_RESOLUTION_MS = 60_000;

type SessionConfig = Pick<Config, 'publicUrl' | 'sessionIdleMinutes' | 'sessionMaxHours'>;

export type SessionUser = {
  sessionId: string;
  userId: string;
  email: string;
  hasDemoPassword: boolean;
  /** Null when the user has no admin profile: signed in, but not allowed into the admin area. */
  admin: AdminUser | null;
  /** A partner's user, while the partner is active (docs/decisions/043); never an admin too. */
  partner: PartnerAccount | null;
};

const isHttps = (config: Pick<Config, 'publicUrl'>) => config.publicUrl?.startsWith('https://') ?? false;

/** `__Host-` binds the cookie to this exact origin over https; plain http cannot carry that prefix. */
function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  return isHttps(config) ? '__Host-ferry_session' : 'ferry_session';
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type CreateSessionOptions = { db: DbOrTx } & {
  userId: string;
  clock: Clock;
  config: SessionConfig;
  ip?: string | undefined;
  userAgent?: string | undefined;
};

export async function createSession({
  db,
  ...opts
}: CreateSessionOptions): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = opts.clock.now();
  const expiresAt = new Date(now.getTime() + opts.config.sessionMaxHours * 3_600_000);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: opts.userId,
      ip: opts.ip ?? null,
      userAgent: opts.userAgent?.slice(0, 512) ?? null,
      lastSeenAt: now,
      expiresAt,
      createdAt: now,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return { token, sessionId: row.id, expiresAt };
}

/** The live session of a token with its user, or null; refreshes last_seen_at at most once a minute. */
async function readSession(
  db: DbOrTx,
  token: string | undefined,
  opts: { clock: Clock; config: SessionConfig },
): Promise<SessionUser | null> {
  if (!token || token.length > 128) return null;
  const now = opts.clock.now();
  const idleSince = new Date(now.getTime() - opts.config.sessionIdleMinutes * 60_000);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      userId: adminUsers.id,
      email: adminUsers.email,
      hasDemoPassword: adminUsers.hasDemoPassword,
      username: adminProfiles.username,
      role: adminProfiles.role,
      partnerId: partners.id,
      partnerName: partners.name,
      partnerCurrency: partners.currency,
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.userId))
    .leftJoin(adminProfiles, eq(adminProfiles.userId, adminUsers.id))
    .leftJoin(partnerUsers, eq(partnerUsers.userId, adminUsers.id))
    .leftJoin(partners, and(eq(partners.id, partnerUsers.partnerId), eq(partners.active, true)))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(adminUsers.active, true),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
    hasDemoPassword: row.hasDemoPassword,
    admin: toAdminUser({ id: row.userId, email: row.email, username: row.username, role: row.role }),
    partner: toPartnerAccount(row),
  };
}

/** The partner a user books for, or null: no partner's user, or its partner is not active. */
export function toPartnerAccount(row: {
  userId: string;
  email: string;
  partnerId: string | null;
  partnerName: string | null;
  partnerCurrency: string | null;
}): PartnerAccount | null {
  if (!row.partnerId || row.partnerName === null) return null;
  return {
    userId: row.userId,
    email: row.email,
    partnerId: row.partnerId,
    partnerName: row.partnerName,
    currency: row.partnerCurrency === 'USD' ? 'USD' : 'MVR',
  };
}

/**
 * The admin a user is, with their role's permissions; null without a profile or with a role
 * this version does not know (which then opens nothing).
 */
export function toAdminUser(row: {
  id: string;
  email: string;
  username: string | null;
  role: string | null;
}): AdminUser | null {
  if (row.username === null || !isRole(row.role)) return null;
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    role: row.role,
    permissions: [...ROLE_PERMISSIONS[row.role]],
  };
}

export type IsSessionLiveOptions = { db: DbOrTx; sessionId: string } & {
  clock: Clock;
  config: SessionConfig;
};

/**
 * True while a session is live and its user is still active with an admin profile. Unlike readSession it
 * never moves last_seen_at: a long-lived stream re-checking its session must not keep an idle
 * session alive by itself.
 */
export async function isSessionLive({ db, sessionId, ...opts }: IsSessionLiveOptions): Promise<boolean> {
  const now = opts.clock.now();
  const idleSince = new Date(now.getTime() - opts.config.sessionIdleMinutes * 60_000);
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(adminProfiles, eq(adminProfiles.userId, sessions.userId))
    .innerJoin(adminUsers, and(eq(adminUsers.id, sessions.userId), eq(adminUsers.active, true)))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
    .limit(1);
  return row !== undefined;
}

/*
 * What this process holds open for a session (the admin event streams) hears at once when the
 * session is ended here. Other instances, and expiry, are caught by the holder's own re-check.
 */
const endListeners = new Map<string, Set<() => void>>();

/** Calls `listener` when this process ends the session; the returned function stops listening. */
export function onSessionEnded(sessionId: string, listener: () => void): () => void {
  let listeners = endListeners.get(sessionId);
  if (!listeners) {
    listeners = new Set();
    endListeners.set(sessionId, listeners);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && endListeners.get(sessionId) === listeners) endListeners.delete(sessionId);
  };
}

/** Tells this process's holders that these sessions ended; call once the deletion is committed. */
export function announceSessionsEnded(sessionIds: string[]): void {
  for (const id of sessionIds) {
    for (const listener of [...(endListeners.get(id) ?? [])]) listener();
  }
}

export type DeleteSessionByTokenOptions = { db: DbOrTx; token: string };

/** A sign-out: ends the session here at once, and on every other instance by a live event. */
export async function deleteSessionByToken({ db, token }: DeleteSessionByTokenOptions): Promise<void> {
  const gone = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ id: sessions.id, userId: sessions.userId });
  announceSessionsEnded(gone.map((g) => g.id));
  for (const g of gone)
    await announce({ db, event: { kind: 'staff', data: { userId: g.userId, sessionIds: [g.id] } } });
}

export type DeleteOtherSessionsOptions = { db: DbOrTx; userId: string; keepSessionId: string };

/**
 * Ends every session of a user except one (docs/product.md section 10.15: a password change) and
 * returns their ids, for announceSessionsEnded once the caller's transaction commits.
 */
export async function deleteOtherSessions({
  db,
  userId,
  keepSessionId,
}: DeleteOtherSessionsOptions): Promise<string[]> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return gone.map((g) => g.id);
}

export type DeleteUserSessionsOptions = { db: DbOrTx; userId: string };

/** Ends every session of a user (deactivation, a reset, sign out everywhere); returns their ids. */
export async function deleteUserSessions({ db, userId }: DeleteUserSessionsOptions): Promise<string[]> {
  const gone = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return gone.map((g) => g.id);
}

export function sessionToken(req: FastifyRequest, config: Pick<Config, 'publicUrl'>): string | undefined {
  return req.cookies[sessionCookieName(config)] ?? undefined;
}

export function setSessionCookie(
  reply: FastifyReply,
  config: SessionConfig,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: isHttps(config),
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: isHttps(config),
  });
}

/** Reads the request's session once per request, however many hooks and handlers ask. */
const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

export function requestSession(
  req: FastifyRequest,
  deps: { db: DbOrTx; clock: Clock; config: SessionConfig },
): Promise<SessionUser | null> {
  let found = cache.get(req);
  if (!found) {
    found = readSession(deps.db, sessionToken(req, deps.config), deps);
    cache.set(req, found);
  }
  return found;
}
