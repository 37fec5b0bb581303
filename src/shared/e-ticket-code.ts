// The e-ticket's QR code (docs/decisions/023-e-ticket-code.md): a compact binary payload
// signed with Ed25519, so a boarding device checks it with the operator's public keys and no
// network. Isomorphic: the server signs (src/server/lib/ticket-signing.ts); the server and the
// boarding devices verify with WebCrypto.

/** Format 1. A code is `IF1.<payload>.<signature>`, both base64url. */
export const E_TICKET_CODE_PREFIX = 'IF1';
/**
 * Format 2 (docs/decisions/036-fare-categories.md): format 1's payload, then a journey byte and
 * the count of every category beyond adult and child, each as its code and count. Signed only
 * for a booking format 1 cannot carry (a concession, or a return's second journey).
 */
export const E_TICKET_CODE_PREFIX_2 = 'IF2';
export type CodePrefix = typeof E_TICKET_CODE_PREFIX | typeof E_TICKET_CODE_PREFIX_2;

/** What a code says about its booking. */
export type ETicketClaims = {
  /** The signing key's id (src/server/lib/ticket-signing.ts), 8 base64url characters. */
  keyId: string;
  ticketId: string;
  /** The departure: its schedule. */
  scheduleId: string;
  travelDate: string;
  /** The booking's From and To stops, as positions on the departure's route (0 is the first). */
  fromStop: number;
  toStop: number;
  seats: string[];
  adults: number;
  children: number;
  /**
   * Infants on an adult's lap (docs/decisions/035-every-person-named.md): an optional last byte,
   * written only when there are any, so a code without infants is byte for byte what it was
   * before, and a code signed before infants existed reads as none. Absent or 0: none.
   */
  infants?: number;
  /** Goes up with every change that re-signs the code (a move, a rebook, a void, a seat change). */
  version: number;
  /**
   * The persons of the operator's concessions (format 2 only), by code, in the booking's order:
   * absent or empty for a party of adults, children and infants.
   */
  concessions?: { code: string; count: number }[];
  /** 1: a single trip or a return's outbound; 2: a return's second journey. Absent: 1. */
  journey?: number;
};

/** The format a booking's code is signed in: format 1 while it can carry the booking. */
export function codePrefixOf(claims: Pick<ETicketClaims, 'concessions' | 'journey'>): CodePrefix {
  return (claims.concessions?.length ?? 0) > 0 || (claims.journey ?? 1) !== 1
    ? E_TICKET_CODE_PREFIX_2
    : E_TICKET_CODE_PREFIX;
}

export type ETicketPublicKey = { keyId: string; publicKey: string };

