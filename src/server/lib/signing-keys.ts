import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { signingKeys } from '#server/db/schema.ts';

/*
 * HMAC keys for values the server hands out and later trusts again (the login device cookie).
 * They live in the database, so every instance signs and verifies alike, and each carries a
 * key id, so keys rotate: the newest live key of a purpose signs, and every key not yet retired
 * still verifies what it signed. To rotate, add a key (rotateSigningKey); once the values the
 * old one signed no longer matter, retire it (retireSigningKey) and they stop verifying.
 */

type SigningKeyPurpose = 'device-cookie' | 'manage-link';

type Key = { id: string; secret: Buffer };

const SEPARATOR = '.';
const KEY_BYTES = 32;

const newKeyId = () => randomBytes(9).toString('base64url');
const mac = (secret: Buffer, kid: string, payload: string) =>
  createHmac('sha256', secret).update(`${kid}${SEPARATOR}${payload}`).digest();

export type CurrentSigningKeyOptions = { db: DbOrTx; purpose: SigningKeyPurpose };

/**
 * The newest live key of a purpose, made on first use. Two instances asking at once must not
 * each make one and sign with different keys for ever after: the table has no unique column per
 * purpose, so creation is serialised by a transaction-scoped advisory lock on the purpose.
 */
export async function currentSigningKey({ db, purpose }: CurrentSigningKeyOptions): Promise<Key> {
  const newest = async (tx: DbOrTx) => {
    const [row] = await tx
      .select({ id: signingKeys.id, secret: signingKeys.secret })
      .from(signingKeys)
      .where(and(eq(signingKeys.purpose, purpose), isNull(signingKeys.retiredAt)))
      .orderBy(desc(signingKeys.createdAt), desc(signingKeys.id))
      .limit(1);
    return row ? { id: row.id, secret: Buffer.from(row.secret, 'base64url') } : undefined;
  };
  const found = await newest(db);
  if (found) return found;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`signing-key:${purpose}`}, 0))`);
    const made = await newest(tx);
    if (made) return made;
    await insertKey(tx, purpose);
    const created = await newest(tx);
    if (!created) throw new Error('signing key insert returned nothing');
    return created;
  });
}

async function insertKey(db: DbOrTx, purpose: SigningKeyPurpose): Promise<string> {
  const id = newKeyId();
  // clock_timestamp, not the transaction's now(): a key added later always sorts as newer.
  await db.insert(signingKeys).values({
    id,
    purpose,
    secret: randomBytes(KEY_BYTES).toString('base64url'),
    createdAt: sql`clock_timestamp()`,
  });
  return id;
}

export type RotateSigningKeyOptions = { db: DbOrTx; purpose: SigningKeyPurpose };

/** Adds a new key that signs from now on; the older ones still verify until retired. */
export async function rotateSigningKey({ db, purpose }: RotateSigningKeyOptions): Promise<string> {
  return insertKey(db, purpose);
}

export type RetireSigningKeyOptions = { db: DbOrTx; id: string; at?: Date };

/** A retired key verifies nothing any more: what it signed stops being trusted at once. */
export async function retireSigningKey({ db, id, at = new Date() }: RetireSigningKeyOptions): Promise<void> {
  await db
    .update(signingKeys)
    .set({ retiredAt: at })
    .where(and(eq(signingKeys.id, id), isNull(signingKeys.retiredAt)));
}

export type SignValueOptions = { db: DbOrTx; purpose: SigningKeyPurpose; payload: string };

/** `kid.payload.mac` with the purpose's current key; the payload must not contain a dot. */
export async function signValue({ db, purpose, payload }: SignValueOptions): Promise<string> {
  if (payload.includes(SEPARATOR)) throw new Error('a signed payload cannot contain a dot');
  const key = await currentSigningKey({ db, purpose });
  return [key.id, payload, mac(key.secret, key.id, payload).toString('base64url')].join(SEPARATOR);
}

export type VerifySignedValueOptions = { db: DbOrTx; purpose: SigningKeyPurpose; value: string | undefined };

/**
 * The payload of a value this server signed with a live key of the purpose, or null for
 * anything else: malformed, an unknown or retired key id, or a changed payload or mac.
 */
export async function verifySignedValue({
  db,
  purpose,
  value,
}: VerifySignedValueOptions): Promise<string | null> {
  if (!value || value.length > 1024) return null;
  const parts = value.split(SEPARATOR);
  if (parts.length !== 3) return null;
  const [kid = '', payload = '', given = ''] = parts;
  if (!kid || !payload || !given) return null;
  const [row] = await db
    .select({ secret: signingKeys.secret })
    .from(signingKeys)
    .where(and(eq(signingKeys.id, kid), eq(signingKeys.purpose, purpose), isNull(signingKeys.retiredAt)))
    .limit(1);
  if (!row) return null;
  const expected = mac(Buffer.from(row.secret, 'base64url'), kid, payload);
  const actual = Buffer.from(given, 'base64url');
  // Same length first: timingSafeEqual throws on a mismatch, and the length is no secret.
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return payload;
}
