import { createHash } from 'node:crypto';
import type { ParsedLine } from './types.ts';

const normal = (value: string | null) => (value ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A line's identity when the bank gave no transaction id: the same transfer exported again
 * (another file, another layout's spacing or case) has the same fingerprint in the same account.
 */
export function lineFingerprint(account: string, line: ParsedLine): string {
  return createHash('sha256')
    .update(
      [
        account,
        line.bookedOn,
        line.amount,
        line.currency.toUpperCase(),
        normal(line.remark),
        normal(line.payer),
      ].join('\u001f'),
    )
    .digest('hex');
}