const KEY_ID_BYTES = 6;
const EPOCH_DAY = Date.UTC(2000, 0, 1);
const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function uuidBytes(uuid: string): Uint8Array {
  if (!UUID.test(uuid)) throw new Error(`not a uuid: ${uuid}`);
  const hex = uuid.replaceAll('-', '');
  return Uint8Array.from({ length: 16 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

function uuidText(bytes: Uint8Array): string {
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The payload, in a fixed layout: key id (6 bytes), ticket id (16), schedule id (16), travel
 * date as days since 2000-01-01 (2, big-endian), From and To stop (1 each), adults and children
 * (1 each), version (2), then the seats: a count (1) and each label as its length (1) and UTF-8;
 * last, only when there are infants, their count (1).
 */
export function encodeClaims(claims: ETicketClaims): Uint8Array {
  const keyId = fromBase64Url(claims.keyId);
  if (!keyId || keyId.length !== KEY_ID_BYTES) throw new Error('a key id is 6 bytes, base64url');
  const days = Math.round((Date.parse(`${claims.travelDate}T00:00:00Z`) - EPOCH_DAY) / DAY_MS);
  const small = [
    claims.fromStop,
    claims.toStop,
    claims.adults,
    claims.children,
    claims.seats.length,
    claims.infants ?? 0,
  ];
  if (!(days >= 0 && days < 65_536) || small.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) {
    throw new Error('a claim is out of range');
  }
  if (!Number.isInteger(claims.version) || claims.version < 0 || claims.version > 65_535) {
    throw new Error('the version is out of range');
  }
  const seats = claims.seats.map((s) => encoder.encode(s));
  if (seats.some((s) => s.length > 255)) throw new Error('a seat label is too long');
  const v2 = codePrefixOf(claims) === E_TICKET_CODE_PREFIX_2;
  // Format 2: the infants are one of its categories; format 1: an optional last byte.
  const infants = !v2 && (claims.infants ?? 0) > 0 ? 1 : 0;
  const categories = v2
    ? [
        ...((claims.infants ?? 0) > 0 ? [{ code: 'infant', count: claims.infants ?? 0 }] : []),
        ...(claims.concessions ?? []).filter((c) => c.count > 0),
      ].map((c) => ({ code: encoder.encode(c.code), count: c.count }))
    : [];
  if (
    categories.length > 255 ||
    categories.some(
      (c) =>
        c.code.length < 1 ||
        c.code.length > 255 ||
        !Number.isInteger(c.count) ||
        c.count < 1 ||
        c.count > 255,
    ) ||
    !Number.isInteger(claims.journey ?? 1) ||
    (claims.journey ?? 1) < 1 ||
    (claims.journey ?? 1) > 255
  ) {
    throw new Error('a category or the journey is out of range');
  }
  const tail = v2 ? 2 + categories.reduce((n, c) => n + 2 + c.code.length, 0) : 0;
  const size =
    KEY_ID_BYTES + 16 + 16 + 2 + 4 + 2 + 1 + seats.reduce((n, s) => n + 1 + s.length, 0) + infants + tail;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  out.set(keyId, at);
  at += KEY_ID_BYTES;
  out.set(uuidBytes(claims.ticketId), at);
  at += 16;
  out.set(uuidBytes(claims.scheduleId), at);
  at += 16;
  view.setUint16(at, days);
  at += 2;
  for (const n of [claims.fromStop, claims.toStop, claims.adults, claims.children]) out[at++] = n;
  view.setUint16(at, claims.version);
  at += 2;
  out[at++] = seats.length;
  for (const s of seats) {
    out[at++] = s.length;
    out.set(s, at);
    at += s.length;
  }
  if (infants) out[at++] = claims.infants ?? 0;
  if (v2) {
    out[at++] = claims.journey ?? 1;
    out[at++] = categories.length;
    for (const c of categories) {
      out[at++] = c.code.length;
      out.set(c.code, at);
      at += c.code.length;
      out[at++] = c.count;
    }
  }
  return out;
}

/**
 * The claims of a payload, or null when it is not a whole, well-formed format-1 payload: one
 * optional byte after the seats is the infants' count, none is no infants.
 */
export function decodeClaims(
  bytes: Uint8Array,
  prefix: CodePrefix = E_TICKET_CODE_PREFIX,
): ETicketClaims | null {
  const fixed = KEY_ID_BYTES + 16 + 16 + 2 + 4 + 2 + 1;
  if (bytes.length < fixed) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const take = (n: number) => {
    const part = bytes.subarray(at, at + n);
    at += n;
    return part;
  };
  const keyId = toBase64Url(take(KEY_ID_BYTES));
  const ticketId = uuidText(take(16));
  const scheduleId = uuidText(take(16));
  const travelDate = new Date(EPOCH_DAY + view.getUint16(at) * DAY_MS).toISOString().slice(0, 10);
  at += 2;
  const [fromStop = 0, toStop = 0, adults = 0, children = 0] = take(4);
  const version = view.getUint16(at);
  at += 2;
  const count = take(1)[0] ?? 0;
  const seats: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const length = take(1)[0];
      if (length === undefined || at + length > bytes.length) return null;
      seats.push(decoder.decode(take(length)));
    }
  } catch {
    return null;
  }
  let infants = 0;
  if (prefix === E_TICKET_CODE_PREFIX_2) {
    // Format 2: the journey, then each category beyond adult and child as its code and count.
    const journey = take(1)[0];
    const n = take(1)[0];
    if (journey === undefined || journey < 1 || n === undefined) return null;
    const concessions: { code: string; count: number }[] = [];
    try {
      for (let i = 0; i < n; i++) {
        const length = take(1)[0];
        if (!length || at + length + 1 > bytes.length) return null;
        const code = decoder.decode(take(length));
        const count = take(1)[0] ?? 0;
        if (count === 0 || concessions.some((c) => c.code === code) || (code === 'infant' && infants > 0))
          return null;
        if (code === 'infant') infants = count;
        else concessions.push({ code, count });
      }
    } catch {
      return null;
    }
    if (at !== bytes.length) return null;
    return {
      keyId,
      ticketId,
      scheduleId,
      travelDate,
      fromStop,
      toStop,
      seats,
      adults,
      children,
      version,
      ...(infants > 0 ? { infants } : {}),
      concessions,
      journey,
    };
  }
  if (at === bytes.length - 1) {
    infants = take(1)[0] ?? 0;
    // Written only when there are any: a zero there is no payload this format makes.
    if (infants === 0) return null;
  }
  if (at !== bytes.length) return null;
  const claims = {
    keyId,
    ticketId,
    scheduleId,
    travelDate,
    fromStop,
    toStop,
    seats,
    adults,
    children,
    version,
  };
  return infants > 0 ? { ...claims, infants } : claims;
}

/** What is signed: the format's prefix and the payload, so a signature means nothing elsewhere. */
export function signedBytes(
  payload: Uint8Array,
  format: CodePrefix = E_TICKET_CODE_PREFIX,
): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${format}.`);
  const out = new Uint8Array(prefix.length + payload.length);
  out.set(prefix);
  out.set(payload, prefix.length);
  return out;
}

export function formatCode(
  payload: Uint8Array,
  signature: Uint8Array,
  format: CodePrefix = E_TICKET_CODE_PREFIX,
): string {
  return `${format}.${toBase64Url(payload)}.${toBase64Url(signature)}`;
}

const imported = new Map<string, Promise<CryptoKey | null>>();

/**
 * The operator's public key, imported once per key and kept: a scan at the jetty then only
 * verifies. Null for a key that is not 32 bytes of base64url.
 */
export function verifyKeyOf(key: ETicketPublicKey, subtle: SubtleCrypto = globalThis.crypto.subtle) {
  const id = `${key.keyId}.${key.publicKey}`;
  let found = imported.get(id);
  if (!found) {
    const raw = fromBase64Url(key.publicKey);
    found =
      raw?.length === 32
        ? subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']).catch(() => null)
        : Promise.resolve(null);
    imported.set(id, found);
  }
  return found;
}

export type CheckedCode =
  | { ok: true; claims: ETicketClaims }
  | { ok: false; reason: 'malformed' | 'unknown_key' | 'bad_signature' };

/**
 * Checks a scanned code against the operator's public keys, with WebCrypto's Ed25519 (no
 * network). A code signed by a key that is not the operator's (another operator, a forger) is
 * `unknown_key` or `bad_signature`; an altered one is `bad_signature`.
 */
export async function verifyCode(
  code: string,
  keys: readonly ETicketPublicKey[],
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<CheckedCode> {
  const [prefix, payloadText, signatureText, ...rest] = code.trim().split('.');
  if (
    (prefix !== E_TICKET_CODE_PREFIX && prefix !== E_TICKET_CODE_PREFIX_2) ||
    !payloadText ||
    !signatureText ||
    rest.length > 0
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const payload = fromBase64Url(payloadText);
  const signature = fromBase64Url(signatureText);
  const claims = payload ? decodeClaims(payload, prefix) : null;
  if (!payload || !signature || signature.length !== 64 || !claims) return { ok: false, reason: 'malformed' };
  const key = keys.find((k) => k.keyId === claims.keyId);
  const publicKey = key ? await verifyKeyOf(key, subtle) : null;
  if (!publicKey) return { ok: false, reason: 'unknown_key' };
  const valid = await subtle.verify({ name: 'Ed25519' }, publicKey, signature, signedBytes(payload, prefix));
  return valid ? { ok: true, claims } : { ok: false, reason: 'bad_signature' };
}
