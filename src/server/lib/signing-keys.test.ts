import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingKeys } from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/setup/test-db.ts';
import {
  currentSigningKey,
  retireSigningKey,
  rotateSigningKey,
  signValue,
  verifySignedValue,
} from './signing-keys.ts';

describe(`signing keys (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const keysOf = () => database.db.select().from(signingKeys).where(eq(signingKeys.purpose, 'device-cookie'));

  it('makes one key on first use, even when many ask at once', async () => {
    const keys = await Promise.all(
      Array.from({ length: 12 }, () => currentSigningKey({ db: database.db, purpose: 'device-cookie' })),
    );
    expect(new Set(keys.map((k) => k.id)).size).toBe(1);
    expect(await keysOf()).toHaveLength(1);
    expect(keys[0]?.secret).toHaveLength(32);
  });

  it('signs kid.payload.mac and verifies only the untouched value', async () => {
    const signed = await signValue({ db: database.db, purpose: 'device-cookie', payload: 'hello' });
    const [kid, payload, mac] = signed.split('.');
    expect(kid).toBe((await currentSigningKey({ db: database.db, purpose: 'device-cookie' })).id);
    expect(payload).toBe('hello');
    expect(Buffer.from(mac ?? '', 'base64url')).toHaveLength(32);
    expect(await verifySignedValue({ db: database.db, purpose: 'device-cookie', value: signed })).toBe(
      'hello',
    );

    // The first character: the last one of 32 bytes in base64url carries two padding bits a
    // decoder ignores, so changing it can leave the bytes as they were.
    const flip = (s: string) => `${s.startsWith('A') ? 'B' : 'A'}${s.slice(1)}`;
    for (const bad of [
      `${kid}.hellp.${mac}`,
      `${kid}.hello.${flip(mac ?? '')}`,
      `${kid}.hello.${(mac ?? '').slice(0, 20)}`,
      `unknown-kid.hello.${mac}`,
      `${kid}.hello`,
      `${kid}.hello.${mac}.extra`,
      '',
      undefined,
    ]) {
      expect(
        await verifySignedValue({ db: database.db, purpose: 'device-cookie', value: bad }),
        String(bad),
      ).toBeNull();
    }
  });

  it('a new key signs from now on; the old one verifies until it is retired', async () => {
    const before = await signValue({ db: database.db, purpose: 'device-cookie', payload: 'old' });
    const oldKid = before.split('.')[0] ?? '';
    const newKid = await rotateSigningKey({ db: database.db, purpose: 'device-cookie' });
    const after = await signValue({ db: database.db, purpose: 'device-cookie', payload: 'new' });
    expect(after.split('.')[0]).toBe(newKid);
    expect(await verifySignedValue({ db: database.db, purpose: 'device-cookie', value: before })).toBe('old');
    expect(await verifySignedValue({ db: database.db, purpose: 'device-cookie', value: after })).toBe('new');

    await retireSigningKey({ db: database.db, id: oldKid });
    expect(await verifySignedValue({ db: database.db, purpose: 'device-cookie', value: before })).toBeNull();
    expect(await verifySignedValue({ db: database.db, purpose: 'device-cookie', value: after })).toBe('new');
  });

  it('once every key is retired, the next signature makes a fresh one', async () => {
    for (const key of await keysOf()) await retireSigningKey({ db: database.db, id: key.id });
    const signed = await signValue({ db: database.db, purpose: 'device-cookie', payload: 'again' });
    expect(await verifySignedValue({ db: database.db, purpose: 'device-cookie', value: signed })).toBe(
      'again',
    );
    expect((await keysOf()).filter((k) => k.retiredAt === null)).toHaveLength(1);
  });
});
