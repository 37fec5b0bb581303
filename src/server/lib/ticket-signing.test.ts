import { spawnSync } from 'node:child_process';
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeClaims,
  type ETicketClaims,
  encodeClaims,
  fromBase64Url,
  toBase64Url,
  verifyCode,
} from '#shared/e-ticket-code.ts';
import { createTicketSigner, loadTicketSigner, newSigningKey } from './ticket-signing.ts';

const CLAIMS: Omit<ETicketClaims, 'keyId'> = {
  ticketId: '3f0b7a52-1d7e-4c1a-9a51-0b6d2f3e4a10',
  scheduleId: 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff',
  travelDate: '2026-11-29',
  fromStop: 0,
  toStop: 2,
  seats: ['A1', 'A2', 'B10'],
  adults: 2,
  children: 1,
  version: 3,
};

describe('e-ticket codes', () => {
  it('round-trips the claims through the compact payload', () => {
    const claims = { ...CLAIMS, keyId: 'AbCd-_12' };
    expect(decodeClaims(encodeClaims(claims))).toEqual(claims);
    // Three seats fit in under 70 bytes before the signature.
    expect(encodeClaims(claims).length).toBeLessThan(70);
  });

  it('verifies a code with the operator’s public key, with no network', async () => {
    const signer = createTicketSigner(newSigningKey().signingKey);
    const code = signer.sign(CLAIMS);
    expect(code).toMatch(/^IF1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    // Small enough for a QR code a phone camera reads at arm's length.
    expect(code.length).toBeLessThan(200);
    expect(await verifyCode(code, signer.publicKeys)).toEqual({
      ok: true,
      claims: { ...CLAIMS, keyId: signer.keyId },
    });
  });

  it('refuses an altered code: one changed byte anywhere in the payload', async () => {
    const signer = createTicketSigner(newSigningKey().signingKey);
    const [prefix, payloadText, signature] = signer.sign(CLAIMS).split('.');
    const payload = fromBase64Url(payloadText ?? '') as Uint8Array;
    for (let i = 0; i < payload.length; i++) {
      const altered = Uint8Array.from(payload);
      altered[i] = (altered[i] ?? 0) ^ 1;
      const result = await verifyCode(`${prefix}.${toBase64Url(altered)}.${signature}`, signer.publicKeys);
      expect(result.ok, `byte ${i}`).toBe(false);
    }
  });

  it('refuses a forged code and another operator’s code', async () => {
    const ours = createTicketSigner(newSigningKey().signingKey);
    const theirs = createTicketSigner(newSigningKey().signingKey);
    expect(await verifyCode(theirs.sign(CLAIMS), ours.publicKeys)).toEqual({
      ok: false,
      reason: 'unknown_key',
    });
    // A forger who copies our key id still cannot sign for it.
    const forger = createTicketSigner(`${ours.keyId}.${newSigningKey().signingKey.split('.')[1]}`);
    expect(await verifyCode(forger.sign(CLAIMS), ours.publicKeys)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    for (const junk of [
      '',
      'IF1',
      'IF1..',
      'IF2.AAAA.BBBB',
      'https://example.com/t/abc',
      'IF1.AAAA.AAAA.AAAA',
    ]) {
      expect(await verifyCode(junk, ours.publicKeys)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('keeps earlier keys verifying after a rotation, until they are dropped', async () => {
    const old = newSigningKey();
    const oldSigner = createTicketSigner(old.signingKey);
    const code = oldSigner.sign(CLAIMS);
    const rotated = createTicketSigner(newSigningKey().signingKey, [old.verifyKey]);
    expect(rotated.keyId).not.toBe(oldSigner.keyId);
    expect((await verifyCode(code, rotated.publicKeys)).ok).toBe(true);
    const dropped = createTicketSigner(newSigningKey().signingKey);
    expect((await verifyCode(code, dropped.publicKeys)).ok).toBe(false);
  });

  it('outside production keeps a generated key in the data folder, readable by its owner only', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ferry-keys-'));
    const first = loadTicketSigner({ signingKey: undefined, verifyKeys: [], isProduction: false, dataDir });
    const again = loadTicketSigner({ signingKey: undefined, verifyKeys: [], isProduction: false, dataDir });
    expect(again.publicKeys).toEqual(first.publicKeys);
    expect((await stat(path.join(dataDir, 'keys', 'ticket-signing.key'))).mode & 0o777).toBe(0o600);
    expect(() =>
      loadTicketSigner({ signingKey: undefined, verifyKeys: [], isProduction: true, dataDir }),
    ).toThrow(/npm run keygen/);
  });

  it('npm run keygen prints a key the server accepts', () => {
    const out = spawnSync(process.execPath, ['scripts/keygen.ts'], { encoding: 'utf8' });
    expect(out.status).toBe(0);
    const key = /^TICKET_SIGNING_KEY=(\S+)$/m.exec(out.stdout)?.[1] ?? '';
    expect(createTicketSigner(key).keyId).toBe(key.split('.')[0]);
  });
});

// Infants on an adult's lap (docs/decisions/035-every-person-named.md): an optional last byte.
describe('e-ticket codes with infants', () => {
  /**
   * A code signed before infants were counted, by the format as it was then, with a key of its
   * own: boarding devices must still read it.
   */
  const OLD = {
    key: { keyId: 'OldKey01', publicKey: 'AmWnAgvXn2huNPObAnecOhgRXYIo02p3TGkmv2j2IUU' },
    code: 'IF1.OldKey01Pwt6Uh1-TBqaUQttLz5KEKGyw9Tl9kcRiJmqu8zd7v8mYwABAQEAAgICQTECQTI.XpBP-Qe3v8Qhg6y5old9Gbotqi48mJsiBThNKYPia3Q0AJDNGyLG3qwthKzDMgRSOKWEYhHdwz7EoDrXLqOlBw',
  };

  it('still verifies a code signed before infants, as a party with none', async () => {
    const result = await verifyCode(OLD.code, [OLD.key]);
    expect(result).toEqual({
      ok: true,
      claims: {
        keyId: 'OldKey01',
        ticketId: '3f0b7a52-1d7e-4c1a-9a51-0b6d2f3e4a10',
        scheduleId: 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff',
        travelDate: '2026-11-27',
        fromStop: 0,
        toStop: 1,
        seats: ['A1', 'A2'],
        adults: 1,
        children: 1,
        version: 2,
      },
    });
    expect(result.ok && (result.claims.infants ?? 0)).toBe(0);
  });

  it('signs a code without infants byte for byte as before', () => {
    const [, payload] = OLD.code.split('.');
    const claims = decodeClaims(fromBase64Url(payload ?? '') as Uint8Array);
    expect(claims).not.toBeNull();
    expect(toBase64Url(encodeClaims({ ...(claims as ETicketClaims), infants: 0 }))).toBe(payload);
  });

  it('carries the infants, signed', async () => {
    const signer = createTicketSigner(newSigningKey().signingKey);
    const code = signer.sign({ ...CLAIMS, adults: 2, infants: 2 });
    const result = await verifyCode(code, signer.publicKeys);
    expect(result).toEqual({ ok: true, claims: { ...CLAIMS, adults: 2, infants: 2, keyId: signer.keyId } });
    // The count is signed: changing it breaks the signature.
    const [prefix, payloadText, signature] = code.split('.');
    const payload = fromBase64Url(payloadText ?? '') as Uint8Array;
    payload[payload.length - 1] = 1;
    expect(await verifyCode(`${prefix}.${toBase64Url(payload)}.${signature}`, signer.publicKeys)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses a payload whose last byte says zero infants: the format never writes one', () => {
    const payload = encodeClaims({ ...CLAIMS, keyId: 'AbCd-_12' });
    const padded = new Uint8Array(payload.length + 1);
    padded.set(payload);
    expect(decodeClaims(padded)).toBeNull();
  });
});

// Format 2 (docs/decisions/036-fare-categories.md): every category of the party, and the journey.
describe('e-ticket codes with concessions (IF2)', () => {
  const WITH_CONCESSIONS: Omit<ETicketClaims, 'keyId'> = {
    ...CLAIMS,
    infants: 1,
    concessions: [
      { code: 'senior', count: 1 },
      { code: 'student', count: 2 },
    ],
  };

  it('round-trips every category and the journey through a format-2 code, signed', async () => {
    const signer = createTicketSigner(newSigningKey().signingKey);
    const code = signer.sign(WITH_CONCESSIONS);
    expect(code).toMatch(/^IF2\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    const checked = await verifyCode(code, signer.publicKeys);
    expect(checked).toEqual({
      ok: true,
      claims: { ...WITH_CONCESSIONS, keyId: signer.keyId, journey: 1 },
    });
    const claims = { ...WITH_CONCESSIONS, keyId: signer.keyId, journey: 2 };
    expect(decodeClaims(encodeClaims(claims), 'IF2')).toEqual(claims);
  });

  it('signs format 1 while the party has only adults, children and infants on its first journey', () => {
    const signer = createTicketSigner(newSigningKey().signingKey);
    expect(signer.sign({ ...CLAIMS, infants: 1, concessions: [] }).startsWith('IF1.')).toBe(true);
    expect(signer.sign({ ...CLAIMS, journey: 2 }).startsWith('IF2.')).toBe(true);
  });

  it('refuses an altered format-2 code, and one relabelled as format 1', async () => {
    const signer = createTicketSigner(newSigningKey().signingKey);
    const [, payloadText, signature] = signer.sign(WITH_CONCESSIONS).split('.');
    const payload = fromBase64Url(payloadText ?? '') ?? new Uint8Array();
    // The last byte is the student's count: 2 becomes 3.
    const altered = Uint8Array.from(payload);
    altered[altered.length - 1] = 3;
    expect(await verifyCode(`IF2.${toBase64Url(altered)}.${signature}`, signer.publicKeys)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect((await verifyCode(`IF1.${payloadText}.${signature}`, signer.publicKeys)).ok).toBe(false);
    // A format-1 code relabelled as format 2 is no well-formed payload of it.
    const [, v1, v1Signature] = signer.sign(CLAIMS).split('.');
    expect(await verifyCode(`IF2.${v1}.${v1Signature}`, signer.publicKeys)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});
