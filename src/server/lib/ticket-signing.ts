import { createPrivateKey, createPublicKey, type KeyObject, randomBytes, sign } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { tickets } from '#server/db/schema.ts';
import {
  codePrefixOf,
  type ETicketClaims,
  type ETicketPublicKey,
  encodeClaims,
  formatCode,
  fromBase64Url,
  signedBytes,
  toBase64Url,
} from '#shared/e-ticket-code.ts';

/*
 * The Ed25519 key that signs e-ticket codes (docs/decisions/023-e-ticket-code.md). Its private
 * half never enters the database or a backup: in production it comes from TICKET_SIGNING_KEY
 * (made by `npm run keygen`); elsewhere it is generated once into the data folder. Each key has
 * an id carried in every code, so keys rotate: a new key signs, and the public halves of earlier
 * ones (TICKET_VERIFY_KEYS) still verify what they signed until those tickets have sailed.
 * Devices only ever receive public keys.
 */

/** `<key id>.<32-byte seed>`, both base64url: one line, for an environment variable. */
export const SIGNING_KEY_FORMAT = /^([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{43})$/;
/** `<key id>.<32-byte public key>`, both base64url. */
export const VERIFY_KEY_FORMAT = SIGNING_KEY_FORMAT;

// PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410): this prefix, then the 32 bytes.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const KEY_FILE = path.join('keys', 'ticket-signing.key');

export type TicketSigner = {
  keyId: string;
  /** Signs a booking's claims with the current key; the result is what the QR code holds. */
  sign(claims: Omit<ETicketClaims, 'keyId'>): string;
  /** Every key a device should accept: the current one and the earlier ones still verifying. */
  publicKeys: ETicketPublicKey[];
};

/** A new key as TICKET_SIGNING_KEY holds it, with its public half for TICKET_VERIFY_KEYS. */
export function newSigningKey(): { signingKey: string; verifyKey: string } {
  const keyId = randomBytes(6).toString('base64url');
  const seed = randomBytes(32);
  return {
    signingKey: `${keyId}.${seed.toString('base64url')}`,
    verifyKey: `${keyId}.${toBase64Url(publicKeyOf(privateKeyOf(seed)))}`,
  };
}

function privateKeyOf(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

function publicKeyOf(privateKey: KeyObject): Uint8Array {
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return new Uint8Array(spki.subarray(spki.length - 32));
}

/** A signer from a TICKET_SIGNING_KEY value, accepting codes of `verifyKeys` too. */
export function createTicketSigner(signingKey: string, verifyKeys: readonly string[] = []): TicketSigner {
  const match = SIGNING_KEY_FORMAT.exec(signingKey.trim());
  const seed = match?.[2] ? fromBase64Url(match[2]) : null;
  if (!match?.[1] || !seed || seed.length !== 32) {
    throw new Error('TICKET_SIGNING_KEY must be <key id>.<seed> as `npm run keygen` prints it');
  }
  const keyId = match[1];
  const privateKey = privateKeyOf(seed);
  const publicKeys: ETicketPublicKey[] = [{ keyId, publicKey: toBase64Url(publicKeyOf(privateKey)) }];
  for (const line of verifyKeys) {
    const verify = VERIFY_KEY_FORMAT.exec(line.trim());
    if (!verify?.[1] || !verify[2])
      throw new Error(`TICKET_VERIFY_KEYS: ${line} is not <key id>.<public key>`);
    if (verify[1] !== keyId) publicKeys.push({ keyId: verify[1], publicKey: verify[2] });
  }
  return {
    keyId,
    publicKeys,
    sign(claims) {
      // Format 1 while it carries the booking, so devices of before read it (decision 036).
      const format = codePrefixOf(claims);
      const payload = encodeClaims({ ...claims, keyId });
      return formatCode(
        payload,
        new Uint8Array(sign(null, signedBytes(payload, format), privateKey)),
        format,
      );
    },
  };
}

/**
 * The signer of this server: TICKET_SIGNING_KEY when set; outside production, a key kept in
 * the data folder (made on first use, readable by this user only); in production without one,
 * an error that says how to make one.
 */
export function loadTicketSigner(opts: {
  signingKey: string | undefined;
  verifyKeys: readonly string[];
  isProduction: boolean;
  dataDir: string;
}): TicketSigner {
  if (opts.signingKey) return createTicketSigner(opts.signingKey, opts.verifyKeys);
  if (opts.isProduction) {
    throw new Error('TICKET_SIGNING_KEY is not set: run `npm run keygen` and set what it prints');
  }
  const file = path.join(opts.dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // 'wx': two processes starting at once cannot both write a key; the loser reads the winner's.
    try {
      writeFileSync(file, `${newSigningKey().signingKey}\n`, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    chmodSync(file, 0o600);
  }
  return createTicketSigner(readFileSync(file, 'utf8'), opts.verifyKeys);
}

/**
 * The column update that supersedes a booking's e-ticket code: every change to what the code
 * says or whether it boards (a cancel, a void, a move, a rebook, a seat change) adds one, so a
 * boarding device that has synced shows the old code red. The `/t/` link stays the same.
 */
export const supersedeETicket = { eticketVersion: sql`${tickets.eticketVersion} + 1` };
