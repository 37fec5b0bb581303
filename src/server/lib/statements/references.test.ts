import { describe, expect, it } from 'vitest';
import { referenceCandidates } from './references.ts';

describe('referenceCandidates', () => {
  it('finds a reference however the payer wrote it', () => {
    for (const remark of [
      '2611280042',
      'REF:2611280042',
      'ref 261128-0042',
      '2611 2800 42',
      'booking 261128.0042 thanks',
      'Ref2611280042abc',
      '261128/0042',
      '261128 - 0042',
      '261128–0042',
    ]) {
      expect(referenceCandidates(remark), remark).toEqual(['2611280042']);
    }
  });

  it('gives every distinct 10-digit window of a longer run', () => {
    expect(referenceCandidates('x 002611280042 y')).toEqual(['0026112800', '0261128004', '2611280042']);
    expect(referenceCandidates('1111111111111')).toEqual(['1111111111']);
  });

  it('keeps runs apart that letters separate, and ignores runs shorter than 10 digits', () => {
    expect(referenceCandidates('2611280042 and 2611280043')).toEqual(['2611280042', '2611280043']);
    expect(referenceCandidates('2611280042/inv 2611280043')).toEqual(['2611280042', '2611280043']);
    expect(referenceCandidates('invoice 8841, 26112800 only')).toEqual([]);
    expect(referenceCandidates('')).toEqual([]);
  });

  it('gives at most 20 candidates', () => {
    const long = '1234567890'.repeat(10);
    // A repeated pattern gives few distinct windows, so the reference after it still counts.
    const candidates = referenceCandidates(`${long} ref 2611280042`);
    expect(candidates).toHaveLength(11);
    expect(candidates).toContain('2611280042');
    expect(referenceCandidates('pi 31415926535897932384626433832795028841971')).toHaveLength(20);
  });
});
