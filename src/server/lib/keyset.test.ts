import { describe, expect, it } from 'vitest';
import { cursorOf, type KeyPart, keyOf } from './keyset.ts';

const PARTS: KeyPart[] = ['date', 'time', 'instant', 'uuid', 'text'];
const KEY = [
  '2031-05-06',
  '24:00:00',
  '2031-05-06T10:00:00.123456Z',
  '0f8b6a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  '2611221234',
];
const made = (...values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

describe('keyset cursors', () => {
  it('gives back the key a cursor was made of, in its order', () => {
    expect(keyOf(cursorOf('departure', KEY), 'departure', PARTS)).toEqual(KEY);
    expect(keyOf(cursorOf('departure', ['2031-05-06', '07:15:30.5']), 'departure', ['date', 'time'])).toEqual(
      ['2031-05-06', '07:15:30.5'],
    );
  });

  it('refuses any value PostgreSQL would refuse, before it reaches a query', () => {
    const swap = (i: number, value: unknown) =>
      made('departure', ...KEY.map((v, j) => (j === i ? value : v)));
    for (const cursor of [
      swap(0, '2031-02-30'),
      swap(0, '06/05/2031'),
      swap(1, '24:00:01'),
      swap(1, '7:15:00'),
      swap(2, '2031-05-06T10:00:60.000000Z'),
      swap(2, '2031-05-06T10:00:00.123Z'),
      swap(3, '0F8B6A3E-1C2D-4E5F-8A9B-0C1D2E3F4A5B '),
      swap(4, 'a\u0000b'),
      swap(4, 'x'.repeat(101)),
      swap(4, 42),
      made('newest', ...KEY),
      made('departure', ...KEY.slice(0, 4)),
      'not base64 json',
    ]) {
      expect(() => keyOf(cursor, 'departure', PARTS), cursor).toThrow(
        expect.objectContaining({ code: 'invalid_cursor', status: 400 }),
      );
    }
  });
});
